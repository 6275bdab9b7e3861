import { describe, it, expect, beforeEach } from 'vitest';
import { existsSync } from 'node:fs';
import { createTestApi } from './support/harness';
import { expectError, freezeClock, NOW } from './support/helpers';
import { seedOrders } from '../../seed/orders';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import { orderStore } from '../../sw/api/orders/store/order-store';
import type { AppNotification } from '../../domain/contract/notification';

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

const notificationsOf = async (query = ''): Promise<AppNotification[]> => {
  const res = await api.call('GET', `/api/notifications${query}`);
  expect(res.status).toBe(200);
  return res.body.notifications;
};
const ids = (list: readonly AppNotification[]) => list.map((n) => n.id);
const groupOf = (list: readonly AppNotification[], group: AppNotification['group']) => list.filter((n) => n.group === group);

/** What the seed gives, worked out here from the seed rows: each event with its date, newest first. */
const seedEvents = [
  ...seedOrders.filter((o) => o.status === 'new' || o.status === 'pending').map((o) => ({ id: `order-${o.id}`, at: o.createAt })),
  ...seedProducts.filter((p) => p.stock <= 5).map((p) => ({ id: `stock-${p.id}`, at: p.createdAt })),
  ...seedReviews.map((r) => ({ id: `review-${r.id}`, at: r.createdAt })),
].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? -1 : 1));

/** An order as the bulk path takes it. */
function newOrder(createAt: string, status: string, invoiceId: string) {
  return {
    invoiceId,
    createAt,
    deliveredAt: null,
    customer: { id: 2, name: 'Nora Newcomer', email: 'nora@example.com', phone: '+1 555 0100' },
    billing: '1 Main Street',
    shipping: '1 Main Street',
    status,
    payment: { id: 1, paymentMethod: 'Paypal', cardNumber: '**** 4242' },
    items: [{ id: 1, name: 'Widget', image: '/images/products/1.svg', price: 20, quantity: 2 }],
    taxAmount: 0,
    discountAmount: 0,
    shippingChargeAmount: 0,
  };
}

/** The app route file a `to` path lands on (TanStack file routes under src/routes/_authenticated). */
function routeFileOf(to: string): string {
  const path = to
    .replace(/^\/orders\/\d+$/, 'orders/$id.tsx')
    .replace(/^\/products\/\d+$/, 'products/$id/index.tsx')
    .replace(/^\/products\/\d+\/overview$/, 'products/$id/overview.tsx');
  return `src/routes/_authenticated/${path}`;
}

describe('GET /api/notifications', () => {
  it('answers the seeded events of every group, newest first, each with a stable id and a real app path', async () => {
    const list = await notificationsOf('?limit=50');
    expect(seedEvents.length).toBeLessThanOrEqual(50);
    expect(ids(list)).toEqual(seedEvents.map((e) => e.id));
    expect(list.map((n) => n.at)).toEqual(seedEvents.map((e) => e.at));
    for (const group of ['orders', 'stock', 'reviews'] as const) expect(groupOf(list, group).length, group).toBeGreaterThan(0);

    const order = seedOrders.find((o) => o.status === 'new')!;
    expect(list.find((n) => n.id === `order-${order.id}`)).toMatchObject({ group: 'orders', to: `/orders/${order.id}`, title: `New order ${order.invoiceId}` });
    const outOfStock = seedProducts.find((p) => p.stock === 0)!;
    expect(list.find((n) => n.id === `stock-${outOfStock.id}`)).toMatchObject({ group: 'stock', to: `/products/${outOfStock.id}`, title: `${outOfStock.title} is out of stock` });
    const review = seedReviews[0]!;
    expect(list.find((n) => n.id === `review-${review.id}`)).toMatchObject({ group: 'reviews', to: `/products/${review.productId}/overview` });
    // No delivered, shipping or returned order, no product with more than 5 in stock.
    const shown = new Set(ids(list));
    for (const o of seedOrders.filter((o) => o.status !== 'new' && o.status !== 'pending')) expect(shown.has(`order-${o.id}`)).toBe(false);
    for (const p of seedProducts.filter((p) => p.stock > 5)) expect(shown.has(`stock-${p.id}`)).toBe(false);

    for (const n of list) {
      expect(n.title.length).toBeGreaterThan(0);
      expect(n.body.length).toBeGreaterThan(0);
      expect(existsSync(routeFileOf(n.to)), n.to).toBe(true);
    }
    // Stable: asked again, the same list.
    expect(await notificationsOf('?limit=50')).toEqual(list);
  });

  it('answers 10 by default, and exactly `limit` when asked', async () => {
    expect(ids(await notificationsOf())).toEqual(seedEvents.slice(0, 10).map((e) => e.id));
    expect(ids(await notificationsOf('?limit=1'))).toEqual([seedEvents[0]!.id]);
    expect(ids(await notificationsOf('?limit=3'))).toEqual(seedEvents.slice(0, 3).map((e) => e.id));
  });

  it('a limit outside 1–50 or not a whole number is a 400 naming limit', async () => {
    for (const limit of ['0', '51', 'abc', '1.5', '-1', '']) {
      const res = await api.call('GET', `/api/notifications?limit=${limit}`);
      expectError(res, 400, /^Invalid request: limit/);
      expect(res.body.issues.map((i: { path: string }) => i.path), limit).toEqual(['limit']);
    }
  });

  it('a group switched off in the settings is left out; the others stay', async () => {
    const all = await notificationsOf('?limit=50');
    const switches = { orders: true, stock: true, reviews: true, security: true, newsletters: false, meetups: false };
    for (const group of ['orders', 'stock', 'reviews'] as const) {
      expect((await api.call('PATCH', '/api/settings', { notifications: { ...switches, [group]: false } })).status).toBe(200);
      const list = await notificationsOf('?limit=50');
      expect(groupOf(list, group), group).toEqual([]);
      expect(ids(list)).toEqual(ids(all.filter((n) => n.group !== group)));
    }
    const off = { ...switches, orders: false, stock: false, reviews: false };
    expect((await api.call('PATCH', '/api/settings', { notifications: off })).status).toBe(200);
    expect(await notificationsOf()).toEqual([]);
  });
});

