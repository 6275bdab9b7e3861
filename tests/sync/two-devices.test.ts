import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountDatabases, handleAccountRequest } from '../../sw/api/session';
import { SyncHub } from '../../sw/sync/sync-hub';
import { device as deviceOf, listeningServer } from './device';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { seedOrders } from '../../seed/orders';
import { call, productBody, PROJECT_ID, shopWithTeam, tokenFor, userBody, type TestServer, type TestUser } from '../server/support';

/*
 * The worker's sync against a real shop server and PostgreSQL: two devices, each its own fake
 * IndexedDB and SyncHub, talk to the server over HTTP (fetch) as the worker does.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer({ pullPageSize: 7 }));
});
afterAll(() => server?.close());

/** One device of `user`: its databases, its sync, a switch to cut it off the server, and calls through the worker's session. */
const device = (user: TestUser) => deviceOf(user, serverUrl);

/** What a device shows of the shop through /api: users, products, orders (sorted by id). */
async function shown(d: ReturnType<typeof device>) {
  const users = (await d.api('GET', '/api/users?pageSize=100')).body.users;
  const products = (await d.api('GET', '/api/products?pageSize=100')).body.products;
  const orders = (await d.api('GET', '/api/orders?pageSize=100')).body.orders;
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  return { users: users.sort(byId), products: products.sort(byId), orders: orders.sort(byId) };
}

/** The server's live records of a kind (pulled from cookie 0 by a client of its own). */
async function serverRecords(user: TestUser, shopId: string, kind: string) {
  const records = new Map<unknown, unknown>();
  let cookie: number | string | null = 0;
  for (;;) {
    const answer = await call(server.app, 'POST', `/v1/shops/${shopId}/pull`, user, { clientId: `check-${user.uid}`, cookie });
    const body = answer.body as unknown as { cookie: number | string; more: boolean; changes: Array<{ kind: string; id: unknown; record?: unknown; deleted?: true }> };
    for (const change of body.changes) {
      if (change.kind !== kind) continue;
      if (change.deleted) records.delete(change.id);
      else records.set(change.id, change.record);
    }
    cookie = body.cookie;
    if (!body.more) return [...records.values()] as Array<Record<string, unknown>>;
  }
}

const { id: _id, subTotalAmount: _s, totalAmount: _t, ...orderFields } = seedOrders.find((order) => order.status === 'pending') ?? seedOrders[0]!;

