import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device as deviceOf, listeningServer, shopOnTwoDevices } from './device';
import { call, productBody, shopWithTeam, userBody, type TestServer, type TestUser } from '../server/support';

/*
 * Conflicts a person can see (docs/sync.md, "Conflicts"): two devices edit the same user's
 * phone, the later one loses it to the earlier, lists it on its Sync page, and can put its value
 * back or dismiss it. Each device is its own fake IndexedDB and SyncHub, over HTTP to the server.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());

const device = (user: TestUser) => deviceOf(user, serverUrl);

type Device = ReturnType<typeof device>;

/** The server's live user `id` (pulled from the start by a client of its own). */
async function serverUser(user: TestUser, shopId: string, id: number) {
  const answer = await call(server.app, 'POST', `/v1/shops/${shopId}/pull`, user, { clientId: `check-${user.uid}`, cookie: 0 });
  const changes = (answer.body as unknown as { changes: Array<{ kind: string; id: unknown; record?: Record<string, unknown> }> }).changes;
  return changes.filter((change) => change.kind === 'users' && change.id === id).at(-1)?.record;
}

/** A shop with user Ann on both devices; A then goes offline and edits Ann's phone, B edits it online first. */
async function lostPhoneEdit() {
  const { shopId, admin, owner, a, b } = await shopOnTwoDevices(server, serverUrl);
  expect((await b.api('POST', '/api/users', userBody('Ann', 'ann@example.com'))).status).toBe(201);
  await b.synced(shopId);
  await a.synced(shopId);
  const annOnA = (await a.api('GET', '/api/users')).body.users[0];
  const annId = annOnA.id as number;

  a.net.offline = true;
  expect((await a.api('PUT', `/api/users?id=${annId}`, { ...annOnA, phone: '+47 555 01 111', address: 'Spain' })).status).toBe(200);
  expect(await a.synced(shopId)).toMatchObject({ online: false, pending: 1 });

  const annOnB = (await b.api('GET', `/api/users?id=${annId}`)).body.user;
  expect((await b.api('PUT', `/api/users?id=${annId}`, { ...annOnB, phone: '+47 555 02 222' })).status).toBe(200);
  await b.synced(shopId);

  a.net.offline = false;
  expect(await a.synced(shopId)).toMatchObject({ online: true, pending: 0 });
  await b.synced(shopId);
  return { shopId, a, b, annId, admin, owner };
}

const ann = async (d: Device, id: number) => (await d.api('GET', `/api/users?id=${id}`)).body.user;

