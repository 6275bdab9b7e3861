import { describe, it, expect, beforeEach, vi } from 'vitest';
import { createTestApi } from './support/harness';
import { seedOrders } from '../../seed/orders';
import type { Order } from '../../domain/schema/order';
import { orderStore } from '../../sw/api/orders/store/order-store';
import { NOW, byId, expectError, freezeClock, round2 } from './support/helpers';
import { expectPlausibleHistory } from './support/order-history';

// Issue 10: an order's timeline is built from its recorded status changes; the summary cards
// and the monthly chart are counted from the stored orders.

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

const getOrder = async (id: number): Promise<Order> => (await api.call('GET', `/api/orders?id=${id}`)).body.order;
const steps = (order: Order) => (order.statusHistory ?? []).map((entry) => entry.step);
const timeline = (id: number | string, body: unknown = { step: 'out-for-delivery' }) => api.call('POST', `/api/orders/${id}/timeline`, body);

describe('sample orders', () => {
  it('each has a plausible history for its status', () => {
    for (const order of seedOrders) expectPlausibleHistory(order);
  });

  it('are stored with it', async () => {
    for (const order of seedOrders) expect((await getOrder(order.id)).statusHistory).toEqual(order.statusHistory);
  });
});

describe('status history', () => {
  freezeClock();

  it('PATCH records each status change with its step and time, and only a change', async () => {
    const before = byId(seedOrders, 13);
    expect(before.status).toBe('new');
    const history = [...before.statusHistory!];
    for (const [status, step] of [['pending', 'processing'], ['shipping', 'shipped'], ['delivered', 'delivered'], ['return', 'returned']] as const) {
      const res = await api.call('PATCH', '/api/orders?id=13', { status });
      expect(res.status).toBe(200);
      history.push({ step, at: NOW });
      expect(res.body.order.statusHistory).toEqual(history);
    }
    // A return is final (domain/orders/transitions.ts): 409, nothing is recorded.
    expectError(await api.call('PATCH', '/api/orders?id=13', { status: 'new' }), 409, 'Order 13 is return and cannot become new: a returned order does not change status');
    // The same status again, or a change of other fields: nothing is recorded.
    expect((await api.call('PATCH', '/api/orders?id=13', { status: 'return' })).status).toBe(200);
    await api.call('PATCH', '/api/orders?id=13', { billing: 'Somewhere else 1' });
    expect((await getOrder(13)).statusHistory).toEqual(history);
  });

  it('is the server\'s: a PATCH body with statusHistory is a 400, and nothing changes', async () => {
    const res = await api.call('PATCH', '/api/orders?id=13', { status: 'pending', statusHistory: [] });
    expectError(res, 400, /statusHistory/);
    expect(await getOrder(13)).toEqual(byId(seedOrders, 13));
    expect(api.changes).toEqual([]);
  });

  it('an order stored before histories were kept starts from "placed" at its createAt', async () => {
    const { statusHistory: _history, ...older } = byId(seedOrders, 12);
    await orderStore(api.db).update(12, () => older);
    const res = await api.call('PATCH', '/api/orders?id=12', { status: 'shipping' });
    expect(res.body.order.statusHistory).toEqual([
      { step: 'placed', at: older.createAt },
      { step: 'shipped', at: NOW },
    ]);
  });

  it('bulk-status records the change in each order\'s history (an order already in the status is left as it is)', async () => {
    const ids = [11, 13, 14];
    expect(ids.map((id) => byId(seedOrders, id).status)).toEqual(['pending', 'new', 'new']);
    const res = await api.call('POST', '/api/orders/bulk-status', { ids, status: 'pending' });
    expect(res.status).toBe(200);
    expect(res.body.orders.map((o: Order) => o.id)).toEqual(ids);
    expect(api.changes).toEqual(['orders']);
    expect(await getOrder(11)).toEqual(byId(seedOrders, 11));
    for (const id of [13, 14]) {
      const order = await getOrder(id);
      expect(order.status).toBe('pending');
      expect(order.statusHistory).toEqual([...byId(seedOrders, id).statusHistory!, { step: 'processing', at: NOW }]);
    }
    // delivered: deliveredAt is set now, as a PATCH does.
    const delivered = await api.call('POST', '/api/orders/bulk-status', { ids: [13], status: 'delivered' });
    expect(delivered.body.orders[0]).toMatchObject({ status: 'delivered', deliveredAt: NOW });
  });

  it('bulk-status with an unknown id changes nothing: 404 naming it', async () => {
    expectError(await api.call('POST', '/api/orders/bulk-status', { ids: [13, 999], status: 'shipping' }), 404, 'Order not found: 999');
    expect(await getOrder(13)).toEqual(byId(seedOrders, 13));
    expectError(await api.call('POST', '/api/orders/bulk-status', { ids: [13], status: 'lost' }), 400, /status/);
    expectError(await api.call('POST', '/api/orders/bulk-status', { ids: [], status: 'new' }), 400, /ids/);
    expect(api.changes).toEqual([]);
  });
});

