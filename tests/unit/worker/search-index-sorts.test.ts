import { describe, expect, it } from 'vitest';
import { searchIndexFor } from '../../../sw/api/storage/search-index-hooks';
import { orderListIndex } from '../../../sw/api/orders/store/order-list-query';
import { sortRows } from '../../../sw/api/storage/list-sort';
import type { Order } from '../../../domain/schema/order';
import { DATES, ORDER_SORTS, random, randomOrder, randomQuery, referencePage, type OrderQuery, type Random } from '../support/random-orders';
import { ordersTableDb, randomWrite, reference } from '../support/orders-table';

// Sorted views of the search index, queried directly (listPage would hide a stale view
// behind its fallback to the scan when a row it reads does not match the index).

describe('sorted views of the search index', () => {
  const sortedQuery = (r: Random, count: number): OrderQuery => {
    const q = randomQuery(r, count, { dateRange: true });
    return { ...q, sort: q.sort ?? { field: r.pick(Object.keys(ORDER_SORTS)), order: r.pick(['asc', 'desc'] as const) } };
  };

  for (const seed of [4, 5]) {
    it(`equal the reference through random writes (every field and direction), seed ${seed}`, async () => {
      const r = random(seed * 6007);
      const db = ordersTableDb(`sorted-views-${seed}`);
      const counter = { n: 100 };
      await db.orders.bulkAdd(Array.from({ length: 250 }, () => randomOrder(r, counter.n++) as Order));
      const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
      for (let round = 0; round < 30; round++) {
        // Writes between sorted queries: each must move its rows in (or drop) the views built before it.
        if (round > 0) await randomWrite(db, r, counter);
        const count = await db.orders.count();
        for (let k = 0; k < 6; k++) {
          const q = sortedQuery(r, count);
          const pageSize = q.pageSize ?? 10;
          const expected = await reference(db, q);
          const needle = q.search === undefined || q.search === '' ? undefined : q.search.toLowerCase();
          await index.ready(); // read again after a write that aborted (just now: the reference read let its abort event in)
          const range = { from: q.from, to: q.to };
          const got = index.query({ status: q.status, needle, facets: { payment: q.payment }, range, sort: q.sort, offset: (q.page - 1) * pageSize, limit: pageSize });
          expect({ keys: got.keys, total: got.total }, `seed ${seed}, round ${round}, ${JSON.stringify(q)}`).toEqual({
            keys: expected.rows.map((o) => o.id),
            total: expected.meta.total,
          });
        }
      }
      db.close();
    });
  }

  for (const seed of [6, 7]) {
    it(`kept counts and filtered views (the same queries asked again across random writes) equal a naive recount, seed ${seed}`, async () => {
      const r = random(seed * 7103);
      const db = ordersTableDb(`kept-answers-${seed}`);
      const counter = { n: 100 };
      await db.orders.bulkAdd(Array.from({ length: 300 }, () => randomOrder(r, counter.n++) as Order));
      const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
      const amountDesc = { field: 'totalAmount', order: 'desc' } as const;
      // Asked after every write, so each answer kept from the round before must have followed the write.
      const queries: OrderQuery[] = [
        { page: 1 },
        { page: 4, pageSize: 7 },
        { page: 1, status: 'pending' },
        { page: 3, pageSize: 7, status: 'new' },
        { page: 2, status: 'delivered', sort: { field: 'customer', order: 'asc' } },
        { page: 5, pageSize: 7, sort: { field: 'customer', order: 'asc' } },
        { page: 1, sort: amountDesc },
        // Typing: each needle narrows the one before; the matches of a small one (10 invoices
        // of 300 rows) are made from its kept matches, of a large one by a new scan.
        { page: 1, search: 'a' },
        { page: 1, search: 'an' },
        { page: 2, pageSize: 3, search: 'ann' },
        { page: 1, search: '#in110' },
        { page: 1, search: '#in1105' },
        { page: 1, search: 'ann', sort: amountDesc },
        { page: 1, payment: 'Paypal' },
        { page: 2, pageSize: 7, payment: 'Paypal', search: 'an', status: 'new', sort: { field: 'invoiceId', order: 'asc' } },
        { page: 1, search: 'no such text' },
      ];
      for (let round = 0; round < 25; round++) {
        if (round > 0) for (let w = 1 + r.int(3); w > 0; w--) await randomWrite(db, r, counter);
        const all = await db.orders.toArray();
        await index.ready();
        for (const q of [...queries, ...(r.next() < 0.5 ? [] : [r.pick(queries)])]) {
          const pageSize = q.pageSize ?? 10;
          const expected = referencePage(all, q);
          const needle = q.search?.toLowerCase();
          const range = { from: q.from, to: q.to };
          const got = index.query({ status: q.status, needle, facets: { payment: q.payment }, range, sort: q.sort, offset: (q.page - 1) * pageSize, limit: pageSize });
          expect({ keys: got.keys, total: got.total }, `seed ${seed}, round ${round}, ${JSON.stringify(q)}`).toEqual({ keys: expected.rows.map((o) => o.id), total: expected.meta.total });
        }
        const counts = new Map<unknown, number>();
        for (const o of all) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
        expect(index.statusCounts(), `seed ${seed}, round ${round}: status counts`).toEqual(counts);
      }
      db.close();
    });
  }

  it('a write after a sorted query moves the row in the next one', async () => {
    const db = ordersTableDb('sorted-views-write');
    const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
    await index.ready();
    const byAmount = () => index.query({ sort: { field: 'totalAmount', order: 'desc' }, offset: 0, limit: 3 }).keys;
    const top = byAmount();
    const last = (await db.orders.toCollection().primaryKeys()).find((id) => !top.includes(id))!;
    await db.orders.update(last, { totalAmount: 1_000_000 });
    expect(byAmount()).toEqual([last, ...top.slice(0, 2)]);
    await db.orders.delete(last);
    expect(byAmount()).toEqual(top);
    db.close();
  });

  it('ties keep list order (newest first, then the higher id) in both directions; missing values come last in both', async () => {
    const db = ordersTableDb('sorted-views-ties');
    await db.orders.clear();
    const r = random(77);
    const row = (n: number, createAt: string, totalAmount: number, deliveredAt: string | null) =>
      ({ ...randomOrder(r, n), id: n, createAt, totalAmount, deliveredAt }) as Order;
    await db.orders.bulkAdd([
      row(1, DATES[0]!, 5, DATES[1]!),
      row(2, DATES[0]!, 5, null),
      row(3, DATES[2]!, 5, DATES[1]!),
      row(4, DATES[1]!, 7, null),
      row(5, DATES[2]!, 3, DATES[0]!),
    ]);
    const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
    await index.ready();
    const ids = (field: string, order: 'asc' | 'desc') => index.query({ sort: { field, order }, offset: 0, limit: 10 }).keys;
    // List order: 5, 3 (DATES[2]), 4 (DATES[1]), 2, 1 (DATES[0]).
    expect(ids('totalAmount', 'asc')).toEqual([5, 3, 2, 1, 4]);
    expect(ids('totalAmount', 'desc')).toEqual([4, 3, 2, 1, 5]);
    expect(ids('deliveredAt', 'asc')).toEqual([5, 3, 1, 4, 2]);
    expect(ids('deliveredAt', 'desc')).toEqual([3, 1, 5, 4, 2]);
    // The date field oldest first: ties on the date still higher id first.
    expect(ids('createAt', 'asc')).toEqual([2, 1, 4, 5, 3]);
    db.close();
  });

  it('text sorts compare lowercased text in code-point order', () => {
    const names = ['b', 'ｚed', 'A', '𝒜da', 'a', 'B'];
    const sorted = sortRows(names, (name) => name, 'asc');
    // Lowercased ties keep their given order; '𝒜' (U+1D49C) is past 'ｚ' (U+FF5A), though its UTF-16 unit is not.
    expect(sorted).toEqual(['A', 'a', 'b', 'B', 'ｚed', '𝒜da']);
    expect(sortRows(names, (name) => name, 'desc')).toEqual(['𝒜da', 'ｚed', 'b', 'B', 'A', 'a']);
  });
});
