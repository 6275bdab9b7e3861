import { describe, expect, it } from 'vitest';
import Dexie, { type Table } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../../sw/api/storage/db';
import { seedOrders } from '../../../seed/orders';
import { listPage, planList, textSearch } from '../../../sw/api/storage/list-query';
import { searchIndexFor } from '../../../sw/api/storage/search-index-hooks';
import { orderListIndex } from '../../../sw/api/orders/store/order-list-query';
import type { Order } from '../../../domain/schema/order';
import type { User } from '../../../domain/schema/user';
import type { Product } from '../../../domain/schema/product';
import type { Invoice } from '../../../domain/schema/invoice';
import { AMOUNTS, DATES, METHODS, NAMES, ORDER_SORTS, STATUSES, random, randomOrder, randomQuery, referencePage, type OrderQuery, type Random } from '../support/random-orders';
import { sortRows } from '../../../sw/api/storage/list-sort';
import { userListIndex } from '../../../sw/api/users/user-routes';
import { productListIndex } from '../../../sw/api/products/product-routes';
import { invoiceListIndex } from '../../../sw/api/invoices/invoice-records';

/** A fresh database (seeded with the sample shop) in its own fake IndexedDB. */
function freshDb(name = 'list-plan'): ShopDb {
  return new ShopDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
}

/**
 * The generic list path (listPage over a Dexie table: date index, [status+date], search
 * index, filtered scan) is what users, products and invoices use. It is tested here over
 * an orders-shaped table (one record per order, the sample orders in it), for its facet
 * (payment) and its many tied dates; the shop's own orders are stored in blocks and listed
 * by OrderStore (order-store.test.ts).
 */
class OrdersTableDb extends Dexie {
  orders!: Table<Order, number>;
  constructor(name: string) {
    super(name, { indexedDB: new IDBFactory(), IDBKeyRange });
    this.version(1).stores({ orders: '++id, createAt, status, [status+createAt]' });
    this.on('populate', (tx) => void tx.table('orders').bulkAdd(seedOrders));
  }
}
const ordersTableDb = (name = 'list-plan-orders') => new OrdersTableDb(name);

const orders = (db: OrdersTableDb, query: Partial<OrderQuery> = {}) =>
  listPage<Order>({
    table: db.orders,
    dateField: 'createAt',
    page: query.page ?? 1,
    pageSize: query.pageSize,
    status: query.status,
    search: query.search,
    facets: { payment: query.payment },
    sort: query.sort,
    index: orderListIndex,
  });

/** The orders list as the old code read it: every row in date order through the predicates (the filtered scan), then sorted. */
const ordersByScan = (db: OrdersTableDb, query: Partial<OrderQuery>) => {
  const predicates: Array<(o: Order) => boolean> = [];
  if (query.payment) predicates.push((o) => o.payment.paymentMethod === query.payment);
  if (query.search) {
    const needle = query.search.toLowerCase();
    predicates.push((o) => [o.invoiceId, o.customer.name].some((v) => String(v).toLowerCase().includes(needle)));
  }
  predicates.push(() => true); // an opaque predicate: forces the filtered scan
  return listPage<Order>({
    table: db.orders,
    dateField: 'createAt',
    page: query.page ?? 1,
    pageSize: query.pageSize,
    status: query.status,
    sort: query.sort,
    index: orderListIndex,
    predicates,
  });
};

describe('planList (the query planner)', () => {
  it('a plain list walks the date index', () => {
    expect(planList({ indexed: true })).toBe('date-index');
    expect(planList({ indexed: false })).toBe('date-index');
    expect(planList({ indexed: true, search: '', facets: { payment: undefined } })).toBe('date-index');
  });

  it('a status filter alone walks the [status+date] index', () => {
    expect(planList({ indexed: true, status: 'pending' })).toBe('status-date-index');
    expect(planList({ indexed: false, status: 'pending' })).toBe('status-date-index');
  });

  it('a search, a facet, or either with a status, uses the in-memory search index', () => {
    expect(planList({ indexed: true, search: 'ann' })).toBe('search-index');
    expect(planList({ indexed: true, facets: { payment: 'Paypal' } })).toBe('search-index');
    expect(planList({ indexed: true, status: 'new', search: 'ann', facets: { payment: 'Paypal' } })).toBe('search-index');
  });

  it('falls back to the filtered scan only where the index cannot answer exactly', () => {
    expect(planList({ indexed: false, search: 'ann' })).toBe('filtered-scan');
    expect(planList({ indexed: true, opaquePredicates: 1 })).toBe('filtered-scan');
    expect(planList({ indexed: true, status: 'new', opaquePredicates: 2 })).toBe('filtered-scan');
    // A needle holding the index's field separator could match across two fields.
    expect(planList({ indexed: true, search: 'a\u0000b' })).toBe('filtered-scan');
  });

  it('a sort other than list order uses the search index, or the scan where the index cannot answer', () => {
    expect(planList({ indexed: true, sorted: true })).toBe('search-index');
    expect(planList({ indexed: true, status: 'new', search: 'ann', sorted: true })).toBe('search-index');
    expect(planList({ indexed: false, sorted: true })).toBe('filtered-scan');
    expect(planList({ indexed: true, sorted: true, opaquePredicates: 1 })).toBe('filtered-scan');
  });
});

