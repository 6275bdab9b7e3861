import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { seedOrders } from '../../seed/orders';
import type { Order } from '../../domain/schema/order';
import { ORDER_SORTS } from '../unit/support/random-orders';
import { byId, compareSortValues, expectError, expectedMeta, newestFirst, pageOf, qs } from './support/helpers';

// Issue 10: the orders list's date range (from/to, UTC days of createAt), its ids, and
// delete to the trash with restore, as the list kit calls them.

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

const sorted = newestFirst(seedOrders, (o) => o.createAt);
const ids = (orders: readonly Order[]) => orders.map((o) => o.id);
/** The UTC day of an ISO date. */
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);
const inRange = (from?: string, to?: string) => (o: Order) => (from === undefined || dayOf(o.createAt) >= from) && (to === undefined || dayOf(o.createAt) <= to);

describe('GET /api/orders: from and to', () => {
  it('both ends are inclusive UTC days of createAt', async () => {
    // Orders 3 (2026-02-05T08:30Z) and 4 (2026-02-25T13:10Z) are the only ones in February.
    const res = await api.call('GET', `/api/orders${qs({ from: '2026-02-05', to: '2026-02-25' })}`);
    expect(res.status).toBe(200);
    expect(ids(res.body.orders)).toEqual([4, 3]);
    expect(res.body.orders).toEqual([byId(seedOrders, 4), byId(seedOrders, 3)]);
    expect(res.body.meta).toEqual(expectedMeta(1, 2));
    expect(ids((await api.call('GET', `/api/orders${qs({ from: '2026-02-06', to: '2026-02-25' })}`)).body.orders)).toEqual([4]);
    expect(ids((await api.call('GET', `/api/orders${qs({ from: '2026-02-05', to: '2026-02-24' })}`)).body.orders)).toEqual([3]);
    expect(ids((await api.call('GET', `/api/orders${qs({ from: '2026-02-25', to: '2026-02-25' })}`)).body.orders)).toEqual([4]);
  });

  it('either end alone, and both, page like the plain list', async () => {
    const cases: Array<[string | undefined, string | undefined]> = [['2026-06-12', undefined], [undefined, '2026-06-12'], ['2026-01-01', '2026-10-21'], ['2027-01-01', undefined]];
    for (const [from, to] of cases) {
      const expected = sorted.filter(inRange(from, to));
      for (const page of [1, 2]) {
        const params = { page, ...(from ? { from } : {}), ...(to ? { to } : {}) };
        const res = await api.call('GET', `/api/orders${qs(params)}`);
        expect(res.body.orders, JSON.stringify(params)).toEqual(pageOf(expected, page));
        expect(res.body.meta, JSON.stringify(params)).toEqual(expectedMeta(page, expected.length));
      }
    }
  });

  it('combines with search, status, payment and each sort (totalAmount, customer, …) in either direction', async () => {
    const [from, to] = ['2026-02-01', '2026-10-31'];
    const filters: Array<Record<string, string>> = [{}, { status: 'delivered' }, { payment: 'Master Card' }, { search: 'a' }, { status: 'pending', search: '#in001' }];
    for (const filter of filters) {
      for (const sort of ['totalAmount', 'customer', 'createAt', 'deliveredAt']) {
        for (const order of ['asc', 'desc'] as const) {
          const value = ORDER_SORTS[sort]!;
          const expected = sorted
            .filter(inRange(from, to))
            .filter((o) => filter.status === undefined || o.status === filter.status)
            .filter((o) => filter.payment === undefined || o.payment.paymentMethod === filter.payment)
            .filter((o) => filter.search === undefined || [o.invoiceId, o.customer.name].some((f) => f.toLowerCase().includes(filter.search!)))
            // A stable sort of list order: ties stay newest first.
            .sort((a, b) => compareSortValues(value(a), value(b), order));
          const where = JSON.stringify({ ...filter, sort, order });
          const res = await api.call('GET', `/api/orders${qs({ ...filter, from, to, sort, order, pageSize: 100 })}`);
          expect(ids(res.body.orders), where).toEqual(ids(expected));
          expect(res.body.meta.total, where).toBe(expected.length);
        }
      }
    }
  });

  it('a date written with an offset counts on its UTC day', async () => {
    const { statusHistory: _history, id: _id, ...copy } = byId(seedOrders, 5);
    // 23:30 at -02:00 is 01:30 UTC on 2026-03-02; 00:30 at +02:00 is 22:30 UTC on 2026-02-28.
    const res = await api.call('POST', '/api/orders/bulk', {
      orders: [
        { ...copy, invoiceId: '#IN0101', createAt: '2026-03-01T23:30:00-02:00' },
        { ...copy, invoiceId: '#IN0102', createAt: '2026-03-01T00:30:00+02:00' },
      ],
    });
    const [late, early] = [res.body.firstId, res.body.lastId];
    const day = async (from: string, to = from) => ids((await api.call('GET', `/api/orders${qs({ from, to })}`)).body.orders);
    expect(await day('2026-03-02')).toEqual([late]);
    expect(await day('2026-03-01')).toEqual([]);
    expect(await day('2026-02-28')).toEqual([early]);
    expect((await day('2026-02-28', '2026-03-02')).sort()).toEqual([late, early].sort());
  });

  it('an empty from or to means no bound', async () => {
    const res = await api.call('GET', `/api/orders${qs({ from: '', to: ' ' })}`);
    expect(res.body.meta.total).toBe(15);
  });

  const invalid: Array<[Record<string, string>, string]> = [
    [{ from: '2026-2-05' }, 'Invalid request: from must be a date (YYYY-MM-DD)'],
    [{ from: 'yesterday' }, 'Invalid request: from must be a date (YYYY-MM-DD)'],
    [{ from: '2026-02-30' }, 'Invalid request: from must be a date (YYYY-MM-DD)'],
    [{ to: '2026-13-01' }, 'Invalid request: to must be a date (YYYY-MM-DD)'],
    [{ to: '2026-02-05T00:00:00Z' }, 'Invalid request: to must be a date (YYYY-MM-DD)'],
    [{ from: '2026-02-06', to: '2026-02-05' }, 'Invalid request: to must not be before from'],
  ];
  for (const [params, message] of invalid) {
    it(`${JSON.stringify(params)} is a 400: ${message}`, async () => {
      const res = await api.call('GET', `/api/orders${qs(params)}`);
      expectError(res, 400, message);
      expect(res.body.issues).toEqual([{ path: message.includes(' to ') ? 'to' : 'from', message: message.replace(/^Invalid request: (from|to) /, '') }]);
      expectError(await api.call('GET', `/api/orders/ids${qs(params)}`), 400, message);
    });
  }
});

