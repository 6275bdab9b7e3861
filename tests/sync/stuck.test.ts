import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStoreLock } from '../../sw/api/storage/sync-write';
import { nextMutationId } from '../../sw/sync/client-state';
import { STUCK_AFTER } from '../../sw/sync/stuck';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { listeningServer, shopOnTwoDevices } from './device';
import { call, userBody, type TestServer, type TestUser } from '../server/support';

/*
 * A device is never silently stuck (docs/sync.md, "Stuck changes"): the oldest waiting change
 * that the real shop server refuses as a whole push (a mutation name it does not know, as an
 * older or newer app version would send) or fails on (a 503, injected on the way) again and
 * again is reported stuck with the server's reason, the changes after it kept; Discard sends
 * them and lists it, Retry sends it once the server takes it. Each device its own fake
 * IndexedDB and SyncHub, over HTTP to the server.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());

type Devices = Awaited<ReturnType<typeof shopOnTwoDevices>>;
type Device = Devices['a'];

const UNKNOWN = 'POST /api/loyalty-cards';

/** The server's live users of the shop, by name (pulled from the start by a client of its own). */
async function serverUsers(user: TestUser, shopId: string) {
  const answer = await call(server.app, 'POST', `/v1/shops/${shopId}/pull`, user, { clientId: `check-${Date.now()}`, cookie: 0 });
  const changes = (answer.body as unknown as { changes: Array<{ kind: string; id: unknown; deleted?: boolean; record?: Record<string, unknown> }> }).changes;
  const live = new Map<unknown, Record<string, unknown> | undefined>();
  for (const change of changes.filter((c) => c.kind === 'users')) live.set(change.id, change.deleted ? undefined : change.record);
  return [...live.values()].flatMap((record) => (record ? [record.name as string] : [])).sort();
}

const userNames = async (d: Device) => ((await d.api('GET', '/api/users?pageSize=100')).body.users as Array<{ name: string }>).map((u) => u.name).sort();

/** A write of another app version in A's outbox, as it would have queued it: the next id, a name this server does not know. */
async function queueUnknownWrite({ a, admin, shopId }: Devices) {
  const copy = a.sync.copyOf(admin.uid, { key: 'shop', shopId });
  await withStoreLock(copy, async () => {
    await copy.outbox.add({ id: await nextMutationId(copy), name: UNKNOWN, query: {}, body: { number: 'LC-1', points: 10 } });
  });
}

/** A stuck on its oldest change, with two users written after it: the writes made offline (their runs count nothing), then STUCK_AFTER syncs. */
async function stuckBehindUnknownWrite() {
  const devices = await shopOnTwoDevices(server, serverUrl);
  const { a, shopId } = devices;
  await a.synced(shopId);
  a.net.offline = true;
  await queueUnknownWrite(devices);
  expect((await a.api('POST', '/api/users', userBody('Cleo', 'cleo@example.com'))).status).toBe(201);
  expect((await a.api('POST', '/api/users', userBody('Dan', 'dan@example.com'))).status).toBe(201);
  expect(await a.synced(shopId)).toMatchObject({ online: false, pending: 3 });
  a.net.offline = false;
  for (let i = 1; i < STUCK_AFTER; i++) {
    const status = await a.synced(shopId);
    expect(status).toMatchObject({ online: true, pending: 3, error: `Unknown mutation name: ${UNKNOWN}` });
    expect(status.stuck).toBeUndefined();
  }
  return devices;
}

