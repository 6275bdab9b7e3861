import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../sw/api/db';
import { listPage, planList, textSearch } from '../../sw/api/list-query';
import { searchIndexFor } from '../../sw/api/search-index';
import { orderListIndex } from '../../sw/api/orders';
import { PAGE_SIZE } from '../../sw/api/schema/common';
import type { Order } from '../../sw/api/schema/order';
import type { User } from '../../sw/api/schema/user';
import type { Product } from '../../sw/api/schema/product';
import type { Invoice } from '../../sw/api/schema/invoice';
import { userListIndex } from '../../sw/api/users';
import { productListIndex } from '../../sw/api/products';
import { invoiceListIndex } from '../../sw/api/invoices';

/** A fresh database (seeded with the sample shop) in its own fake IndexedDB. */
function freshDb(name = 'list-plan'): ShopDb {
  return new ShopDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
}

const orders = (db: ShopDb, query: { page?: number; status?: string; search?: string; payment?: string } = {}) =>
  listPage<Order>({
    table: db.orders,
    dateField: 'createAt',
    page: query.page ?? 1,
    status: query.status,
    search: query.search,
    facets: { payment: query.payment },
    index: orderListIndex,
  });

/** The orders list as the old code read it: every row in date order through the predicates (the filtered scan). */
const ordersByScan = (db: ShopDb, query: { page?: number; status?: string; search?: string; payment?: string }) => {
  const predicates: Array<(o: Order) => boolean> = [];
  if (query.payment) predicates.push((o) => o.payment.paymentMethod === query.payment);
  if (query.search) {
    const needle = query.search.toLowerCase();
    predicates.push((o) => [o.invoiceId, o.customer.name].some((v) => String(v).toLowerCase().includes(needle)));
  }
  predicates.push(() => true); // an opaque predicate: forces the filtered scan
  return listPage<Order>({ table: db.orders, dateField: 'createAt', page: query.page ?? 1, status: query.status, predicates });
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
});

describe('listPage picks the plan for each query shape', () => {
  it('orders: plain, deep page, status, search, payment, and the combinations', async () => {
    const db = freshDb();
    expect((await orders(db)).plan).toBe('date-index');
    expect((await orders(db, { page: 2 })).plan).toBe('date-index');
    expect((await orders(db, { status: 'delivered' })).plan).toBe('status-date-index');
    expect((await orders(db, { status: 'delivered', page: 2 })).plan).toBe('status-date-index');
    expect((await orders(db, { search: 'amelia' })).plan).toBe('search-index');
    expect((await orders(db, { payment: 'Paypal' })).plan).toBe('search-index');
    expect((await orders(db, { status: 'delivered', payment: 'Credit Card', search: '#in' })).plan).toBe('search-index');
    expect((await orders(db, { search: 'x\u0000y' })).plan).toBe('filtered-scan');
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
    const db = freshDb();
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

/** A small deterministic PRNG (xorshift32), so a failure is reproducible from its seed. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const STATUSES = ['delivered', 'shipping', 'new', 'pending', 'return'] as const;
const METHODS = ['Credit Card', 'Paypal', 'Visa Card', 'Master Card'] as const;
const NAMES = ['Amelia Hart', 'ÁLVARO Núñez', 'Ωmega Σίσυφος', 'Straße Groß', 'İlker Işık', 'lin chen', 'LIN CHEN', 'Zoë O’Brien', 'Ann', 'Hannah Annan'];
// Few distinct dates, so many rows tie on the date and the primary key decides their order.
const DATES = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, i % 6, 1 + i)).toISOString());

function randomOrder(r: ReturnType<typeof random>, n: number): Omit<Order, 'id'> {
  return {
    invoiceId: `#IN${String(1000 + n).padStart(4, '0')}`,
    createAt: r.pick(DATES),
    deliveredAt: null,
    customer: { id: 1, name: r.pick(NAMES), email: 'a@example.com', phone: '+1 555 0100' },
    billing: 'b',
    shipping: 's',
    status: r.pick(STATUSES),
    payment: { id: 1, paymentMethod: r.pick(METHODS), cardNumber: '**** 1234' },
    items: [{ id: 1, name: 'x', image: '/x.svg', price: 1, quantity: 1 }],
    subTotalAmount: 1,
    totalAmount: 1,
    taxAmount: 0,
    discountAmount: 0,
    shippingChargeAmount: 0,
  };
}

/** The contract's definition, written out plainly: filter all rows, sort newest first (then higher id), slice. */
async function reference(db: ShopDb, q: { page: number; status?: string; search?: string; payment?: string }) {
  const all = await db.orders.toArray();
  const needle = q.search?.toLowerCase();
  const matching = all
    .filter((o) => q.status === undefined || o.status === q.status)
    .filter((o) => q.payment === undefined || o.payment.paymentMethod === q.payment)
    .filter((o) => !needle || [o.invoiceId, o.customer.name].some((v) => String(v).toLowerCase().includes(needle)))
    .sort((a, b) => (a.createAt < b.createAt ? 1 : a.createAt > b.createAt ? -1 : b.id - a.id));
  const offset = (q.page - 1) * PAGE_SIZE;
  const total = matching.length;
  return {
    rows: matching.slice(offset, offset + PAGE_SIZE),
    meta: { page: q.page, total, totalPages: Math.ceil(total / PAGE_SIZE), firstIndex: offset, lastIndex: Math.min(offset + PAGE_SIZE, total) },
  };
}

function randomQuery(r: ReturnType<typeof random>, rowsCount: number) {
  const pages = Math.max(1, Math.ceil(rowsCount / PAGE_SIZE));
  const name = r.pick(NAMES);
  const start = r.int(name.length);
  const fragment = name.slice(start, start + 1 + r.int(5));
  const searches = [
    undefined,
    fragment,
    fragment.toUpperCase(),
    fragment.toLowerCase(),
    `#in${r.int(10)}`,
    `IN1${r.int(10)}`,
    'σ',
    'ß',
    'ss',
    'i̇',
    'ann',
    'no such text',
  ];
  return {
    page: r.next() < 0.7 ? 1 + r.int(Math.min(pages, 3)) : 1 + r.int(pages + 1),
    status: r.next() < 0.4 ? r.pick(STATUSES) : undefined,
    payment: r.next() < 0.3 ? r.pick(METHODS) : undefined,
    search: r.pick(searches),
  };
}

async function randomWrite(db: ShopDb, r: ReturnType<typeof random>, counter: { n: number }) {
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
    // A PATCH-like change: new status, payment or customer name.
    const id = r.pick(ids);
    await db.transaction('rw', db.orders, async () => {
      const existing = await db.orders.get(id);
      if (!existing) return;
      await db.orders.put({
        ...existing,
        status: r.pick(STATUSES),
        payment: { ...existing.payment, paymentMethod: r.pick(METHODS) },
        customer: { ...existing.customer, name: r.pick(NAMES) },
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
    it(`orders, seed ${seed}`, async () => {
      const r = random(seed * 7919);
      const db = freshDb(`equivalence-${seed}`);
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
    const db = freshDb('equivalence-pages');
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
