import { describe, expect, it } from 'vitest';
import { searchIndexFor } from '../../../sw/api/storage/search-index-hooks';
import { orderListIndex } from '../../../sw/api/orders/store/order-list-query';
import type { Order } from '../../../domain/schema/order';
import { random, randomOrder, referencePage, type OrderQuery } from '../support/random-orders';
import { ordersTableDb, randomWrite } from '../support/orders-table';

// Day ranges (from/to, UTC days of the date field), queried on the index directly.

describe('day ranges of the search index', () => {
  it('hold exactly the rows whose date falls on the days (UTC, either end inclusive), dates with offsets and any precision included', async () => {
    const db = ordersTableDb('day-ranges');
    await db.orders.clear();
    const r = random(2024);
    // Around midnight of a few days, written in UTC with and without milliseconds and with offsets that move the UTC day.
    const dates = [
      '2026-03-01T00:00:00.000Z', '2026-03-01T23:59:59.999Z', '2026-03-02T00:00:00Z', '2026-03-02T12:00:00.5Z',
      '2026-03-01T23:30:00-02:00', '2026-03-02T00:30:00+02:00', '2026-03-03T13:59:00+14:00', '2026-02-28T10:00:00-12:00',
      '2026-03-04T00:00:00.000Z', '2026-02-28T23:59:59.000Z',
    ];
    await db.orders.bulkAdd(Array.from({ length: 60 }, (_, n) => ({ ...randomOrder(r, n), createAt: r.pick(dates) }) as Order));
    const all = await db.orders.toArray();
    const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
    await index.ready();
    const days = ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
    const bounds = [undefined, ...days];
    let nonEmpty = 0;
    for (const from of bounds) {
      for (const to of bounds) {
        if (from !== undefined && to !== undefined && to < from) continue;
        for (const sort of [undefined, { field: 'totalAmount', order: 'desc' as const }, { field: 'createAt', order: 'asc' as const }]) {
          for (const status of [undefined, 'new']) {
            const q = { page: 1, pageSize: 100, from, to, sort, status };
            const expected = referencePage(all, q);
            const got = index.query({ status, range: { from, to }, sort, offset: 0, limit: 100 });
            expect({ keys: got.keys, total: got.total }, JSON.stringify(q)).toEqual({ keys: expected.rows.map((o) => o.id), total: expected.meta.total });
            if (got.total > 0 && got.total < all.length) nonEmpty++;
          }
        }
      }
    }
    // The cases are not all trivial (everything or nothing).
    expect(nonEmpty).toBeGreaterThan(100);
    db.close();
  });

  for (const seed of [8, 9]) {
    it(`kept matches of a range (paged, with a status, a search, a sort) and of a search or facet follow random writes, seed ${seed}`, async () => {
      const r = random(seed * 7919);
      const db = ordersTableDb(`kept-ranges-${seed}`);
      const counter = { n: 100 };
      await db.orders.bulkAdd(Array.from({ length: 300 }, () => randomOrder(r, counter.n++) as Order));
      const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
      // Few and narrow enough to be kept from one round to the next, so each must follow the writes between.
      const february = { from: '2026-02-01', to: '2026-02-28' };
      const queries: OrderQuery[] = [
        { page: 1, ...february },
        { page: 3, pageSize: 7, ...february },
        { page: 1, status: 'new', ...february },
        { page: 1, search: 'an', ...february },
        { page: 2, pageSize: 5, sort: { field: 'totalAmount', order: 'desc' }, ...february },
        // And two filtered views without a range, kept the same way.
        { page: 2, pageSize: 3, search: 'ann' },
        { page: 1, status: 'new', payment: 'Paypal' },
      ];
      for (let round = 0; round < 40; round++) {
        if (round > 0) await randomWrite(db, r, counter);
        const all = await db.orders.toArray();
        await index.ready();
        for (const q of queries) {
          const pageSize = q.pageSize ?? 10;
          const expected = referencePage(all, q);
          const got = index.query({ status: q.status, needle: q.search, facets: { payment: q.payment }, range: { from: q.from, to: q.to }, sort: q.sort, offset: (q.page - 1) * pageSize, limit: pageSize });
          expect({ keys: got.keys, total: got.total }, `seed ${seed}, round ${round}, ${JSON.stringify(q)}`).toEqual({ keys: expected.rows.map((o) => o.id), total: expected.meta.total });
        }
      }
      db.close();
    });
  }

  it('stay exact through writes that move rows in and out of the range', async () => {
    const db = ordersTableDb('day-ranges-writes');
    const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
    await index.ready();
    const march = () => index.query({ range: { from: '2026-03-01', to: '2026-03-31' }, offset: 0, limit: 100 }).keys;
    // Order 5 is the only sample order placed in March 2026.
    expect(march()).toEqual([5]);
    await db.orders.update(4, { createAt: '2026-03-31T23:00:00-05:00' }); // April 1st, 04:00 UTC
    expect(march()).toEqual([5]);
    await db.orders.update(4, { createAt: '2026-03-31T23:00:00.000Z' });
    expect(march()).toEqual([4, 5]);
    await db.orders.delete(5);
    expect(march()).toEqual([4]);
    db.close();
  });
});