describe('GET /api/notifications after writes', () => {
  freezeClock();

  it('a new order added through the API comes first; a shipping one does not show', async () => {
    const res = await api.call('POST', '/api/orders/bulk', {
      orders: [newOrder(new Date(Date.parse(NOW) - 60_000).toISOString(), 'shipping', '#IN9001'), newOrder(NOW, 'new', '#IN9002')],
    });
    expect(res.status).toBe(201);
    const list = await notificationsOf();
    expect(list[0]).toEqual({
      id: `order-${res.body.lastId}`,
      group: 'orders',
      title: 'New order #IN9002',
      body: 'Nora Newcomer · 2 items · $40.00',
      // The same words as data, for the app to word in the reader's language.
      text: { kind: 'order', status: 'new', invoiceId: '#IN9002', customer: 'Nora Newcomer', items: 2, amount: 40 },
      at: NOW,
      to: `/orders/${res.body.lastId}`,
    });
    expect(ids(list)).not.toContain(`order-${res.body.firstId}`);
    expect(ids(list).slice(1)).toEqual(seedEvents.slice(0, 9).map((e) => e.id));

    // Once it ships, it is no longer an event.
    expect((await api.call('PATCH', `/api/orders?id=${res.body.lastId}`, { status: 'shipping' })).status).toBe(200);
    expect(ids(await notificationsOf())).toEqual(seedEvents.slice(0, 10).map((e) => e.id));
  });

  it('a product whose stock drops to 5 shows, dated by that write; restocked, it goes', async () => {
    const product = seedProducts.find((p) => p.stock > 5)!;
    const { id: _id, createdAt: _createdAt, rating: _rating, totalReviews: _totalReviews, ...fields } = product;
    expect((await api.call('PUT', `/api/products?id=${product.id}`, { ...fields, stock: 5 })).status).toBe(200);
    const [first] = await notificationsOf();
    expect(first).toEqual({ id: `stock-${product.id}`, group: 'stock', title: `${product.title} is low on stock`, body: `5 left · ${product.code}`, text: { kind: 'stock', product: product.title, stock: 5, code: product.code }, at: NOW, to: `/products/${product.id}` });

    expect((await api.call('PUT', `/api/products?id=${product.id}`, { ...fields, stock: 6 })).status).toBe(200);
    expect(ids(await notificationsOf('?limit=50'))).not.toContain(`stock-${product.id}`);
  });

  it('a new review comes first', async () => {
    const res = await api.call('POST', '/api/reviews', { productId: 3, rating: 5, review: 'Sturdy and handsome.' });
    expect(res.status).toBe(201);
    const [first] = await notificationsOf();
    const title = seedProducts.find((p) => p.id === 3)!.title;
    expect(first).toEqual({ id: `review-${res.body.review.id}`, group: 'reviews', title: `5★ review of ${title}`, body: 'Test Admin: Sturdy and handsome.', text: { kind: 'review', rating: 5, product: title, reviewer: 'Test Admin', excerpt: 'Sturdy and handsome.' }, at: NOW, to: '/products/3/overview' });
  });
});

describe('GET /api/notifications reads orders through the index', () => {
  it('with thousands of orders, a call reads a few order blocks, not every one', async () => {
    const old = Array.from({ length: 1_500 }, (_, i) => newOrder(new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString(), i % 2 ? 'new' : 'delivered', `#IN${20_000 + i}`));
    expect((await api.call('POST', '/api/orders/bulk', { orders: old })).status).toBe(201);
    const blocks = await api.db.orderBlocks.count();
    expect(blocks).toBeGreaterThan(15);
    const store = orderStore(api.db);
    await notificationsOf('?limit=50'); // builds the index once (as the orders list does)
    const before = store.stats.blocksRead;
    const list = await notificationsOf('?limit=50');
    expect(groupOf(list, 'orders').length).toBeGreaterThan(0);
    expect(store.stats.blocksRead - before).toBeLessThanOrEqual(2);
    // A write empties nothing but the written block: the next call reads at most a block or two.
    expect((await api.call('POST', '/api/orders/bulk', { orders: [newOrder(new Date().toISOString(), 'pending', '#IN99999')] })).status).toBe(201);
    const after = store.stats.blocksRead;
    expect((await notificationsOf())[0]!.title).toBe('Order #IN99999 is pending');
    expect(store.stats.blocksRead - after).toBeLessThanOrEqual(2);
  });
});