describe('a change the server cannot take, oldest in the outbox', () => {
  it(`is stuck after ${STUCK_AFTER} syncs, with the server’s reason; the writes after it are kept, shown, and reach nobody yet`, async () => {
    const { a, b, owner, shopId } = await stuckBehindUnknownWrite();
    const status = await a.synced(shopId);
    expect(status.stuck).toEqual({ mutationId: 1, name: UNKNOWN, query: {}, message: `Unknown mutation name: ${UNKNOWN}`, status: 400, failures: expect.any(Number), since: expect.any(String) });
    expect(status.stuck!.failures).toBeGreaterThanOrEqual(STUCK_AFTER);
    expect(status).toMatchObject({ pending: 3, online: true });
    // Not lost: still on A, still waiting.
    expect(await userNames(a)).toEqual(['Cleo', 'Dan']);
    expect(await serverUsers(owner, shopId)).toEqual([]);
    await b.synced(shopId);
    expect(await userNames(b)).toEqual([]);
    // Another sync: still stuck (it is tried again, alone), one more failure.
    expect((await a.synced(shopId)).stuck!.failures).toBe(status.stuck!.failures + 1);
  });

  it('discarded: the writes after it reach the server and the other device, it is listed as refused (discarded by you), A’s copy matches the server', async () => {
    const { a, b, owner, shopId } = await stuckBehindUnknownWrite();
    expect((await a.synced(shopId)).stuck).toMatchObject({ mutationId: 1 });

    const discarded = await a.api('DELETE', '/api/sync/stuck?mutationId=1');
    expect(discarded.status).toBe(200);
    expect(discarded.body.discarded).toMatchObject({ mutationId: 1, name: UNKNOWN, status: 400 });
    expect(discarded.body.status.stuck).toBeUndefined();

    const after = await a.synced(shopId);
    expect(after).toMatchObject({ pending: 0, online: true });
    expect(after.stuck).toBeUndefined();
    expect(after.error).toBeUndefined();
    expect(await serverUsers(owner, shopId)).toEqual(['Cleo', 'Dan']);
    await b.synced(shopId);
    const users = async (d: Device) => (await d.api('GET', '/api/users?pageSize=100')).body.users;
    expect(await users(a)).toEqual(await users(b));
    expect((await users(a)).every((user: { id: number }) => user.id < PENDING_ID_BASE)).toBe(true);

    const { conflicts } = (await a.api('GET', '/api/sync/conflicts')).body;
    expect(conflicts).toEqual([expect.objectContaining({ type: 'refused', mutationId: 1, name: UNKNOWN, code: 400, message: `Unknown mutation name: ${UNKNOWN}`, discarded: true })]);

    // A's next write, after the ids moved down: its pending ids are new ones, and it is sent.
    expect((await a.api('POST', '/api/users', userBody('Eve', 'eve@example.com'))).status).toBe(201);
    expect(await a.synced(shopId)).toMatchObject({ pending: 0 });
    expect(await serverUsers(owner, shopId)).toEqual(['Cleo', 'Dan', 'Eve']);
  });

  it('discarded creation: a later edit of the record it made is refused and listed; the record leaves A, the other writes go', async () => {
    const devices = await shopOnTwoDevices(server, serverUrl);
    const { a, owner, shopId } = devices;
    await a.synced(shopId);
    // Every push holding Ann's creation fails (a 503 on the way), with the server's Retry-After.
    let annFails = true;
    a.net.intercept = (url, init) => {
      if (!annFails || !url.endsWith('/push') || !String(init?.body).includes('ann@example.com')) return undefined;
      return Response.json({ message: 'The shop database cannot be reached right now; try again shortly' }, { status: 503, headers: { 'retry-after': '1' } });
    };
    a.net.offline = true;
    const ann = await a.api('POST', '/api/users', userBody('Ann', 'ann@example.com'));
    expect(ann.status).toBe(201);
    const annOnA = (await a.api('GET', `/api/users?id=${ann.body.user.id}`)).body.user;
    expect((await a.api('PUT', `/api/users?id=${annOnA.id}`, { ...annOnA, phone: '+47 555 01 111' })).status).toBe(200);
    expect((await a.api('POST', '/api/users', userBody('Bo', 'bo@example.com'))).status).toBe(201);
    a.net.offline = false;
    let status = await a.synced(shopId);
    for (let i = 1; i < STUCK_AFTER; i++) status = await a.synced(shopId);
    expect(status.stuck).toMatchObject({ mutationId: 1, name: 'POST /api/users', status: 503, message: 'The shop database cannot be reached right now; try again shortly' });
    // The server asked to wait: busy, not offline.
    expect(status).toMatchObject({ busy: true, online: true, pending: 3 });

    // The server would take it now, but the person discards it (the push the discard starts goes through).
    annFails = false;
    const discarded = await a.api('DELETE', '/api/sync/stuck');
    expect(discarded.status).toBe(200);
    expect(await a.synced(shopId)).toMatchObject({ pending: 0 });
    expect(await serverUsers(owner, shopId)).toEqual(['Bo']);
    expect(await userNames(a)).toEqual(['Bo']);
    const { conflicts } = (await a.api('GET', '/api/sync/conflicts')).body;
    expect(conflicts).toEqual([
      expect.objectContaining({ name: 'POST /api/users', discarded: true, code: 503 }),
      expect.objectContaining({ type: 'refused', name: 'PUT /api/users', code: expect.any(Number) }),
    ]);
    expect(conflicts[1].discarded).toBeUndefined();
  });

  it('Retry once the server takes it: sent, the stuck state goes, the writes after it follow', async () => {
    const devices = await shopOnTwoDevices(server, serverUrl);
    const { a, b, owner, shopId } = devices;
    await a.synced(shopId);
    let failing = true;
    a.net.intercept = (url) => (failing && url.endsWith('/push') ? Response.json({ message: 'The shop server is busy: too much data in flight' }, { status: 503, headers: { 'retry-after': '2' } }) : undefined);
    a.net.offline = true;
    expect((await a.api('POST', '/api/users', userBody('Fay', 'fay@example.com'))).status).toBe(201);
    expect((await a.api('POST', '/api/users', userBody('Gus', 'gus@example.com'))).status).toBe(201);
    a.net.offline = false;
    for (let i = 0; i < STUCK_AFTER; i++) await a.synced(shopId);
    const stuck = await a.api('GET', '/api/sync/status');
    expect(stuck.body.stuck).toMatchObject({ mutationId: 1, status: 503 });
    expect(stuck.body.retryAt).toEqual(expect.any(String));

    // Retry naming another change: 409; while it still fails: still stuck, one more failure.
    expect((await a.api('POST', '/api/sync/stuck/retry?mutationId=2')).status).toBe(409);
    const again = await a.api('POST', '/api/sync/stuck/retry?mutationId=1');
    expect(again.status).toBe(200);
    expect(again.body.stuck.failures).toBe(stuck.body.stuck.failures + 1);

    failing = false;
    const sent = await a.api('POST', '/api/sync/stuck/retry');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ pending: 0, online: true });
    expect(sent.body.stuck).toBeUndefined();
    expect(await serverUsers(owner, shopId)).toEqual(['Fay', 'Gus']);
    await b.synced(shopId);
    expect(await userNames(b)).toEqual(['Fay', 'Gus']);
    expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
  });

  it('nothing stuck: retry and discard are 404; a malformed id is 400; no shop chosen is 404', async () => {
    const { a, shopId } = await shopOnTwoDevices(server, serverUrl);
    await a.synced(shopId);
    expect((await a.api('POST', '/api/sync/stuck/retry')).status).toBe(404);
    const none = await a.api('DELETE', '/api/sync/stuck');
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/No change is stuck/);
    expect((await a.api('DELETE', '/api/sync/stuck?mutationId=abc')).status).toBe(400);
    expect((await a.api('GET', '/api/sync/stuck')).status).toBe(405);
    await a.api('DELETE', '/api/sync/shop');
    expect((await a.api('DELETE', '/api/sync/stuck')).status).toBe(404);
  });
});

describe('a write too large to share', () => {
  it('is refused by the worker at once in a shared shop (413), so it never waits in the outbox', async () => {
    const { a, admin, shopId } = await shopOnTwoDevices(server, serverUrl);
    await a.synced(shopId);
    const copy = a.sync.copyOf(admin.uid, { key: 'shop', shopId });
    const before = await copy.outbox.count();
    const huge = Array.from({ length: 20_000 }, (_, i) => ({ ...userBody(`Bulk ${i}`, `bulk.${i}@example.com`), address: 'x'.repeat(200) }));
    const answer = await a.api('POST', '/api/users/bulk', { users: huge });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/too large to share with the team/);
    expect(await copy.outbox.count()).toBe(before);
  });
});