describe('POST /api/orders/:id/timeline', () => {
  freezeClock();

  it("records 'out-for-delivery' for a shipping order, once per shipment", async () => {
    const before = byId(seedOrders, 8);
    expect(before.status).toBe('shipping');
    const res = await timeline(8);
    expect(res.status).toBe(200);
    const marked = { ...before, statusHistory: [...before.statusHistory!, { step: 'out-for-delivery', at: NOW }] };
    expect(res.body).toEqual({ order: marked });
    expect(api.changes).toEqual(['orders']);
    expect(await getOrder(8)).toEqual(marked);

    // Twice for one shipment: 409, nothing changes.
    expectError(await timeline(8), 409, 'Only a shipping order can be marked out for delivery');
    expect(await getOrder(8)).toEqual(marked);

    // Delivered: it cannot be marked, nor shipped again (a shipped order is delivered or returned).
    await api.call('PATCH', '/api/orders?id=8', { status: 'delivered' });
    expectError(await timeline(8), 409, 'Only a shipping order can be marked out for delivery');
    expectError(await api.call('PATCH', '/api/orders?id=8', { status: 'shipping' }), 409, 'Order 8 is delivered and cannot become shipping: it can become return');
    expect(steps(await getOrder(8))).toEqual(['placed', 'processing', 'shipped', 'out-for-delivery', 'delivered']);
  });

  it('an order that is not shipping is a 409', async () => {
    for (const id of [1, 4, 11, 13]) {
      expect(byId(seedOrders, id).status).not.toBe('shipping');
      expectError(await timeline(id), 409, 'Only a shipping order can be marked out for delivery');
      expect(await getOrder(id)).toEqual(byId(seedOrders, id));
    }
    expect(api.changes).toEqual([]);
  });

  it('only out-for-delivery can be recorded (400); an unknown order is 404; a bad id 400', async () => {
    for (const body of [{ step: 'delivered' }, { step: 'out-for-delivery', at: NOW }, {}]) expectError(await timeline(8, body), 400, /^Invalid request/);
    expectError(await timeline(999), 404, 'Order not found');
    expectError(await timeline('abc'), 400, /^Invalid request: id/);
    expect(api.changes).toEqual([]);
    expect(await getOrder(8)).toEqual(byId(seedOrders, 8));
  });
});

describe('GET /api/orders/histories follows every kind of order write', () => {
  const card = async (title: string): Promise<number> =>
    (await api.call('GET', '/api/orders/histories')).body.find((c: { title: string }) => c.title === title).totalOrder;
  const count = (status: Order['status']) => seedOrders.filter((o) => o.status === status).length;

  it('status changes (PATCH, bulk-status), deletes, restores and bulk inserts', async () => {
    expect(await card('New Orders')).toBe(count('new'));
    expect((await api.call('PATCH', '/api/orders?id=8', { status: 'return' })).status).toBe(200);
    expect(await card('Shipping Orders')).toBe(count('shipping') - 1);
    expect(await card('Cancelled Orders')).toBe(count('return') + 1);
    expect((await api.call('POST', '/api/orders/bulk-status', { ids: [13, 14, 15], status: 'shipping' })).status).toBe(200);
    expect(await card('New Orders')).toBe(0);
    expect(await card('Shipping Orders')).toBe(count('shipping') + 2);
    await api.call('POST', '/api/orders/bulk-delete', { ids: [1, 2] });
    expect(await card('Total Orders')).toBe(13);
    expect(await card('Delivered Orders')).toBe(count('delivered') - 2);
    await api.call('POST', '/api/orders/restore', { ids: [1, 2] });
    expect(await card('Delivered Orders')).toBe(count('delivered'));
    const { statusHistory: _history, id: _id, ...copy } = byId(seedOrders, 11);
    await api.call('POST', '/api/orders/bulk', { orders: [copy, copy] });
    expect(await card('Pending Orders')).toBe(count('pending') + 2);
    expect(await card('Total Orders')).toBe(17);
  });
});