describe('two devices sharing a shop', () => {
  it('A works offline, B online; after A reconnects both show the server’s records, each change once, pending ids replaced', async () => {
    const { shopId, admin, owner } = await shopWithTeam(server.app);
    const a = device(admin);
    const b = device(owner);
    expect((await a.api('PUT', '/api/sync/shop', { shopId })).status).toBe(200);
    expect((await b.api('PUT', '/api/sync/shop', { shopId })).status).toBe(200);

    // A shared shop's copy starts empty (no sample data) and fills from the server.
    const ann = await b.api('POST', '/api/users', userBody('Ann', 'ann@example.com'));
    expect(ann.status).toBe(201);
    const order = await b.api('POST', '/api/orders/bulk', { orders: [orderFields] });
    expect(order.status).toBe(201);
    expect(await b.synced(shopId)).toMatchObject({ pending: 0, online: true });
    await a.synced(shopId);
    const annId = (await a.api('GET', '/api/users?pageSize=100')).body.users[0].id as number;
    const orderId = (await a.api('GET', '/api/orders?pageSize=100')).body.orders[0].id as number;
    expect(annId).toBeLessThan(PENDING_ID_BASE);
    expect(orderId).toBeLessThan(PENDING_ID_BASE);

    // A is cut off: its writes are answered at once from its copy and wait in its outbox.
    a.net.offline = true;
    const bob = await a.api('POST', '/api/users', userBody('Bob', 'bob@example.com'));
    expect(bob.status).toBe(201);
    expect(bob.body.user.id).toBeGreaterThanOrEqual(PENDING_ID_BASE);
    // A edits the user it just created (named by its pending id) and B's order.
    expect((await a.api('PUT', `/api/users?id=${bob.body.user.id}`, { ...bob.body.user, phone: '+47 555 00 001' })).status).toBe(200);
    expect((await a.api('PATCH', `/api/orders?id=${orderId}`, { status: 'shipping' })).status).toBe(200);
    const offline = await a.synced(shopId);
    expect(offline).toMatchObject({ online: false, pending: 3 });

    // B, online, creates a product and edits Ann.
    expect((await b.api('POST', '/api/products', productBody('SKU-B1'))).status).toBe(201);
    const annOnB = (await b.api('GET', `/api/users?id=${annId}`)).body.user;
    expect((await b.api('PUT', `/api/users?id=${annId}`, { ...annOnB, phone: '+47 555 00 002' })).status).toBe(200);
    await b.synced(shopId);

    // A reconnects.
    a.net.offline = false;
    expect(await a.synced(shopId)).toMatchObject({ online: true, pending: 0 });
    await b.synced(shopId);

    const onA = await shown(a);
    const onB = await shown(b);
    expect(onA).toEqual(onB);
    expect(onA.users.map((u: { name: string }) => u.name).sort()).toEqual(['Ann', 'Bob']);
    expect(onA.users.every((u: { id: number }) => u.id < PENDING_ID_BASE)).toBe(true);
    expect(onA.users.find((u: { name: string }) => u.name === 'Bob').phone).toBe('+47 555 00 001');
    expect(onA.orders).toHaveLength(1);
    expect(onA.orders[0].status).toBe('shipping');
    expect(onA.products.map((p: { code: string }) => p.code)).toEqual(['SKU-B1']);
    // Both equal the server's records.
    const byId = (x: Record<string, unknown>, y: Record<string, unknown>) => Number(x.id) - Number(y.id);
    expect(onA.users).toEqual((await serverRecords(owner, shopId, 'users')).sort(byId));
    expect(onA.products).toEqual((await serverRecords(owner, shopId, 'products')).sort(byId));
    expect(onA.orders).toEqual((await serverRecords(owner, shopId, 'orders')).sort(byId));
  });

  it('a push whose answer was lost is resent and applied exactly once', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const a = device(admin);
    await a.api('PUT', '/api/sync/shop', { shopId });
    await a.synced(shopId);
    a.net.dropAnswers = 1;
    expect((await a.api('POST', '/api/users', userBody('Cy', 'cy@example.com'))).status).toBe(201);
    // The write's own push lost its answer; the retry resends the same mutation, which the server skips.
    expect(await a.synced(shopId)).toMatchObject({ pending: 0, online: true });
    expect(a.net.requests.filter((url) => url.endsWith('/push')).length).toBeGreaterThanOrEqual(2);
    expect((await serverRecords(admin, shopId, 'users')).map((u) => u.name)).toEqual(['Cy']);
    expect((await a.api('GET', '/api/users')).body.users.map((u: { name: string }) => u.name)).toEqual(['Cy']);
  });

  it('a write the server refuses is kept as a conflict and the copy returns to the server’s state', async () => {
    const { shopId, owner, viewer } = await shopWithTeam(server.app);
    const v = device(viewer);
    const o = device(owner);
    await o.api('PUT', '/api/sync/shop', { shopId });
    await o.api('POST', '/api/users', userBody('Di', 'di@example.com'));
    await o.synced(shopId);
    await v.api('PUT', '/api/sync/shop', { shopId });
    await v.synced(shopId);
    const di = (await v.api('GET', '/api/users')).body.users[0];
    expect((await v.api('PUT', `/api/users?id=${di.id}`, { ...di, name: 'Changed' })).status).toBe(200);
    expect((await v.api('POST', '/api/users', userBody('Eve', 'eve@example.com'))).status).toBe(201);
    expect(await v.synced(shopId)).toMatchObject({ pending: 0 });
    const users = (await v.api('GET', '/api/users')).body.users;
    expect(users.map((u: { name: string }) => u.name)).toEqual(['Di']);
    const { conflicts } = (await v.api('GET', '/api/sync/conflicts')).body;
    expect(conflicts.map((c: { name: string; code: number }) => [c.name, c.code])).toEqual([
      ['PUT /api/users', 403],
      ['POST /api/users', 403],
    ]);
  });

  it('a record created offline can be found under its server id by its pending one (a page open on it follows it)', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const a = device(admin);
    await a.api('PUT', '/api/sync/shop', { shopId });
    a.net.offline = true;
    // The shop server numbers invoices: a shop's copy names no next id for the form.
    expect((await a.api('GET', '/api/invoices/next-id')).body).toEqual({ id: null });
    const fay = (await a.api('POST', '/api/users', userBody('Fay', 'fay@example.com'))).body.user;
    expect(fay.id).toBeGreaterThanOrEqual(PENDING_ID_BASE);
    expect((await a.api('GET', `/api/sync/moved?kind=users&id=${fay.id}`)).status).toBe(404);
    a.net.offline = false;
    expect(await a.synced(shopId)).toMatchObject({ pending: 0 });
    expect((await a.api('GET', `/api/users?id=${fay.id}`)).status).toBe(404);
    const moved = await a.api('GET', `/api/sync/moved?kind=users&id=${fay.id}`);
    expect(moved.status).toBe(200);
    expect(moved.body.id).toBeLessThan(PENDING_ID_BASE);
    expect((await a.api('GET', `/api/users?id=${moved.body.id}`)).body.user.name).toBe('Fay');
    expect((await a.api('GET', '/api/sync/moved?kind=users')).status).toBe(400);
    expect((await a.api('GET', `/api/sync/moved?kind=products&id=${fay.id}`)).status).toBe(404);
  });

  it('Background Sync: a stopped worker’s waiting changes are pushed when the browser starts a sync', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const a = device(admin);
    await a.api('PUT', '/api/sync/shop', { shopId });
    await a.synced(shopId);
    a.net.offline = true;
    expect((await a.api('POST', '/api/users', userBody('Gus', 'gus@example.com'))).status).toBe(201);
    expect(await a.synced(shopId)).toMatchObject({ online: false, pending: 1 });
    expect(a.net.backgroundSyncAsked).toBeGreaterThan(0);
    a.sync.stopAll(); // the worker stops; the browser, back online, starts a new one for the sync event
    const woken = new SyncHub(a.databases, {
      serverUrl,
      tokenFor: async () => tokenFor(admin),
      live: false,
      retryMs: 60_000,
      listDatabases: async () => (await a.indexedDB.databases()).flatMap((info) => (info.name ? [info.name] : [])),
    });
    await woken.syncWaiting();
    expect((await serverRecords(admin, shopId, 'users')).map((u) => u.name)).toEqual(['Gus']);
    expect(await woken.loopFor(admin.uid, { key: 'shop', shopId }).status()).toMatchObject({ pending: 0, online: true });
    woken.stopAll();
  });
});

