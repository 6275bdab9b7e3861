import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../sw/api/storage/db';
import { handleApiRequest } from '../../sw/api/router';
import { decodeBlock } from '../../sw/api/orders/store/order-blocks';
import { periodContext, percent, round, series, stat, type PeriodContext } from '../../sw/api/dashboards/period';
import { orderStatusOptions, paymentMethodOptions } from '../../seed/lookups';
import { seedProducts } from '../../seed/products';
import { seedUsers } from '../../seed/users';
import type { Order, OrderStatus } from '../../domain/schema/order';
import { canMoveOrder, orderTransitions } from '../../domain/orders/transitions';
import type { User } from '../../domain/schema/user';
import type { AnalyticsDashboard, SalesDashboard } from '../../domain/schema/dashboard';
import { random, type Random } from '../unit/support/random-orders';
import { TEST_CALLER } from './support/harness';

// The sales and analytics dashboards answer from figures stored in `derived` and kept by each
// write (orders/order-aggregates.ts, storage/user-countries.ts). Here a random mix of API
// writes runs, then every figure of both dashboards, for each period, is compared with the
// same figure computed by a full scan of the stored orders and users (written out plainly
// below), in the worker that made the writes and in a restarted one.

const NOW = '2030-06-15T12:00:00.000Z';
const STATUSES = ['delivered', 'shipping', 'new', 'pending', 'return'] as const;
const METHODS = ['Credit Card', 'Paypal', 'Visa Card', 'Master Card'] as const;
const ADDRESSES = ['Japan', 'France', '1 Main St, Springfield, United States', 'Nairobi, Kenya', 'Lima, Peru'];

