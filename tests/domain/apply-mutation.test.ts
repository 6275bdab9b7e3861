import { describe, expect, it } from 'vitest';
import { mutationNames, mutationRole, uniqueKeyOf } from '../../domain/sync/apply-mutation';
import type { Mutation, MutationContext, ShopRecord } from '../../domain/sync/mutation';
import { isPendingId, mapPendingIds, PENDING_ID_BASE } from '../../domain/sync/pending';
import { seedInvoices } from '../../seed/invoices';
import { seedOrders } from '../../seed/orders';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import { newProductBody } from '../contract/support/helpers';
import { seedTickets } from '../../seed/tickets';
import { seedUsers } from '../../seed/users';
import { applyAndCommit, memoryShop, refusalOf, type MemoryShop } from './support/memory-shop';

const NOW = '2026-11-26T12:00:00.000Z';
const ctx: MutationContext = { now: NOW, caller: { uid: 'uid-a', email: 'a@example.com', name: 'Ada', picture: null } };
const asRecords = (rows: readonly object[]) => rows as unknown as ShopRecord[];

function seededShop() {
  return memoryShop({
    users: asRecords(seedUsers),
    products: asRecords(seedProducts),
    reviews: asRecords(seedReviews),
    orders: asRecords(seedOrders),
    invoices: asRecords(seedInvoices),
    tickets: asRecords(seedTickets(Date.parse(NOW))),
  });
}

let nextId = 1;
const mutation = (name: string, body: unknown = {}, query: Record<string, string> = {}): Mutation => ({ id: nextId++, name, query, body });

const run = (shop: MemoryShop, m: Mutation) => applyAndCommit(shop, m, ctx);
const refusal = (shop: MemoryShop, m: Mutation) => refusalOf(shop, m, ctx);

const userBody = { name: 'Grace Hopper', email: 'grace@example.com', role: 'Buyer', status: 'verified', address: 'US', phone: '+1 555 0100' };