describe('the token a sync sends', () => {
  const asker = (admin: TestUser) => {
    const state = { tabOpen: false, asks: 0 };
    const databases = new AccountDatabases({ indexedDB: new IDBFactory(), IDBKeyRange });
    const hub = new SyncHub(databases, {
      serverUrl,
      tokenFor: async () => {
        state.asks++;
        return state.tabOpen ? tokenFor(admin) : null;
      },
      live: false,
      retryMs: 60_000,
    });
    const ask = (token: string, method: string, path: string, body?: unknown) =>
      handleAccountRequest(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) }), {
        projectId: PROJECT_ID,
        databases,
        sync: hub,
      });
    return { state, hub, ask };
  };

  it('is the one the account’s last /api call carried, while fresh: no tab is asked (a loading tab never answers)', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const { state, hub, ask } = asker(admin);
    expect((await ask(tokenFor(admin), 'PUT', '/api/sync/shop', { shopId })).status).toBe(200);
    const loop = hub.loopFor(admin.uid, { key: 'shop', shopId });
    await loop.settled();
    const status = await loop.status();
    expect(status).toMatchObject({ online: true, pending: 0 });
    expect(status.lastSyncAt).not.toBeNull();
    expect(state.asks).toBe(0);
    hub.stopAll();
  });

  it('is asked of a tab when the calls’ token is about to expire; with none, the sync runs again at the next call', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const { state, hub, ask } = asker(admin);
    const expiring = tokenFor(admin, PROJECT_ID, 60); // a minute left: not fresh enough to send
    expect((await ask(expiring, 'PUT', '/api/sync/shop', { shopId })).status).toBe(200);
    const loop = hub.loopFor(admin.uid, { key: 'shop', shopId });
    await loop.settled();
    expect(await loop.status()).toMatchObject({ online: false, error: 'No signed-in tab to ask for a token' });
    expect(state.asks).toBe(1);
    // A tab of the account asks for something (a read: no write kicks the sync).
    state.tabOpen = true;
    expect((await ask(expiring, 'GET', '/api/users')).status).toBe(200);
    await loop.settled();
    const status = await loop.status();
    expect(status).toMatchObject({ online: true, pending: 0 });
    expect(status.lastSyncAt).not.toBeNull();
    expect(state.asks).toBe(2);
    hub.stopAll();
  });

});

describe('without a shop server', () => {
  it('the embedded default sends nothing anywhere', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const databases = new AccountDatabases({ indexedDB: new IDBFactory(), IDBKeyRange });
    const token = tokenFor({ uid: 'alone', email: 'alone@example.com' });
    const ask = (method: string, path: string, body?: unknown) =>
      handleAccountRequest(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) }), { projectId: PROJECT_ID, databases });
    expect((await ask('POST', '/api/users', userBody('Solo', 'solo@example.com'))).status).toBe(201);
    expect(await (await ask('GET', '/api/sync/status')).json()).toEqual({ configured: false, online: true, pending: 0, lastSyncAt: null });
    expect(await databases.get('alone').outbox.count()).toBe(0);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
