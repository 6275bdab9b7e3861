import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { device as deviceOf, listeningServer } from './device';
import { call, newUser, shopWithTeam, type TestServer, type TestUser } from '../server/support';
import { signInCustomer, userRecordFor, Writer } from '../server/customer-shop';

/*
 * The account's language kept by the shop server (docs/sync.md, "The account's preferences"):
 * one person's devices, each its own fake IndexedDB and worker, against a real server. A choice
 * made on one reaches the others when they sign in or next ask; offline it waits; the latest
 * choice wins.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());

/** The devices of the test running, and their account. */
const made: Array<{ d: ReturnType<typeof deviceOf>; uid: string }> = [];
/** A device of `user` that asks the server again at every call (the worker's 60 s, shortened). */
function device(user: TestUser) {
  const d = deviceOf(user, serverUrl, { preferences: { refreshMs: 0, retryMs: 0 } });
  made.push({ d, uid: user.uid });
  return d;
}
type Device = ReturnType<typeof device>;
// Nothing of a test still talks to the server after it: each device's exchange ends and its loops stop.
afterEach(async () => {
  for (const { d, uid } of made.splice(0)) {
    await d.sync.preferences.settled(uid);
    d.sync.stopAll();
  }
});

/** The language in the account's settings as the device's /api answers it (what the app's AccountLanguage follows). */
async function language(d: Device) {
  const { status, body } = await d.api('GET', '/api/settings');
  expect(status).toBe(200);
  return body.settings.preferences.locale as string | null;
}
/** Reads the settings (which asks the server), waits for that exchange, and reads them again. */
async function languageAfterAsking(d: Device, uid: string) {
  await language(d);
  await d.sync.preferences.settled(uid);
  return language(d);
}
const choose = (d: Device, locale: string | null) => d.api('PATCH', '/api/settings', { preferences: { locale } });
const onServer = async (user: TestUser) => (await call(server.app, 'GET', '/v1/me/preferences', user)).body;

describe('the language, one person’s on every device', () => {
  it('chosen on device A (a shop chosen there), device B of the same account gets it when it signs in, and the app is told', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const a = device(admin);
    await a.api('PUT', '/api/sync/shop', { shopId });
    expect(await language(a)).toBeNull();
    expect((await choose(a, 'de')).status).toBe(200);
    await a.sync.preferences.settled(admin.uid);
    expect(await onServer(admin)).toEqual({ preferences: { locale: 'de' }, changedAt: expect.any(String) });

    // B: a new device, the account just signed in (its settings are read first).
    const b = device(admin);
    await b.api('PUT', '/api/sync/shop', { shopId });
    expect(await languageAfterAsking(b, admin.uid)).toBe('de');
    // The app's settings query hears of it (AccountLanguage then switches the screens).
    expect(b.announced).toContain('settings');
    // Out of the shop (its own store answering), the account's language is still the same.
    await b.api('DELETE', '/api/sync/shop');
    expect(await language(b)).toBe('de');
  });

  it('a device in a shop takes a later choice made elsewhere at its next sync', async () => {
    const { shopId, staff } = await shopWithTeam(server.app);
    const a = device(staff);
    const b = device(staff);
    await b.api('PUT', '/api/sync/shop', { shopId });
    expect(await languageAfterAsking(b, staff.uid)).toBeNull();
    await choose(a, 'ar');
    await a.sync.preferences.settled(staff.uid);
    b.announced.length = 0;
    // B's sync of the shop (after a write, a live event, the network back…) asks for the account's language too.
    await b.syncNow(shopId);
    expect(b.announced).toContain('settings');
    expect(await language(b)).toBe('ar');
  });

  it('chosen offline: kept on the device, sent when the network is back; the other device follows', async () => {
    const user = newUser('staff');
    const a = device(user);
    const b = device(user);
    await choose(a, 'es');
    await a.sync.preferences.settled(user.uid);
    a.net.offline = true;
    expect((await choose(a, 'de')).status).toBe(200);
    await a.sync.preferences.settled(user.uid);
    // The device shows its choice at once; the server still has the earlier one.
    expect(await language(a)).toBe('de');
    expect((await onServer(user)).preferences).toEqual({ locale: 'es' });
    expect(await languageAfterAsking(b, user.uid)).toBe('es');
    // Back online (the worker's `online` event).
    a.net.offline = false;
    a.sync.kickAll();
    await a.sync.preferences.settled(user.uid);
    expect((await onServer(user)).preferences).toEqual({ locale: 'de' });
    expect(await languageAfterAsking(b, user.uid)).toBe('de');
    expect(await language(a)).toBe('de');
  });

  it('the latest choice wins: an older offline choice sent later gives way to the one made after it', async () => {
    const user = newUser('staff');
    const a = device(user);
    const b = device(user);
    a.net.offline = true;
    await choose(a, 'ar');
    await a.sync.preferences.settled(user.uid);
    // Later, on B (online).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await choose(b, 'es');
    await b.sync.preferences.settled(user.uid);
    // A comes back: its older choice is not kept, and A follows the later one.
    a.net.offline = false;
    a.sync.kickAll();
    await a.sync.preferences.settled(user.uid);
    expect((await onServer(user)).preferences).toEqual({ locale: 'es' });
    expect(await language(a)).toBe('es');
    expect(await languageAfterAsking(b, user.uid)).toBe('es');
  });

  it('a language chosen on a device before the server kept preferences goes up when the server has none', async () => {
    const user = newUser('staff');
    const a = device(user);
    a.net.offline = true;
    await choose(a, 'de');
    await a.sync.preferences.settled(user.uid);
    // As a device of an older worker: the choice in its settings, no record of it to send.
    await a.databases.get(user.uid).syncState.delete('preferences');
    a.net.offline = false;
    expect(await languageAfterAsking(a, user.uid)).toBe('de');
    expect((await onServer(user)).preferences).toEqual({ locale: 'de' });
  });

  it('another account never gets it', async () => {
    const ann = newUser('ann');
    const bob = newUser('bob');
    const a = device(ann);
    await choose(a, 'ar');
    await a.sync.preferences.settled(ann.uid);
    const b = device(bob);
    expect(await languageAfterAsking(b, bob.uid)).toBeNull();
    expect((await onServer(bob)).preferences).toBeNull();
  });

  it('a customer (the portal, the shop chosen as its customer) has theirs kept too', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const writer = new Writer(server.app, shopId);
    const annUser = newUser('ann');
    const ann = await userRecordFor(writer, admin, annUser, 'Ann');
    await signInCustomer(server.app, shopId, admin, ann.id, annUser);
    const phone = device(annUser);
    const laptop = device(annUser);
    for (const d of [phone, laptop]) expect((await d.api('PUT', '/api/sync/shop', { shopId, role: 'customer', customerId: String(ann.id) })).status).toBe(200);
    await choose(phone, 'es');
    await phone.sync.preferences.settled(annUser.uid);
    expect(await languageAfterAsking(laptop, annUser.uid)).toBe('es');
    // Nothing of it went into the shop's outbox: the preferences are the person's, not the shop's.
    expect(await phone.databases.shopCopy(annUser.uid, shopId).outbox.count()).toBe(0);
  });
});
