import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { device as deviceOf, listeningServer, shopOnTwoDevices } from './device';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { seedOrders } from '../../seed/orders';
import { FIRST_SYNC_DELAY_MS } from '../../sw/sync/sync-loop';
import { productBody, shopWithTeam, userBody, type TestServer, type TestUser } from '../server/support';

/*
 * Pull and rebase (docs/sync.md, "Pull"): a device whose writes wait in its outbox still takes
 * the team's changes in, and shows them with its waiting writes on top, against a real shop
 * server and PostgreSQL. Each device is its own fake IndexedDB and SyncHub, over HTTP.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer({ pullPageSize: 5 }));
});
afterAll(() => server?.close());

const device = (user: TestUser) => deviceOf(user, serverUrl);
type Device = ReturnType<typeof device>;

const { id: _id, subTotalAmount: _s, totalAmount: _t, ...orderFields } = seedOrders.find((order) => order.status === 'pending') ?? seedOrders[0]!;

const one = async (d: Device, kind: string, singular: string, id: number | string) => {
  const answer = await d.api('GET', `/api/${kind}?id=${encodeURIComponent(String(id))}`);
  return answer.status === 200 ? answer.body[singular] : undefined;
};
const all = async (d: Device, kind: string) => (await d.api('GET', `/api/${kind}?pageSize=100`)).body[kind] as Array<Record<string, unknown>>;

/** A shop with user Ann, product P and a pending order, on both devices. */
async function sharedShop() {
  const { shopId, admin, a, b } = await shopOnTwoDevices(server, serverUrl);
  expect((await b.api('POST', '/api/users', userBody('Ann', 'ann@example.com'))).status).toBe(201);
  expect((await b.api('POST', '/api/products', productBody('SKU-P1'))).status).toBe(201);
  expect((await b.api('POST', '/api/orders/bulk', { orders: [orderFields] })).status).toBe(201);
  await b.synced(shopId);
  await a.synced(shopId);
  const [ann] = await all(a, 'users');
  const [product] = await all(a, 'products');
  const [order] = await all(a, 'orders');
  return { shopId, a, b, admin, annId: ann!.id as number, productId: product!.id as number, orderId: order!.id as number };
}