describe('a field edit that lost to another member’s', () => {
  it('is listed on the loser’s device only, with both values, who and when; both devices show the same shop', async () => {
    const { a, b, annId, owner, shopId } = await lostPhoneEdit();
    // Both show the same shop, each change once: the phone stays B's (the earlier change), A's other field applies.
    const users = async (d: Device) => (await d.api('GET', '/api/users?pageSize=100')).body.users;
    expect(await users(a)).toEqual(await users(b));
    expect(await users(a)).toHaveLength(1);
    expect(await ann(a, annId)).toEqual(await ann(b, annId));
    expect(await ann(a, annId)).toMatchObject({ phone: '+47 555 02 222', address: 'Spain' });
    expect(await serverUser(owner, shopId, annId)).toMatchObject({ phone: '+47 555 02 222', address: 'Spain' });

    const { conflicts } = (await a.api('GET', '/api/sync/conflicts')).body;
    expect(conflicts).toEqual([
      expect.objectContaining({ type: 'overwritten', name: 'PUT /api/users', kind: 'users', recordId: annId, field: 'phone', yours: '+47 555 01 111', kept: '+47 555 02 222', by: owner.email, id: expect.any(Number) }),
    ]);
    expect(Date.now() - Date.parse(conflicts[0].at)).toBeLessThan(60_000);
    expect((await b.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
  });

  it('put back: a new write of the loser’s value, which both devices then show; the conflict leaves', async () => {
    const { a, b, annId, owner, shopId } = await lostPhoneEdit();
    const [conflict] = (await a.api('GET', '/api/sync/conflicts')).body.conflicts;
    const putBack = await a.api('POST', `/api/sync/conflicts/${conflict.id}/put-back`);
    expect(putBack.status).toBe(200);
    expect((await ann(a, annId)).phone).toBe('+47 555 01 111');
    expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
    expect(await a.synced(shopId)).toMatchObject({ pending: 0 });
    await b.synced(shopId);
    expect(await ann(b, annId)).toEqual(await ann(a, annId));
    expect(await ann(b, annId)).toMatchObject({ phone: '+47 555 01 111', address: 'Spain' });
    expect(await serverUser(owner, shopId, annId)).toMatchObject({ phone: '+47 555 01 111' });
    // Putting it back was no new conflict on either device.
    expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
    expect((await b.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
  });

  it('dismiss removes it and changes nothing else; bad ids are 400 or 404, never 500', async () => {
    const { a, annId, shopId } = await lostPhoneEdit();
    const [conflict] = (await a.api('GET', '/api/sync/conflicts')).body.conflicts;
    const dismissed = await a.api('DELETE', `/api/sync/conflicts/${conflict.id}`);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.conflict).toMatchObject({ field: 'phone' });
    expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
    expect(await a.synced(shopId)).toMatchObject({ pending: 0 });
    expect((await ann(a, annId)).phone).toBe('+47 555 02 222');

    expect((await a.api('DELETE', `/api/sync/conflicts/${conflict.id}`)).status).toBe(404);
    expect((await a.api('POST', `/api/sync/conflicts/${conflict.id}/put-back`)).status).toBe(404);
    const bad = await a.api('DELETE', '/api/sync/conflicts/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not a sync conflict id/);
    expect((await a.api('POST', '/api/sync/conflicts/1/put-back/more')).status).toBe(404);
    expect((await a.api('GET', `/api/sync/conflicts/${conflict.id}/put-back`)).status).toBe(405);
  });
});

describe('other records a device replaces whole', () => {
  it('a product’s price both changed: the loser lists it; its title change applies', async () => {
    const { shopId, admin, owner } = await shopWithTeam(server.app);
    const a = device(admin);
    const b = device(owner);
    await a.api('PUT', '/api/sync/shop', { shopId });
    await b.api('PUT', '/api/sync/shop', { shopId });
    expect((await b.api('POST', '/api/products', { ...productBody('SKU-M1'), price: 10 })).status).toBe(201);
    await b.synced(shopId);
    await a.synced(shopId);
    const onA = (await a.api('GET', '/api/products')).body.products[0];
    a.net.offline = true;
    expect((await a.api('PUT', `/api/products?id=${onA.id}`, { ...onA, price: 11, title: 'Renamed on A' })).status).toBe(200);
    const onB = (await b.api('GET', `/api/products?id=${onA.id}`)).body.product;
    expect((await b.api('PUT', `/api/products?id=${onA.id}`, { ...onB, price: 12 })).status).toBe(200);
    await b.synced(shopId);
    a.net.offline = false;
    await a.synced(shopId);
    await b.synced(shopId);
    const product = async (d: Device) => (await d.api('GET', `/api/products?id=${onA.id}`)).body.product;
    expect(await product(a)).toEqual(await product(b));
    expect(await product(a)).toMatchObject({ price: 12, title: 'Renamed on A' });
    const { conflicts } = (await a.api('GET', '/api/sync/conflicts')).body;
    expect(conflicts).toEqual([expect.objectContaining({ type: 'overwritten', kind: 'products', recordId: onA.id, field: 'price', yours: 11, kept: 12, by: owner.email })]);
  });

  it('a ticket’s status both changed: the earlier change stands, the loser lists it and can put its status back', async () => {
    const { shopId, admin, owner } = await shopWithTeam(server.app);
    const a = device(admin);
    const b = device(owner);
    await a.api('PUT', '/api/sync/shop', { shopId });
    await b.api('PUT', '/api/sync/shop', { shopId });
    const opened = await b.api('POST', '/api/tickets', { firstName: 'Ines', lastName: 'Okafor', email: 'ines@example.com', productId: null, category: 'contact', subject: 'Hello', message: 'Where is my parcel?' });
    expect(opened.status).toBe(201);
    await b.synced(shopId);
    await a.synced(shopId);
    const id = (await a.api('GET', '/api/tickets')).body.tickets[0].id as number;
    a.net.offline = true;
    expect((await a.api('PATCH', `/api/tickets?id=${id}`, { status: 'closed' })).status).toBe(200);
    expect((await b.api('PATCH', `/api/tickets?id=${id}`, { status: 'pending' })).status).toBe(200);
    await b.synced(shopId);
    a.net.offline = false;
    await a.synced(shopId);
    await b.synced(shopId);
    const ticket = async (d: Device) => (await d.api('GET', `/api/tickets?id=${id}`)).body.ticket;
    expect((await ticket(a)).status).toBe('pending');
    expect(await ticket(a)).toEqual(await ticket(b));
    const { conflicts } = (await a.api('GET', '/api/sync/conflicts')).body;
    expect(conflicts).toEqual([expect.objectContaining({ type: 'overwritten', kind: 'tickets', recordId: id, field: 'status', yours: 'closed', kept: 'pending', by: owner.email })]);

    expect((await a.api('POST', `/api/sync/conflicts/${conflicts[0].id}/put-back`)).status).toBe(200);
    await a.synced(shopId);
    await b.synced(shopId);
    expect((await ticket(b)).status).toBe('closed');
    expect((await ticket(a)).status).toBe('closed');
    expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
  });
});

describe('a refused write', () => {
  it('a refused field edit can be sent again; a refused deletion cannot (409) and stays listed', async () => {
    const { shopId, owner, viewer } = await shopWithTeam(server.app);
    const o = device(owner);
    const v = device(viewer);
    await o.api('PUT', '/api/sync/shop', { shopId });
    await o.api('POST', '/api/users', userBody('Di', 'di@example.com'));
    await o.synced(shopId);
    await v.api('PUT', '/api/sync/shop', { shopId });
    await v.synced(shopId);
    const di = (await v.api('GET', '/api/users')).body.users[0];
    expect((await v.api('PUT', `/api/users?id=${di.id}`, { ...di, name: 'Changed' })).status).toBe(200);
    expect((await v.api('DELETE', `/api/users?id=${di.id}`)).status).toBe(200);
    await v.synced(shopId);
    const { conflicts } = (await v.api('GET', '/api/sync/conflicts')).body;
    expect(conflicts.map((c: { type: string; name: string }) => [c.type, c.name])).toEqual([
      ['refused', 'PUT /api/users'],
      ['refused', 'DELETE /api/users'],
    ]);
    const deletion = conflicts[1];
    const noPutBack = await v.api('POST', `/api/sync/conflicts/${deletion.id}/put-back`);
    expect(noPutBack.status).toBe(409);
    expect(noPutBack.body.message).toMatch(/refused deletion cannot be put back/);

    // The viewer's edit is sent again as a new write: answered locally, refused again by the server.
    const again = await v.api('POST', `/api/sync/conflicts/${conflicts[0].id}/put-back`);
    expect(again.status).toBe(200);
    expect((await ann(v, di.id)).name).toBe('Changed');
    await v.synced(shopId);
    expect((await ann(v, di.id)).name).toBe('Di');
    const after = (await v.api('GET', '/api/sync/conflicts')).body.conflicts;
    // The deletion is still listed; the edit's first refusal left, its second came back.
    expect(after.map((c: { id: number; name: string; code: number }) => [c.name, c.code, c.id === conflicts[0].id])).toEqual([
      ['DELETE /api/users', 403, false],
      ['PUT /api/users', 403, false],
    ]);
  });
});
