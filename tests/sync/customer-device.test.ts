import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, listeningServer } from './device';
import { customerRefusal } from '../../domain/sync/customer-writes';
import { orderRow, productOf, reviewBody, signInCustomer, userRecordFor, Writer } from '../server/customer-shop';
import { call, newUser, shopWithTeam, userBody, type TestServer, type TestUser } from '../server/support';

/*
 * A customer's device (docs/sync.md, "Customers"): the worker knows the account's role in the
 * chosen shop (`PUT /api/sync/shop` `{ role: 'customer', customerId }`) and decides each write by
 * the server's rule (customerMutation) over its copy before making it. An allowed write is
 * answered locally and reaches the server; a refused one is answered with the rule's refusal,
 * nothing stored and nothing in the outbox.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());

const payment = { paymentMethod: 'Paypal', cardNumber: '**** 4242' };

/** The server's live records of a kind, as a team member pulls them from cookie 0. */
async function serverRecords(user: TestUser, shopId: string, kind: string) {
  const records = new Map<unknown, Record<string, unknown>>();
  let cookie: number | string | null = 0;
  for (;;) {
    const answer = await call(server.app, 'POST', `/v1/shops/${shopId}/pull`, user, { clientId: `check-${user.uid}`, cookie });
    const body = answer.body as unknown as { cookie: number | string; more: boolean; changes: Array<{ kind: string; id: unknown; record?: Record<string, unknown>; deleted?: true }> };
    for (const change of body.changes) {
      if (change.kind !== kind) continue;
      if (change.deleted) records.delete(change.id);
      else records.set(change.id, change.record!);
    }
    cookie = body.cookie;
    if (!body.more) return [...records.values()];
  }
}

/** A shop with Ann's user record (a delivered order of p1), a published product p1 reviewed by the admin and a draft; Ann signed in on a device of hers that chose the shop as its customer, synced. */
async function customerOnDevice() {
  const team = await shopWithTeam(server.app);
  const { shopId, admin } = team;
  const writer = new Writer(server.app, shopId);
  const annUser = newUser('ann');
  const ann = await userRecordFor(writer, admin, annUser, 'Ann');
  const [p1, draft] = await writer.firstIds(admin, 'admin-setup', [
    { name: 'POST /api/products', body: productOf(`P1-${shopId.slice(0, 6)}`) },
    { name: 'POST /api/products', body: productOf(`D-${shopId.slice(0, 6)}`, 'draft') },
  ]);
  const [adminReview] = await writer.firstIds(admin, 'admin-setup', [{ name: 'POST /api/reviews', body: reviewBody(p1!, 'From the team') }]);
  await writer.applied(admin, 'admin-setup', [{ name: 'POST /api/orders/bulk', body: { orders: [orderRow(ann, 'delivered', [p1!], 1)] } }]);
  await signInCustomer(server.app, shopId, admin, ann.id, annUser);
  const d = device(annUser, serverUrl);
  const chosen = await d.api('PUT', '/api/sync/shop', { shopId, role: 'customer', customerId: String(ann.id) });
  expect(chosen, JSON.stringify(chosen.body)).toMatchObject({ status: 200, body: { shop: { shopId, role: 'customer', customerId: String(ann.id) } } });
  expect((await d.synced(shopId)).pending).toBe(0);
  const copy = d.databases.shopCopy(annUser.uid, shopId);
  return { ...team, writer, ann, annUser, p1: p1!, draft: draft!, adminReview: adminReview!, d, copy };
}

