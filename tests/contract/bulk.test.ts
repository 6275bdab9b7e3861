import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { seedOrders } from '../../seed/orders';
import type { Order } from '../../domain/schema/order';
import { computeOrderTotals } from '../../domain/orders/order-totals';
import { expectError, expectFieldError, expectedMeta, matchesText, newestFirst, pageOf, qs } from './support/helpers';
import { expectPlausibleHistory } from './support/order-history';

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

const BULK = '/api/orders/bulk';

/** An order as a client sends it to the bulk path: no id, sums optional. */
function newOrder(n: number, overrides: Record<string, unknown> = {}) {
  return {
    invoiceId: `#IN${String(5000 + n).padStart(4, '0')}`,
    createAt: new Date(Date.UTC(2027, 0, 1 + (n % 28), n % 24)).toISOString(),
    deliveredAt: null,
    customer: { id: 2, name: `Bulk Customer ${n}`, email: `bulk${n}@example.com`, phone: '+1 555 0199' },
    billing: '1 Bulk Street',
    shipping: '1 Bulk Street',
    status: (['new', 'pending', 'shipping'] as const)[n % 3],
    payment: { id: 1, paymentMethod: (['Paypal', 'Visa Card'] as const)[n % 2], cardNumber: '**** **** **** 4242' },
    items: [{ id: 1, name: 'Widget', image: '/images/products/1.svg', price: 12.5, quantity: 1 + (n % 3) }],
    taxAmount: 1.25,
    discountAmount: 0,
    shippingChargeAmount: 5,
    ...overrides,
  };
}

async function orderCount(): Promise<number> {
  return (await api.call('GET', '/api/orders')).body.meta.total;
}