describe('a device with writes waiting', () => {
  it('takes the team’s changes in while its push keeps failing, its waiting writes shown on top; then both converge', async () => {
    const { shopId, a, b, admin, annId, productId, orderId } = await sharedShop();

    // The server answers A's pushes with 502 (a failing proxy); A goes on working.
    a.net.failPushes = 1_000;
    const annOnA = await one(a, 'users', 'user', annId);
    expect((await a.api('PUT', `/api/users?id=${annId}`, { ...annOnA, phone: '+47 555 01 111' })).status).toBe(200);
    expect((await a.api('PATCH', `/api/orders?id=${orderId}`, { status: 'new' })).status).toBe(200);
    expect((await a.api('DELETE', `/api/products?id=${productId}`)).status).toBe(200);
    const bob = await a.api('POST', '/api/users', userBody('Bob', 'bob@example.com'));
    expect(bob.body.user.id).toBeGreaterThanOrEqual(PENDING_ID_BASE);
    const activityBefore = (await a.api('GET', '/api/activity?pageSize=100')).body;
    // The runs the writes started have failed at their push (and found nothing new to pull).
    await a.sync.loopFor(admin.uid, { key: 'shop', shopId }).settled();

    // B renames Ann, ships the order and changes the product's price.
    const annOnB = await one(b, 'users', 'user', annId);
    expect((await b.api('PUT', `/api/users?id=${annId}`, { ...annOnB, name: 'Ann Berg' })).status).toBe(200);
    expect((await b.api('PATCH', `/api/orders?id=${orderId}`, { status: 'shipping' })).status).toBe(200);
    const productOnB = await one(b, 'products', 'product', productId);
    expect((await b.api('PUT', `/api/products?id=${productId}`, { ...productOnB, price: 99 })).status).toBe(200);
    await b.synced(shopId);

    // A's sync fails at the push but still pulls: B's changes are in, A's waiting writes on top.
    a.announced.length = 0;
    const failed = await a.synced(shopId);
    expect(failed).toMatchObject({ pending: 4, error: 'Bad gateway' });
    expect(failed.lastSyncAt).not.toBeNull();
    expect(await one(a, 'users', 'user', annId)).toMatchObject({ name: 'Ann Berg', phone: '+47 555 01 111' });
    // A's hold of the order cannot follow B's shipping: A shows the server's status.
    expect(await one(a, 'orders', 'order', orderId)).toMatchObject({ status: 'shipping' });
    // The product A deleted stays deleted, though B's change brought it back in the page.
    expect(await all(a, 'products')).toEqual([]);
    // The user A created waits under its pending id.
    expect((await all(a, 'users')).map((user) => user.name).sort()).toEqual(['Ann Berg', 'Bob']);
    expect(a.announced).toEqual(expect.arrayContaining(['users', 'orders', 'products']));
    // Running writes again logs nothing: the activity list is as it was.
    expect((await a.api('GET', '/api/activity?pageSize=100')).body).toEqual(activityBefore);

    // The server answers again: each waiting write once, the refused one listed, both devices the same.
    a.net.failPushes = 0;
    expect(await a.synced(shopId)).toMatchObject({ pending: 0, online: true });
    expect(await b.synced(shopId)).toMatchObject({ pending: 0 });
    for (const kind of ['users', 'products', 'orders']) expect(await all(a, kind)).toEqual(await all(b, kind));
    expect(await one(b, 'users', 'user', annId)).toMatchObject({ name: 'Ann Berg', phone: '+47 555 01 111' });
    expect((await all(b, 'users')).every((user) => (user.id as number) < PENDING_ID_BASE)).toBe(true);
    expect(await all(b, 'products')).toEqual([]);
    expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([expect.objectContaining({ type: 'refused', name: 'PATCH /api/orders', code: 409 })]);
  });

  it('does not run again a write the server applied though its answer was lost', async () => {
    const { shopId, a, b, admin } = await sharedShop();
    const opened = await b.api('POST', '/api/tickets', { firstName: 'Ines', lastName: 'Okafor', email: 'ines@example.com', productId: null, category: 'contact', subject: 'Hello', message: 'Where is my parcel?' });
    expect(opened.status).toBe(201);
    await b.synced(shopId);
    await a.synced(shopId);
    const ticketId = (await all(a, 'tickets'))[0]!.id as number;

    // The server applies A's reply, but A gets a 502: the reply still waits on A.
    a.net.failPushes = 1;
    a.net.failedPushesReachServer = true;
    expect((await a.api('POST', `/api/tickets/${ticketId}/replies`, { message: 'On its way' })).status).toBe(201);
    // The run the write started: its push fails, its pull brings the ticket with the reply.
    const loop = a.sync.loopFor(admin.uid, { key: 'shop', shopId });
    await loop.settled();
    expect(await loop.status()).toMatchObject({ pending: 1, error: 'Bad gateway' });
    // The pulled ticket has the reply already: it is not added again over it.
    const replies = async (d: Device) => ((await one(d, 'tickets', 'ticket', ticketId)).replies as Array<{ message: string }>).map((reply) => reply.message);
    expect(await replies(a)).toEqual(['On its way']);

    // The next push is answered (skipped: applied before); nothing doubles anywhere.
    expect(await a.synced(shopId)).toMatchObject({ pending: 0, online: true });
    await b.synced(shopId);
    expect(await replies(a)).toEqual(['On its way']);
    expect(await one(a, 'tickets', 'ticket', ticketId)).toEqual(await one(b, 'tickets', 'ticket', ticketId));
  });
});

describe('a fresh worker', () => {
  it('answers its first call before its loop’s first sync, which follows FIRST_SYNC_DELAY_MS later', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const a = device(admin);
    await a.api('PUT', '/api/sync/shop', { shopId });
    a.net.requests.length = 0;
    a.net.sentAt.length = 0;
    // The first call of the copy starts its loop; the loop has sent nothing when the call is answered,
    const started = performance.now();
    expect((await a.api('GET', '/api/users')).status).toBe(200);
    expect(a.net.requests).toEqual([]);
    // and sends its first request (the push's or the pull's) FIRST_SYNC_DELAY_MS after it started.
    await vi.waitFor(() => expect(a.net.requests.some((url) => url.endsWith('/pull'))).toBe(true), { timeout: 5_000 });
    expect(a.net.sentAt[0]! - started).toBeGreaterThanOrEqual(FIRST_SYNC_DELAY_MS - 5);
    // That sync ends before the server closes (afterAll).
    await a.sync.loopFor(admin.uid, { key: 'shop', shopId }).settled();
  });
});