describe('a customer’s device', () => {
  it('holds their slice; places an order for themselves and writes and edits a review, each answered locally and then taken by the server', async () => {
    const { shopId, admin, ann, annUser, p1, d, copy } = await customerOnDevice();
    expect((await d.api('GET', '/api/users')).body.users.map((user: { id: number }) => user.id)).toEqual([ann.id]);
    expect((await d.api('GET', '/api/products')).body.products.map((product: { id: number }) => product.id)).toEqual([p1]);

    d.net.offline = true;
    // No customerId: the rule makes the order theirs.
    const placed = await d.api('POST', '/api/orders', { items: [{ productId: p1, quantity: 2 }], payment });
    expect(placed, JSON.stringify(placed.body)).toMatchObject({ status: 201, body: { order: { status: 'new', customer: { id: ann.id, name: 'Ann', email: ann.email }, items: [{ id: p1, quantity: 2 }] } } });
    const review = await d.api('POST', '/api/reviews', reviewBody(p1, 'Mine'));
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect(review.body.review.user.id).toBe(annUser.uid);
    const edited = await d.api('PUT', `/api/reviews?id=${review.body.review.id}`, { rating: 2, review: 'Mine, edited' });
    expect(edited, JSON.stringify(edited.body)).toMatchObject({ status: 200, body: { review: { rating: 2, review: 'Mine, edited' } } });
    const waiting = await copy.outbox.toArray();
    expect(waiting.map((entry) => entry.name)).toEqual(['POST /api/orders', 'POST /api/reviews', 'PUT /api/reviews']);
    expect(waiting[0]!.body).toMatchObject({ customerId: ann.id, items: [{ productId: p1, quantity: 2 }] });

    d.net.offline = false;
    const status = await d.synced(shopId);
    expect(status.pending).toBe(0);
    expect(await copy.syncConflicts.toArray()).toEqual([]);
    const orders = await serverRecords(admin, shopId, 'orders');
    expect(orders.filter((order) => order.status === 'new')).toEqual([expect.objectContaining({ customer: expect.objectContaining({ id: ann.id }), items: [expect.objectContaining({ id: p1, quantity: 2 })] })]);
    const reviews = await serverRecords(admin, shopId, 'reviews');
    expect(reviews.filter((r) => (r.user as { id: string }).id === annUser.uid)).toEqual([expect.objectContaining({ productId: p1, rating: 2, review: 'Mine, edited' })]);
    // The device shows the server's records (its own order under the server's id and number).
    const shown = (await d.api('GET', '/api/orders')).body.orders as Array<{ id: number; status: string }>;
    expect(shown.filter((order) => order.status === 'new').map((order) => order.id)).toEqual(orders.filter((order) => order.status === 'new').map((order) => order.id));
  });

  it('refuses locally what the rule refuses: 403 for a write no customer sends, 404 for a record not theirs, 403 for another customer’s order; nothing stored, nothing in the outbox', async () => {
    const { shopId, admin, ann, p1, adminReview, d, copy } = await customerOnDevice();
    d.net.offline = true;
    const users = await copy.users.count();

    const newUserWrite = await d.api('POST', '/api/users', userBody('Eve', 'eve@example.com'));
    expect(newUserWrite).toEqual({ status: 403, body: { message: customerRefusal('POST /api/users'), code: 'customerMayNotSend', params: { name: 'POST /api/users' } } });
    expect(await copy.users.count()).toBe(users);

    const product = await d.api('PUT', `/api/products?id=${p1}`, { title: 'Mine now' });
    expect(product.status).toBe(403);
    expect((await d.api('GET', `/api/products?id=${p1}`)).body.product.title).not.toBe('Mine now');

    // The team's review: answered as one that does not exist, and left as it is.
    const before = await copy.reviews.get(adminReview);
    expect(await d.api('PUT', `/api/reviews?id=${adminReview}`, { rating: 1, review: 'Bad' })).toEqual({ status: 404, body: { message: 'Review not found', code: 'reviewNotFound' } });
    expect(await copy.reviews.get(adminReview)).toEqual(before);

    expect((await d.api('POST', '/api/orders', { customerId: ann.id + 1000, items: [{ productId: p1, quantity: 1 }], payment })).status).toBe(403);
    // Their profile: only name, phone, address and image.
    expect((await d.api('PUT', `/api/users?id=${ann.id}`, { email: 'other@example.com' })).status).toBe(403);

    expect(await copy.outbox.count()).toBe(0);
    d.net.offline = false;
    expect((await d.synced(shopId)).pending).toBe(0);
    expect((await serverRecords(admin, shopId, 'users')).map((user) => user.name)).toEqual(['Ann']);
  });

  it('an order placed offline of a product the team unpublishes meanwhile: refused by the server, kept as a refused change, and the product leaves the device', async () => {
    const { shopId, admin, writer, p1, d, copy } = await customerOnDevice();
    d.net.offline = true;
    const placed = await d.api('POST', '/api/orders', { items: [{ productId: p1, quantity: 1 }], payment });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await writer.applied(admin, 'admin', [{ name: 'POST /api/products/bulk-status', body: { ids: [p1], status: 'draft' } }]);
    d.net.offline = false;
    // The refusal resets the pull to a full one, which sends no removal to a customer: the product leaves all the same.
    expect((await d.synced(shopId)).pending).toBe(0);
    const conflicts = (await d.api('GET', '/api/sync/conflicts')).body.conflicts as Array<{ name: string; code: number; message: string }>;
    expect(conflicts).toEqual([expect.objectContaining({ name: 'POST /api/orders', code: 409, message: `Product ${p1} is not for sale` })]);
    expect((await d.api('GET', '/api/products')).body.products).toEqual([]);
    expect((await d.api('GET', '/api/orders')).body.orders.map((order: { status: string }) => order.status)).toEqual(['delivered']);
    expect(await copy.reviews.count()).toBe(0);
  });

  it('edits their profile (the rest of their record kept) and it reaches the server', async () => {
    const { shopId, admin, ann, d, copy } = await customerOnDevice();
    d.net.offline = true;
    const edited = await d.api('PUT', `/api/users?id=${ann.id}`, { name: 'Ann Again', phone: '+47 555 09 999' });
    expect(edited, JSON.stringify(edited.body)).toMatchObject({ status: 200, body: { user: { id: ann.id, name: 'Ann Again', phone: '+47 555 09 999', email: ann.email } } });
    expect(await copy.outbox.count()).toBe(1);
    d.net.offline = false;
    expect((await d.synced(shopId)).pending).toBe(0);
    expect(await serverRecords(admin, shopId, 'users')).toEqual([expect.objectContaining({ id: ann.id, name: 'Ann Again', phone: '+47 555 09 999', email: ann.email })]);
  });
});

describe('PUT /api/sync/shop with a role', () => {
  it('keeps role and customerId; refuses a customer without their record and a record without the role; a row without a role is a team member’s', async () => {
    const { shopId, owner } = await shopWithTeam(server.app);
    const d = device(owner, serverUrl);
    expect((await d.api('PUT', '/api/sync/shop', { shopId, role: 'customer' })).status).toBe(400);
    expect((await d.api('PUT', '/api/sync/shop', { shopId, customerId: '12' })).status).toBe(400);
    expect((await d.api('PUT', '/api/sync/shop', { shopId, role: 'boss' })).status).toBe(400);
    expect((await d.api('PUT', '/api/sync/shop', { shopId, role: 'owner' })).body).toEqual({ shop: { key: 'shop', shopId, role: 'owner' } });
    expect((await d.api('PUT', '/api/sync/shop', { shopId })).body).toEqual({ shop: { key: 'shop', shopId } });
    // As before: a team member's writes are the team's.
    const created = await d.api('POST', '/api/users', userBody('Dee', 'dee@example.com'));
    expect(created.status).toBe(201);
  });
});