describe('listPage picks the plan for each query shape', () => {
  it('orders-shaped rows: plain, deep page, status, search, payment, and the combinations', async () => {
    const db = ordersTableDb();
    expect((await orders(db)).plan).toBe('date-index');
    expect((await orders(db, { page: 2 })).plan).toBe('date-index');
    expect((await orders(db, { status: 'delivered' })).plan).toBe('status-date-index');
    expect((await orders(db, { status: 'delivered', page: 2 })).plan).toBe('status-date-index');
    expect((await orders(db, { search: 'amelia' })).plan).toBe('search-index');
    expect((await orders(db, { payment: 'Paypal' })).plan).toBe('search-index');
    expect((await orders(db, { status: 'delivered', payment: 'Credit Card', search: '#in' })).plan).toBe('search-index');
    expect((await orders(db, { search: 'x\u0000y' })).plan).toBe('filtered-scan');
    // The date field newest first is list order; any other sort goes through the search index.
    expect((await orders(db, { sort: { field: 'createAt', order: 'desc' } })).plan).toBe('date-index');
    expect((await orders(db, { status: 'new', sort: { field: 'createAt', order: 'desc' } })).plan).toBe('status-date-index');
    expect((await orders(db, { sort: { field: 'createAt', order: 'asc' } })).plan).toBe('search-index');
    expect((await orders(db, { status: 'new', page: 2, sort: { field: 'totalAmount', order: 'desc' } })).plan).toBe('search-index');
    expect((await ordersByScan(db, { search: 'amelia' })).plan).toBe('filtered-scan');
    db.close();
  });

  it('users, products, invoices: a search is answered by the search index', async () => {
    const db = freshDb();
    const users = (search: string | undefined, status?: string, predicates: Array<(u: User) => boolean> = []) =>
      listPage<User>({ table: db.users, dateField: 'createAt', page: 1, status, search, index: userListIndex, predicates });
    expect((await users('a')).plan).toBe('search-index');
    expect((await users('a', 'verified')).plan).toBe('search-index');
    expect((await users(undefined)).plan).toBe('date-index');
    expect((await users(undefined, 'verified')).plan).toBe('status-date-index');
    // Any other predicate is opaque: the scan, as before.
    expect((await users(undefined, undefined, [(u) => u.role === 'Admin'])).plan).toBe('filtered-scan');
    expect((await users('a', undefined, [(u) => u.role === 'Admin'])).plan).toBe('filtered-scan');
    const products = await listPage<Product>({ table: db.products, dateField: 'createdAt', page: 1, search: 'e', index: productListIndex });
    expect(products.plan).toBe('search-index');
    const invoices = await listPage<Invoice>({ table: db.invoices, dateField: 'issueDate', page: 1, search: 'inv', index: invoiceListIndex });
    expect(invoices.plan).toBe('search-index');
    db.close();
  });

  it('the search index is built once and then kept, not rebuilt per query', async () => {
    const db = ordersTableDb();
    const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
    expect(index.isReady).toBe(false);
    await orders(db, { search: 'a' });
    expect(index.isReady).toBe(true);
    expect(index.size).toBe(15);
    await db.orders.delete(1);
    expect(index.isReady).toBe(true); // updated in place by the write, not dropped
    expect(index.size).toBe(14);
    db.close();
  });
});

// ---------------------------------------------------------------------------------------
// The indexed answers equal the filtered scan's and a plain reference, on random data,
// through random writes.

/** The contract's definition over the table's rows. */
async function reference(db: OrdersTableDb, q: OrderQuery) {
  return referencePage(await db.orders.toArray(), q);
}