describe('GET /api/orders/ids', () => {
  it('answers every matching id in the list order, with the same filters and sort as the list, and no paging', async () => {
    const all = await api.call('GET', '/api/orders/ids?page=2&pageSize=3');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ ids: ids(sorted), total: 15 });
    const params = { status: 'delivered', from: '2026-01-01', sort: 'totalAmount', order: 'desc' };
    const list = await api.call('GET', `/api/orders${qs({ ...params, pageSize: 100 })}`);
    const res = await api.call('GET', `/api/orders/ids${qs(params)}`);
    expect(res.body.ids).toEqual(ids(list.body.orders));
    expect(res.body.ids.length).toBeGreaterThan(1);
    expect((await api.call('GET', `/api/orders/ids${qs({ search: 'no such order' })}`)).body).toEqual({ ids: [], total: 0 });
    expectError(await api.call('GET', '/api/orders/ids?status=lost'), 400, /status/);
  });
});

describe('delete to the trash, and restore', () => {
  const list = async (query: Record<string, string | number> = {}) => (await api.call('GET', `/api/orders${qs({ pageSize: 100, ...query })}`)).body;

  it('list, delete, list again: the order is gone from every query; restore: the same order is back where it was', async () => {
    const target = byId(seedOrders, 6);
    // The lists first, so the in-memory order index is built before the delete.
    const before = await list();
    const searched = await list({ search: target.invoiceId });
    const ranged = await list({ from: '2026-04-01', to: '2026-04-30', sort: 'totalAmount' });
    expect(ids(searched.orders)).toEqual([6]);
    expect(ids(ranged.orders)).toEqual([6]);

    const res = await api.call('DELETE', '/api/orders?id=6');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ order: target });
    expect(api.changes).toEqual(['orders']);

    const after = await list();
    expect(ids(after.orders)).toEqual(ids(before.orders).filter((id) => id !== 6));
    expect(after.meta.total).toBe(14);
    expect((await list({ search: target.invoiceId })).meta.total).toBe(0);
    expect((await list({ from: '2026-04-01', to: '2026-04-30', sort: 'totalAmount' })).orders).toEqual([]);
    expect((await list({ status: 'return' })).orders.some((o: Order) => o.id === 6)).toBe(false);
    expect((await api.call('GET', '/api/orders/ids')).body.ids).not.toContain(6);
    expect((await api.call('GET', '/api/orders?id=6')).body).toEqual({ order: false });
    expectError(await api.call('PATCH', '/api/orders?id=6', { status: 'new' }), 404, 'Order not found');

    const restored = await api.call('POST', '/api/orders/restore', { ids: [6] });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ orders: [target] });
    expect((await api.call('GET', '/api/orders?id=6')).body).toEqual({ order: target });
    expect(await list()).toEqual(before);
    expect(await list({ search: target.invoiceId })).toEqual(searched);
    expect(await list({ from: '2026-04-01', to: '2026-04-30', sort: 'totalAmount' })).toEqual(ranged);
  });

  it('nothing to restore: 404 naming it (an order not deleted, or restored already)', async () => {
    expectError(await api.call('POST', '/api/orders/restore', { ids: [6] }), 404, 'Nothing to restore for order 6');
    await api.call('DELETE', '/api/orders?id=6');
    await api.call('POST', '/api/orders/restore', { ids: [6] });
    expectError(await api.call('POST', '/api/orders/restore', { ids: [6, 7] }), 404, 'Nothing to restore for orders 6, 7');
    expect((await list()).meta.total).toBe(15);
  });

  it('bulk-delete moves every order to the trash, or none (404 naming the unknown ids); restore brings them all back', async () => {
    expectError(await api.call('POST', '/api/orders/bulk-delete', { ids: [2, 998, 999] }), 404, 'Order not found: 998, 999');
    expect((await list()).meta.total).toBe(15);
    expect(api.changes).toEqual([]);

    const res = await api.call('POST', '/api/orders/bulk-delete', { ids: [2, 3, 2, 101] });
    expectError(res, 404, 'Order not found: 101');
    const deleted = await api.call('POST', '/api/orders/bulk-delete', { ids: [2, 3, 2] });
    expect(deleted.body).toEqual({ orders: [byId(seedOrders, 2), byId(seedOrders, 3)] });
    expect(ids((await list()).orders)).toEqual(ids(sorted).filter((id) => id !== 2 && id !== 3));
    const back = await api.call('POST', '/api/orders/restore', { ids: [3, 2] });
    expect(back.body).toEqual({ orders: [byId(seedOrders, 3), byId(seedOrders, 2)] });
    expect((await list()).orders).toEqual(sorted);
    expect(api.changes).toEqual(['orders', 'orders']);
  });

  it('a deleted order\'s id is never given to a new one', async () => {
    await api.call('DELETE', '/api/orders?id=15');
    const { statusHistory: _history, id: _id, ...copy } = byId(seedOrders, 15);
    expect((await api.call('POST', '/api/orders/bulk', { orders: [copy] })).body.firstId).toBe(16);
    expect((await api.call('POST', '/api/orders/restore', { ids: [15] })).status).toBe(200);
    expect((await list()).meta.total).toBe(16);
  });

  it('bodies are checked: ids must be 1–10,000 positive whole numbers', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { ids: [1], extra: true }]) {
      expectError(await api.call('POST', '/api/orders/bulk-delete', body), 400, /^Invalid request/);
      expectError(await api.call('POST', '/api/orders/restore', body), 400, /^Invalid request/);
    }
    expect(api.changes).toEqual([]);
  });
});