describe('applyMutation (the writes the shop server applies)', () => {
  it('knows every mutation name and the least role for it; an unknown name is a 400', async () => {
    expect(mutationNames.length).toBeGreaterThan(30);
    expect(mutationRole('PATCH /api/orders')).toBe('staff');
    expect(mutationRole('POST /api/reviews')).toBe('staff');
    expect(mutationRole('POST /api/tickets/:id/replies')).toBe('staff');
    expect(mutationRole('PUT /api/products')).toBe('admin');
    expect(mutationRole('DELETE /api/users')).toBe('admin');
    expect(mutationRole('GET /api/users')).toBeUndefined();
    expect(mutationRole('__proto__')).toBeUndefined();
    expect(mutationRole('constructor')).toBeUndefined();
    expect((await refusal(seededShop(), mutation('POST /api/nothing'))).status).toBe(400);
  });

  it('creates with the server\'s ids and numbers, replaces, deletes and restores', async () => {
    const shop = seededShop();
    const created = await run(shop, mutation('POST /api/users', userBody));
    expect(created.status).toBe(201);
    expect(created.created).toEqual([{ kind: 'users', id: 15 }]);
    expect(created.answer).toEqual({ user: { ...userBody, id: 15, createAt: NOW, image: '/images/avatars/default.svg' } });

    const user = (created.answer as { user: Record<string, unknown> }).user;
    const replaced = await run(shop, mutation('PUT /api/users', { ...user, phone: '+1 555 0199' }, { id: '15' }));
    expect((replaced.answer as { user: { phone: string } }).user.phone).toBe('+1 555 0199');
    const refused = await refusal(shop, mutation('PUT /api/users', { ...user, createAt: '2001-01-01T00:00:00.000Z' }, { id: '15' }));
    expect(refused.message).toMatch(/createAt is set by the server/);

    const invoice = seedInvoices[0]!;
    const { id: _id, subTotal: _s, tax: _t, totalAmount: _a, ...invoiceFields } = invoice;
    const newInvoice = await run(shop, mutation('POST /api/invoices', { ...invoiceFields, products: invoice.products.map(({ total: _total, ...line }) => line) }));
    // The invoice counter starts at 0 here: the numbers the seed holds are skipped, none is overwritten.
    expect(newInvoice.created).toEqual([{ kind: 'invoices', id: `INV-0${seedInvoices.length + 1}` }]);
    expect(shop.live('invoices').filter((row) => row.id === 'INV-001')).toEqual([invoice]);

    const removed = await run(shop, mutation('DELETE /api/products', {}, { id: '1' }));
    const reviewsOf1 = seedReviews.filter((review) => review.productId === 1);
    expect(reviewsOf1.length).toBeGreaterThan(0);
    expect(removed.changes.filter((change) => change.kind === 'reviews')).toHaveLength(reviewsOf1.length);
    expect(shop.live('reviews').some((review) => review.productId === 1)).toBe(false);
    const restored = await run(shop, mutation('POST /api/products/restore', { ids: [1] }));
    expect(restored.changes.filter((change) => change.kind === 'reviews')).toHaveLength(reviewsOf1.length);
    expect(shop.live('reviews').filter((review) => review.productId === 1)).toEqual(reviewsOf1);
    expect((await refusal(shop, mutation('POST /api/products/restore', { ids: [1] }))).status).toBe(409);
  });

  it('refuses an order status a concurrent change made impossible, and records a possible one in the history', async () => {
    const shop = seededShop();
    const order = seedOrders.find((o) => o.status === 'new')!;
    await run(shop, mutation('PATCH /api/orders', { status: 'shipping' }, { id: String(order.id) }));
    await run(shop, mutation('PATCH /api/orders', { status: 'delivered' }, { id: String(order.id) }));
    const late = await refusal(shop, mutation('PATCH /api/orders', { status: 'pending' }, { id: String(order.id) }));
    expect([late.status, late.message]).toEqual([409, `Order ${order.id} is delivered and cannot become pending: it can become return`]);
    const stored = shop.live('orders').find((o) => o.id === order.id)!;
    expect((stored.statusHistory as Array<{ step: string }>).map((entry) => entry.step).slice(-2)).toEqual(['shipped', 'delivered']);
  });

  it('imports orders with the shop\'s numbers, whatever number they bring', async () => {
    const shop = seededShop();
    const { id: _id, statusHistory: _h, ...copy } = seedOrders[0]!;
    const result = await run(shop, mutation('POST /api/orders/bulk', { orders: [copy, copy] }));
    const made = shop.live('orders').filter((o) => result.created.some((c) => c.id === o.id));
    // The numbers the seed holds (#IN0001…#IN0015) are skipped.
    expect(made.map((o) => o.invoiceId)).toEqual(['#IN0016', '#IN0017']);
    expect(made.map((o) => o.id)).toEqual([seedOrders.length + 1, seedOrders.length + 2]);
  });

  it('reviews keep their product\'s rating; tickets check what they name; files are checked as uploads', async () => {
    const shop = seededShop();
    const review = await run(shop, mutation('POST /api/reviews', { productId: 2, rating: 5, review: 'Great.' }));
    const product = (review.answer as { product: { rating: number; totalReviews: number } }).product;
    expect(product.totalReviews).toBe(seedReviews.filter((r) => r.productId === 2).length + 1);
    expect((await refusal(shop, mutation('POST /api/reviews', { productId: 999, rating: 5, review: 'x' }))).status).toBe(404);
    // A review that leaves the rounded mean where it is still counts, in the stored product.
    const made = await run(shop, mutation('POST /api/products', newProductBody()));
    const newId = (made.answer as { product: { id: number } }).product.id;
    const stored = () => shop.live('products').find((p) => p.id === newId);
    await run(shop, mutation('POST /api/reviews', { productId: newId, rating: 4, review: 'Good.' }));
    expect(stored()).toMatchObject({ rating: 4, totalReviews: 1 });
    await run(shop, mutation('POST /api/reviews', { productId: newId, rating: 4, review: 'Good too.' }));
    expect(stored()).toMatchObject({ rating: 4, totalReviews: 2 });

    const ticketBody = { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', category: 'billing', subject: 'Where', message: 'Is it?' };
    expect((await refusal(shop, mutation('POST /api/tickets', { ...ticketBody, productId: 999 }))).issues).toEqual([{ path: 'productId', message: 'Product not found' }]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]).toString('base64');
    const fileId = '0b9c2f5e-8f7c-4b6f-9d43-5a3c1d2e4f60';
    await run(shop, mutation('POST /api/files', { id: fileId, type: 'image/png', data: png }));
    const ticket = await run(shop, mutation('POST /api/tickets', { ...ticketBody, attachmentFileId: fileId }));
    expect(ticket.status).toBe(201);
    expect((await refusal(shop, mutation('POST /api/tickets', { ...ticketBody, attachmentFileId: fileId }))).message).toMatch(/already attached/);
    const html = Buffer.from('<html>').toString('base64');
    expect((await refusal(shop, mutation('POST /api/files', { id: '1b9c2f5e-8f7c-4b6f-9d43-5a3c1d2e4f60', type: 'image/png', data: html }))).status).toBe(415);
  });

  it('product codes are unique in any case (uniqueKeyOf), and a refused write changes nothing', async () => {
    const shop = seededShop();
    const taken = seedProducts[0]!;
    expect(uniqueKeyOf('products', { id: 1, code: '  SKU-Ab ' })).toBe('sku-ab');
    expect(uniqueKeyOf('users', { id: 1 })).toBeUndefined();
    const { id: _id, ...copy } = taken;
    const before = shop.live('products');
    expect((await refusal(shop, mutation('POST /api/products', copy))).status).toBe(409);
    const other = seedProducts[1]!;
    expect((await refusal(shop, mutation('PUT /api/products', { ...other, code: taken.code }, { id: String(other.id) }))).message).toBe(`A product with code "${taken.code}" already exists`);
    expect(shop.live('products')).toEqual(before);
    // Its own code sent back is no conflict.
    expect((await run(shop, mutation('PUT /api/products', { ...other, stock: 3 }, { id: String(other.id) }))).status).toBe(200);
  });
});