async function randomWrite(db: OrdersTableDb, r: Random, counter: { n: number }) {
  const ids = await db.orders.toCollection().primaryKeys();
  const op = r.int(7);
  if (op === 0 || ids.length === 0) {
    await db.orders.add(randomOrder(r, counter.n++) as Order);
  } else if (op === 1) {
    const batch = Array.from({ length: 1 + r.int(80) }, () => randomOrder(r, counter.n++) as Order);
    await db.transaction('rw', db.orders, () => db.orders.bulkAdd(batch));
  } else if (op === 2) {
    await db.orders.delete(r.pick(ids));
  } else if (op === 3) {
    // A PATCH-like change: new status, payment, customer name, total or delivery date.
    const id = r.pick(ids);
    await db.transaction('rw', db.orders, async () => {
      const existing = await db.orders.get(id);
      if (!existing) return;
      await db.orders.put({
        ...existing,
        status: r.pick(STATUSES),
        payment: { ...existing.payment, paymentMethod: r.pick(METHODS) },
        customer: { ...existing.customer, name: r.pick(NAMES) },
        totalAmount: r.pick(AMOUNTS),
        deliveredAt: r.pick([null, ...DATES]),
      });
    });
  } else if (op === 4) {
    // The date moves (an invoice's issueDate can): the row moves in the list.
    await db.orders.update(r.pick(ids), { createAt: r.pick(DATES) });
  } else if (op === 5) {
    // A transaction that writes, then fails: nothing it did may show.
    await db
      .transaction('rw', db.orders, async () => {
        await db.orders.delete(r.pick(ids));
        await db.orders.add(randomOrder(r, counter.n++) as Order);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
  } else {
    await db.orders.bulkDelete(Array.from({ length: 1 + r.int(20) }, () => r.pick(ids)));
  }
}

describe('indexed answers equal the filtered scan and a plain reference (random data and writes)', () => {
  for (const seed of [1, 2, 3]) {
    it(`orders-shaped rows, seed ${seed}`, async () => {
      const r = random(seed * 7919);
      const db = ordersTableDb(`equivalence-${seed}`);
      const counter = { n: 100 };
      await db.orders.bulkAdd(Array.from({ length: 250 }, () => randomOrder(r, counter.n++) as Order));

      for (let round = 0; round < 30; round++) {
        if (round > 0) await randomWrite(db, r, counter);
        const count = await db.orders.count();
        for (let k = 0; k < 6; k++) {
          const q = randomQuery(r, count);
          const expected = await reference(db, q);
          const indexed = await orders(db, q);
          const scanned = await ordersByScan(db, q);
          const where = `seed ${seed}, round ${round}, query ${JSON.stringify(q)}`;
          expect(indexed.plan, where).not.toBe('filtered-scan');
          expect({ ids: indexed.rows.map((o) => o.id), meta: indexed.meta }, where).toEqual({ ids: expected.rows.map((o) => o.id), meta: expected.meta });
          expect(indexed.rows, where).toEqual(expected.rows);
          expect({ rows: scanned.rows, meta: scanned.meta }, where).toEqual({ rows: indexed.rows, meta: indexed.meta });
        }
      }
      db.close();
    });
  }

  it('users: a search answered by the index equals the scan', async () => {
    const r = random(4242);
    const db = freshDb('equivalence-users');
    const fields = (u: User) => [u.name, u.email, u.address, u.phone];
    const extra = Array.from({ length: 120 }, (_, i) => ({
      name: r.pick(NAMES),
      email: `user${i}@example.com`,
      image: '/x.svg',
      role: 'Staff',
      status: r.pick(['hidden', 'rejected', 'verified', 'waiting'] as const),
      address: r.pick(['Chile', 'Straße 1, Berlin', 'İzmir', 'Αθήνα']),
      createAt: r.pick(DATES),
      phone: `+1 555 ${String(1000 + i)}`,
    }));
    await db.users.bulkAdd(extra as User[]);
    for (const search of ['a', 'STRASSE', 'straße', 'ß', 'σ', '555 10', 'İ', 'i', '@EXAMPLE', 'zzz']) {
      for (const status of [undefined, 'verified']) {
        for (const page of [1, 2, 5]) {
          const indexed = await listPage<User>({ table: db.users, dateField: 'createAt', page, status, search, index: userListIndex });
          const scanned = await listPage<User>({
            table: db.users,
            dateField: 'createAt',
            page,
            status,
            predicates: [textSearch<User>(search, fields), () => true],
          });
          expect(indexed.plan).toBe('search-index');
          expect(scanned.plan).toBe('filtered-scan');
          expect({ rows: indexed.rows, meta: indexed.meta }, `${search} ${status} ${page}`).toEqual({ rows: scanned.rows, meta: scanned.meta });
        }
      }
      await db.users.update(1 + r.int(14), { name: r.pick(NAMES) });
    }
    db.close();
  });

  it('plain and status pages stay exact across writes (their counts and key lists are re-read after a write)', async () => {
    const r = random(99);
    const db = ordersTableDb('equivalence-pages');
    const counter = { n: 100 };
    await db.orders.bulkAdd(Array.from({ length: 200 }, () => randomOrder(r, counter.n++) as Order));
    for (let round = 0; round < 25; round++) {
      if (round > 0) await randomWrite(db, r, counter);
      for (const status of [undefined, 'new']) {
        for (const page of [1, 2, 7, 30]) {
          const expected = await reference(db, { page, status });
          const got = await orders(db, { page, status });
          expect(got.plan).toBe(status ? 'status-date-index' : 'date-index');
          expect({ rows: got.rows, meta: got.meta }, `round ${round} ${status} ${page}`).toEqual(expected);
        }
      }
    }
    db.close();
  });
});

// ---------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------
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