describe('GET /api/orders/analytics', () => {
  // Counted by hand from seed/orders.ts: the month of each createAt (UTC).
  const seedMonths: Record<string, number> = {
    '2025-12': 1, '2026-01': 1, '2026-02': 2, '2026-03': 1, '2026-04': 1, '2026-05': 1,
    '2026-06': 1, '2026-07': 1, '2026-08': 1, '2026-09': 1, '2026-10': 2, '2026-11': 2,
  };
  const revenue = (key: string) => round2(seedOrders.filter((o) => o.createAt.startsWith(key)).reduce((sum, o) => sum + o.totalAmount, 0));

  it('counts the orders placed and their revenue in each of the 12 months ending with this one', async () => {
    vi.setSystemTime(new Date('2026-11-20T09:00:00.000Z'));
    try {
      const res = await api.call('GET', '/api/orders/analytics');
      expect(res.status).toBe(200);
      expect(res.body.map((m: { key: string; value: number }) => [m.key, m.value])).toEqual(Object.entries(seedMonths));
      expect(res.body[0]).toEqual({ key: '2025-12', month: 'Dec', year: 2025, value: 1, revenue: revenue('2025-12') });
      expect(res.body[11]).toEqual({ key: '2026-11', month: 'Nov', year: 2026, value: 2, revenue: revenue('2026-11') });
      for (const month of res.body) expect(month.revenue).toBe(revenue(month.key));
      expect(res.body.reduce((sum: number, m: { value: number }) => sum + m.value, 0)).toBe(15);

      // Two months later the window has moved: Dec 2025 and Jan 2026 are out, Dec 2026 and Jan 2027 (none) in.
      vi.setSystemTime(new Date('2027-01-15T12:00:00.000Z'));
      const later = (await api.call('GET', '/api/orders/analytics')).body;
      expect(later.map((m: { key: string }) => m.key)).toEqual([...Object.keys(seedMonths).slice(2), '2026-12', '2027-01']);
      expect(later.map((m: { month: string }) => m.month)).toEqual(['Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan']);
      expect(later.slice(-2)).toEqual([
        { key: '2026-12', month: 'Dec', year: 2026, value: 0, revenue: 0 },
        { key: '2027-01', month: 'Jan', year: 2027, value: 0, revenue: 0 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows writes: a delete, a bulk insert (dated by createAt, in UTC), a change of amount', async () => {
    vi.setSystemTime(new Date('2026-11-20T09:00:00.000Z'));
    try {
      const month = async (key: string) => (await api.call('GET', '/api/orders/analytics')).body.find((m: { key: string }) => m.key === key);
      expect((await month('2026-10')).value).toBe(2);
      await api.call('DELETE', '/api/orders?id=12');
      expect(await month('2026-10')).toMatchObject({ value: 1, revenue: revenue('2026-10') - byId(seedOrders, 12).totalAmount });
      const { statusHistory: _history, id: _id, ...copy } = byId(seedOrders, 3);
      // 23:30 at -02:00 is 01:30 UTC on the next day: the first of November.
      await api.call('POST', '/api/orders/bulk', { orders: [{ ...copy, createAt: '2026-10-31T23:30:00-02:00' }] });
      expect((await month('2026-10')).value).toBe(1);
      expect(await month('2026-11')).toMatchObject({ value: 3, revenue: round2(revenue('2026-11') + copy.totalAmount) });
      await api.call('PATCH', '/api/orders?id=14', { shippingChargeAmount: 110 });
      expect((await month('2026-11')).revenue).toBe(round2(revenue('2026-11') + copy.totalAmount + 100));
    } finally {
      vi.useRealTimers();
    }
  });
});