describe('POST /api/orders/bulk', () => {
  it('inserts every order in one call: 201 { inserted, firstId, lastId }, ids assigned by the database', async () => {
    const orders = Array.from({ length: 30 }, (_, i) => newOrder(i));
    const res = await api.call('POST', BULK, { orders });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ inserted: 30, firstId: 16, lastId: 45 });
    // Where the call's time went, for the benchmark.
    expect(res.headers.get('server-timing')).toMatch(/^read;dur=\d+\.\d, validate;dur=\d+\.\d, write;dur=\d+\.\d$/);
    expect(await orderCount()).toBe(15 + 30);
    expect(api.changes).toEqual(['orders']);

    // Each order is stored as sent, with its id, the sums computed from its items and (none was sent) a plausible history.
    for (const [i, sent] of orders.entries()) {
      const stored = (await api.call('GET', `/api/orders?id=${16 + i}`)).body.order as Order;
      expect(stored).toEqual({ ...sent, id: 16 + i, ...computeOrderTotals(sent), statusHistory: stored.statusHistory });
      expectPlausibleHistory(stored);
    }
  });

  it('the new orders are listed, searched and filtered like any other', async () => {
    const orders = Array.from({ length: 25 }, (_, i) => newOrder(i));
    // Build the search index first: it must take the bulk insert in.
    expect((await api.call('GET', `/api/orders${qs({ search: 'bulk' })}`)).body.meta.total).toBe(0);
    await api.call('POST', BULK, { orders });

    const all = newestFirst([...seedOrders, ...orders.map((o, i) => ({ ...o, id: 16 + i, ...computeOrderTotals(o) }) as Order)], (o) => o.createAt);
    const withoutHistory = (rows: readonly Order[]) => rows.map(({ statusHistory: _history, ...order }) => order);
    const page1 = await api.call('GET', '/api/orders');
    expect(withoutHistory(page1.body.orders)).toEqual(withoutHistory(pageOf(all, 1)));
    expect(page1.body.meta).toEqual(expectedMeta(1, 40));
    const page3 = await api.call('GET', '/api/orders?page=3');
    expect(page3.body.orders.map((o: Order) => o.id)).toEqual(pageOf(all, 3).map((o) => o.id));

    const searched = all.filter((o) => matchesText('BULK CUSTOMER 1', [o.invoiceId, o.customer.name]));
    const search = await api.call('GET', `/api/orders${qs({ search: 'BULK CUSTOMER 1' })}`);
    expect(withoutHistory(search.body.orders)).toEqual(withoutHistory(pageOf(searched, 1)));
    expect(search.body.meta).toEqual(expectedMeta(1, searched.length));

    const filtered = all.filter((o) => o.status === 'pending' && o.payment.paymentMethod === 'Visa Card');
    const combo = await api.call('GET', `/api/orders${qs({ status: 'pending', payment: 'Visa Card' })}`);
    expect(withoutHistory(combo.body.orders)).toEqual(withoutHistory(pageOf(filtered, 1)));
    expect(combo.body.meta).toEqual(expectedMeta(1, filtered.length));
  });

  it('keeps a history sent with the order, and builds a plausible one for each status when none is sent', async () => {
    const statusHistory = [
      { step: 'placed', at: '2027-01-02T08:00:00.000Z' },
      { step: 'processing', at: '2027-01-02T09:30:00.000Z' },
    ];
    const kept = newOrder(1, { status: 'pending', statusHistory });
    const built = (['new', 'pending', 'shipping', 'delivered', 'return'] as const).map((status, i) =>
      newOrder(10 + i, { status, deliveredAt: status === 'delivered' ? '2027-01-20T16:00:00.000Z' : null }),
    );
    const res = await api.call('POST', BULK, { orders: [kept, ...built] });
    expect(res.status).toBe(201);
    expect((await api.call('GET', `/api/orders?id=${res.body.firstId}`)).body.order.statusHistory).toEqual(statusHistory);
    for (let id = res.body.firstId + 1; id <= res.body.lastId; id++) expectPlausibleHistory((await api.call('GET', `/api/orders?id=${id}`)).body.order);
    // A history with an unknown step is a 400 naming it, and nothing is inserted.
    const bad = await api.call('POST', BULK, { orders: [newOrder(2, { statusHistory: [{ step: 'lost', at: '2027-01-02T08:00:00.000Z' }] })] });
    expectFieldError(bad, 'orders.0.statusHistory.0.step');
    expect(await orderCount()).toBe(15 + 6);
  });

  it('accepts the sums when they match the items (an exported order can be imported as is)', async () => {
    const order = newOrder(1);
    const res = await api.call('POST', BULK, { orders: [{ ...order, ...computeOrderTotals(order) }] });
    expect(res.status).toBe(201);
    expect(res.body.inserted).toBe(1);
  });

  it('a sum that does not match the items is a 400 naming it', async () => {
    const res = await api.call('POST', BULK, { orders: [newOrder(0), { ...newOrder(1), totalAmount: 1 }] });
    expectFieldError(res, 'orders.1.totalAmount');
  });

  it('one invalid order rejects the call: 400 naming its index and field, and nothing is inserted', async () => {
    const orders = Array.from({ length: 10 }, (_, i) => newOrder(i));
    orders[3] = newOrder(3, { customer: { id: 2, name: 'Bad Email', email: 'not-an-email', phone: '+1 555 0199' } });
    const res = await api.call('POST', BULK, { orders });
    expectFieldError(res, 'orders.3.customer.email');
    expect(res.body.issues).toEqual([{ path: 'orders.3.customer.email', message: 'Invalid email address' }]);
    expect(await orderCount()).toBe(15);
    expect(api.changes).toEqual([]);
  });

  it('every bad field is listed; the message names the first few', async () => {
    const orders = Array.from({ length: 12 }, (_, i) => newOrder(i, { status: 'lost' }));
    const res = await api.call('POST', BULK, { orders });
    expectFieldError(res, 'orders.0.status');
    expect(res.body.message).toContain('orders.4.status');
    expect(res.body.message).toContain('and 7 more');
    expect(res.body.issues).toHaveLength(12);
    expect(await orderCount()).toBe(15);
  });

  it('an id in an order is a 400: the database assigns ids', async () => {
    const res = await api.call('POST', BULK, { orders: [newOrder(0), { ...newOrder(1), id: 99 }] });
    expectFieldError(res, 'orders.1');
    expect(res.body.message).toContain('id');
    expect(await orderCount()).toBe(15);
  });

  it.each([
    ['an empty list', { orders: [] }],
    ['no orders field', { items: [newOrder(0)] }],
    ['orders that is not a list', { orders: newOrder(0) }],
    ['an order that is not an object', { orders: ['#IN0001'] }],
    ['an unknown top-level field', { orders: [newOrder(0)], dryRun: true }],
  ])('%s is a 400', async (_what, body) => {
    expectError(await api.call('POST', BULK, body), 400, /^Invalid request/);
    expect(await orderCount()).toBe(15);
  });

  it('more than 5,000 orders in one call is a 400 (send them in chunks)', async () => {
    const order = newOrder(0);
    const res = await api.call('POST', BULK, { orders: Array.from({ length: 5_001 }, () => order) });
    expectFieldError(res, 'orders');
    expect(res.body.message).toContain('5000');
    expect(await orderCount()).toBe(15);
  });

  it('5,000 orders (a body of several MB, over the 1 MB other calls allow) go in one call', async () => {
    const orders = Array.from({ length: 5_000 }, (_, i) => newOrder(i));
    expect(JSON.stringify({ orders }).length).toBeGreaterThan(1_000_000);
    const res = await api.call('POST', BULK, { orders });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ inserted: 5_000, firstId: 16, lastId: 5_015 });
    expect(await orderCount()).toBe(5_015);
  });

  it('ids continue from the highest ever assigned, also after deletes', async () => {
    await api.call('POST', BULK, { orders: [newOrder(0), newOrder(1)] });
    await api.call('DELETE', '/api/orders?id=17');
    const res = await api.call('POST', BULK, { orders: [newOrder(2), newOrder(3), newOrder(4)] });
    expect(res.body).toEqual({ inserted: 3, firstId: 18, lastId: 20 });
  });

  it.each([
    ['no body', undefined],
    ['an empty body', ''],
    ['a body that is not JSON', '{"orders": ['],
    ['a JSON list', '[]'],
  ])("%s is a 400 'Invalid request'", async (_what, body) => {
    expectError(await api.call('POST', BULK, body), 400, /^Invalid request/);
  });

  it('other methods are 405 with Allow: POST', async () => {
    const res = await api.call('GET', BULK);
    expectError(res, 405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