/** An API on a database (a restarted worker: a new database object on the same IndexedDB). */
function apiOn(db: ShopDb) {
  return async <T,>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    const res = await handleApiRequest(new Request(`http://localhost${path}`, init), db, {}, TEST_CALLER);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

/** A bulk-import order: a seed customer, seed products, a date within two years before NOW (sometimes a day or two after). */
function randomOrder(r: Random) {
  const customer = r.pick(seedUsers);
  const created = Date.parse(NOW) - r.int(760) * 86_400_000 + (r.int(60) - 10) * 3_600_000 + r.int(4) * 1000;
  return {
    invoiceId: `#IN${String(5000 + r.int(5000))}`,
    createAt: new Date(created).toISOString(),
    deliveredAt: null,
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    billing: '1 Main Street',
    shipping: '1 Main Street',
    status: r.pick(STATUSES),
    payment: { id: 1, paymentMethod: r.pick(METHODS), cardNumber: '**** 4242' },
    items: Array.from({ length: 1 + r.int(3) }, () => {
      const product = r.pick(seedProducts.slice(0, 6));
      return { id: product.id, name: product.title, image: product.featureImage, price: product.price, quantity: 1 + r.int(4) };
    }),
    taxAmount: r.int(3) * 2.5,
    discountAmount: 0,
    shippingChargeAmount: r.pick([0, 5]),
  };
}

function randomUser(r: Random) {
  return { name: `User ${r.int(1000)}`, email: `u${r.int(1_000_000)}@example.com`, role: 'Buyer', status: 'verified', address: r.pick(ADDRESSES), phone: '+1 555 0100' };
}

/** Runs `count` random writes through the API (each checked to succeed). */
async function randomWrites(call: ReturnType<typeof apiOn>, r: Random, count: number): Promise<void> {
  const trashedOrders: number[] = [];
  const trashedUsers: number[] = [];
  const orderIds = async () => (await call<{ ids: number[] }>('GET', '/api/orders/ids')).body.ids;
  const userIds = async () => (await call<{ ids: number[] }>('GET', '/api/users/ids')).body.ids;
  const statusOf = async (id: number) => (await call<{ order: { status: OrderStatus } }>('GET', `/api/orders?id=${id}`)).body.order.status;
  const expectOk = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  for (let n = 0; n < count; n++) {
    const kind = r.int(11);
    const ids = kind <= 6 ? await orderIds() : await userIds();
    const some = (k: number) => [...new Set(Array.from({ length: 1 + r.int(k) }, () => r.pick(ids)))];
    if (kind === 0 || ids.length === 0) {
      expectOk(await call('POST', '/api/orders/bulk', { orders: Array.from({ length: 1 + r.int(25) }, () => randomOrder(r)) }));
    } else if (kind === 1) {
      // A new customer, new items or a new status: each moves different figures.
      // A status change goes where the order's status may go (domain/orders/transitions.ts).
      const other = randomOrder(r);
      const id = r.pick(ids);
      const next = orderTransitions[await statusOf(id)];
      const patch = r.pick([{ status: next.length > 0 ? r.pick(next) : undefined }, { customer: other.customer }, { items: other.items }, { payment: other.payment }]);
      expectOk(await call('PATCH', `/api/orders?id=${id}`, 'status' in patch && patch.status === undefined ? { payment: other.payment } : patch));
    } else if (kind === 2) {
      const status = r.pick(STATUSES);
      const movable = [];
      for (const id of some(4)) if (canMoveOrder(await statusOf(id), status)) movable.push(id);
      if (movable.length > 0) expectOk(await call('POST', '/api/orders/bulk-status', { ids: movable, status }));
    } else if (kind === 3) {
      const id = r.pick(ids);
      expectOk(await call('DELETE', `/api/orders?id=${id}`));
      trashedOrders.push(id);
    } else if (kind === 4) {
      const wanted = some(4);
      expectOk(await call('POST', '/api/orders/bulk-delete', { ids: wanted }));
      trashedOrders.push(...wanted);
    } else if (kind === 5 && trashedOrders.length > 0) {
      expectOk(await call('POST', '/api/orders/restore', { ids: trashedOrders.splice(0, 1 + r.int(trashedOrders.length)) }));
    } else if (kind === 6) {
      expectOk(await call('POST', '/api/orders/bulk', { orders: [randomOrder(r)] }));
    } else if (kind === 7) {
      expectOk(await call('POST', '/api/users', randomUser(r)));
    } else if (kind === 8) {
      const id = r.pick(ids);
      expectOk(await call('PUT', `/api/users?id=${id}`, randomUser(r)));
    } else if (kind === 9) {
      const wanted = some(3);
      expectOk(await call('POST', '/api/users/bulk-delete', { ids: wanted }));
      trashedUsers.push(...wanted);
    } else if (trashedUsers.length > 0) {
      expectOk(await call('POST', '/api/users/restore', { ids: trashedUsers.splice(0, 1 + r.int(trashedUsers.length)) }));
    } else {
      expectOk(await call('POST', '/api/users/bulk', { users: Array.from({ length: 1 + r.int(5) }, () => randomUser(r)) }));
    }
  }
}

// ---------------------------------------------------------------------------------------
// The figures by full scan.

const ms = (o: Order) => Date.parse(o.createAt);
const cents = (amount: number) => Math.round(amount * 100);
const inside = (orders: readonly Order[], range: { from: string; to: string }) => orders.filter((o) => ms(o) >= Date.parse(range.from) && ms(o) < Date.parse(range.to));

function windowScan(all: readonly Order[], range: { from: string; to: string }) {
  const orders = inside(all, range);
  const perCustomer = new Map<number, number>();
  for (const o of orders) perCustomer.set(o.customer.id, (perCustomer.get(o.customer.id) ?? 0) + 1);
  const firstOrder = new Map<number, number>();
  for (const o of all) firstOrder.set(o.customer.id, Math.min(firstOrder.get(o.customer.id) ?? Infinity, ms(o)));
  const total = orders.reduce((sum, o) => sum + cents(o.totalAmount), 0);
  return {
    orders,
    cents: total,
    customers: perCustomer.size,
    repeat: [...perCustomer.values()].filter((n) => n >= 2).length,
    newCustomers: [...firstOrder.values()].filter((t) => t >= Date.parse(range.from) && t < Date.parse(range.to)).length,
    returning: [...perCustomer.keys()].filter((c) => firstOrder.get(c)! < Date.parse(range.from)).length,
  };
}

const countBy = <T,>(items: readonly T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const slicesOf = (options: ReadonlyArray<{ value: string; title: string }>, counts: Map<string, number>) =>
  options.map((option) => ({ key: option.value, label: option.title, value: counts.get(option.value) ?? 0 }));

function recentScan(all: readonly Order[], ctx: PeriodContext) {
  return [...inside(all, ctx.range)]
    .sort((a, b) => ms(b) - ms(a) || b.id - a.id)
    .slice(0, 5)
    .map((o) => ({ id: o.id, invoiceId: o.invoiceId, customer: o.customer.name, createAt: o.createAt, totalAmount: o.totalAmount, status: o.status }));
}

const revenueSeries = (all: readonly Order[], ctx: PeriodContext) =>
  series(ctx, (bucket) => inside(all, { from: new Date(bucket.from).toISOString(), to: new Date(bucket.to).toISOString() }).reduce((sum, o) => sum + cents(o.totalAmount), 0) / 100);

function salesScan(all: readonly Order[], ctx: PeriodContext): Omit<SalesDashboard, 'period' | 'range' | 'previousRange'> {
  const current = windowScan(all, ctx.range);
  const previous = windowScan(all, ctx.previousRange);
  const rate = (w: typeof current) => round(percent(w.repeat, w.customers), 1);
  const average = (w: typeof current) => (w.orders.length === 0 ? 0 : w.cents / w.orders.length / 100);
  const products = new Map<number, { quantity: number; cents: number; name: string; image: string }>();
  for (const o of current.orders) {
    for (const item of o.items) {
      const p = products.get(item.id) ?? { quantity: 0, cents: 0, name: item.name, image: item.image };
      p.quantity += item.quantity;
      p.cents += cents(item.price) * item.quantity;
      products.set(item.id, p);
    }
  }
  return {
    revenue: stat(current.cents / 100, previous.cents / 100),
    repeatPurchaseRate: stat(rate(current), rate(previous)),
    averageOrderValue: stat(average(current), average(previous)),
    newCustomers: stat(current.newCustomers, previous.newCustomers),
    earnings: revenueSeries(all, ctx),
    statusMix: slicesOf(orderStatusOptions, countBy(current.orders, (o) => o.status)),
    topProducts: [...products.entries()]
      .sort(([idA, a], [idB, b]) => b.cents - a.cents || b.quantity - a.quantity || idA - idB)
      .slice(0, 5)
      .map(([id, p]) => ({ id, name: p.name, image: p.image, quantity: p.quantity, revenue: p.cents / 100 })),
    recentOrders: recentScan(all, ctx),
  };
}

function analyticsScan(all: readonly Order[], users: readonly User[], ctx: PeriodContext): Omit<AnalyticsDashboard, 'period' | 'range' | 'previousRange'> {
  const current = windowScan(all, ctx.range);
  const previous = windowScan(all, ctx.previousRange);
  const returning = (w: typeof current) => round(percent(w.returning, w.customers), 1);
  const countries = countBy(
    users.filter((u) => u.address.split(',').pop()!.trim() !== ''),
    (u) => u.address.split(',').pop()!.trim(),
  );
  return {
    customers: stat(current.customers, previous.customers),
    orders: stat(current.orders.length, previous.orders.length),
    revenue: stat(current.cents / 100, previous.cents / 100),
    returningCustomerRate: stat(returning(current), returning(previous)),
    revenueSeries: revenueSeries(all, ctx),
    byPaymentMethod: slicesOf(paymentMethodOptions, countBy(current.orders, (o) => o.payment.paymentMethod)),
    byStatus: slicesOf(orderStatusOptions, countBy(current.orders, (o) => o.status)),
    latestOrders: recentScan(all, ctx),
    customersByCountry: [...countries.entries()]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 10)
      .map(([country, customers]) => ({ country, customers })),
  };
}

/** Every dashboard answer of both shop dashboards for each period equals its full-scan figures. */
async function expectScanFigures(db: ShopDb): Promise<void> {
  const call = apiOn(db);
  const orders = (await db.orderBlocks.toArray()).flatMap(decodeBlock);
  const users = await db.users.toArray();
  for (const period of ['week', 'month', 'year'] as const) {
    const ctx = periodContext(period);
    const sales = await call<SalesDashboard>('GET', `/api/dashboards/sales?period=${period}`);
    expect(sales.status).toBe(200);
    expect(sales.body).toMatchObject(salesScan(orders, ctx));
    const analytics = await call<AnalyticsDashboard>('GET', `/api/dashboards/analytics?period=${period}`);
    expect(analytics.status).toBe(200);
    expect(analytics.body).toMatchObject(analyticsScan(orders, users, ctx));
  }
}

beforeEach(() => {
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sales and analytics from stored aggregates equal a full scan', () => {
  for (const seed of [11, 12, 13]) {
    it(`after random order and user writes (seed ${seed}), in the worker that made them and after a restart`, async () => {
      const indexedDB = new IDBFactory();
      const name = `consistency-${seed}`;
      const db = new ShopDb(name, { indexedDB, IDBKeyRange });
      const r = random(seed * 7919);
      const call = apiOn(db);
      // A first import, then dashboards read (their cache in use), then more writes.
      expect((await call('POST', '/api/orders/bulk', { orders: Array.from({ length: 150 }, () => randomOrder(r)) })).status).toBe(201);
      await expectScanFigures(db);
      await randomWrites(call, r, 40);
      await expectScanFigures(db);
      db.close();
      await expectScanFigures(new ShopDb(name, { indexedDB, IDBKeyRange }));
    });
  }

  it('an account whose derived records are gone gets the same figures (built on first use)', async () => {
    const indexedDB = new IDBFactory();
    const db = new ShopDb('consistency-upgrade', { indexedDB, IDBKeyRange });
    const r = random(4242);
    const call = apiOn(db);
    await db.derived.clear();
    expect((await call('POST', '/api/orders/bulk', { orders: Array.from({ length: 120 }, () => randomOrder(r)) })).status).toBe(201);
    await randomWrites(call, r, 10);
    db.close();
    const restarted = new ShopDb('consistency-upgrade', { indexedDB, IDBKeyRange });
    await expectScanFigures(restarted);
    await randomWrites(apiOn(restarted), r, 15);
    await expectScanFigures(restarted);
  });
});