describe('pending ids (records a device created before the server saw them)', () => {
  it('are numbers from 2^50 (invoices: INV- and such a number), never a server id', () => {
    expect(isPendingId(PENDING_ID_BASE)).toBe(true);
    expect(isPendingId(PENDING_ID_BASE - 1)).toBe(false);
    expect(isPendingId(`INV-${PENDING_ID_BASE + 3}`)).toBe(true);
    expect(isPendingId('INV-020')).toBe(false);
    expect(isPendingId('7')).toBe(false);
  });

  it('are replaced wherever a mutation names them; an unknown one is a 404', () => {
    const pendingUser = PENDING_ID_BASE + 1;
    const pendingProduct = PENDING_ID_BASE + 2;
    const resolve = (kind: string, id: unknown) => (kind === 'users' && id === pendingUser ? 15 : kind === 'products' && id === pendingProduct ? 16 : undefined);
    const put = mapPendingIds(mutation('PUT /api/users', { id: pendingUser, name: 'x' }, { id: String(pendingUser) }), resolve);
    expect([put.query.id, (put.body as { id: number }).id]).toEqual(['15', 15]);
    const review = mapPendingIds(mutation('POST /api/reviews', { productId: pendingProduct, rating: 4, review: 'ok' }), resolve);
    expect((review.body as { productId: number }).productId).toBe(16);
    const invoice = mapPendingIds(mutation('POST /api/invoices', { customer: { id: pendingUser }, products: [{ id: pendingProduct }, { id: null }] }), resolve);
    expect(invoice.body).toEqual({ customer: { id: 15 }, products: [{ id: 16 }, { id: null }] });
    const order = mapPendingIds(mutation('POST /api/orders', { customerId: pendingUser, items: [{ productId: 1, quantity: 1 }, { productId: pendingProduct, quantity: 2 }] }), resolve);
    expect(order.body).toEqual({ customerId: 15, items: [{ productId: 1, quantity: 1 }, { productId: 16, quantity: 2 }] });
    const bulk = mapPendingIds(mutation('POST /api/users/bulk-delete', { ids: [3, pendingUser] }), resolve);
    expect(bulk.body).toEqual({ ids: [3, 15] });
    expect(() => mapPendingIds(mutation('DELETE /api/users', {}, { id: String(PENDING_ID_BASE + 9) }), resolve)).toThrow(/never created on the server/);
  });

  it('mapping pending ids leaves the mutation given as it was, and copies only the objects on the way to them', () => {
    const pendingUser = PENDING_ID_BASE + 1;
    const pendingProduct = PENDING_ID_BASE + 2;
    const resolve = (kind: string, id: unknown) => (kind === 'users' && id === pendingUser ? 15 : kind === 'products' && id === pendingProduct ? 16 : undefined);
    const notes = { lines: Array.from({ length: 3 }, (_, i) => ({ line: i })) };
    const body = { customer: { id: pendingUser }, products: [{ id: pendingProduct }, { id: 2 }], notes };
    const given = mutation('POST /api/invoices', body);
    const before = structuredClone(given);
    const mapped = mapPendingIds(given, resolve);
    expect(given).toEqual(before);
    expect(mapped.body).toMatchObject({ customer: { id: 15 }, products: [{ id: 16 }, { id: 2 }] });
    // What names no pending id is the same object, not a copy of it.
    expect((mapped.body as typeof body).notes).toBe(notes);
    const order = mutation('POST /api/orders', { customerId: 3, items: [{ productId: pendingProduct, quantity: 1 }] });
    const orderBefore = structuredClone(order);
    expect((mapPendingIds(order, resolve).body as { items: unknown[] }).items).toEqual([{ productId: 16, quantity: 1 }]);
    expect(order).toEqual(orderBefore);
  });
});
