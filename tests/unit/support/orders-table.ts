// An orders-shaped Dexie table (one record per order) and the list calls over it, for the tests
// of the generic list path (list-plan, list-equivalence, search-index-sorts, search-index-day-ranges).
import Dexie, { type Table } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../../sw/api/storage/db';
import { seedOrders } from '../../../seed/orders';
import { listPage } from '../../../sw/api/storage/list-query';
import { orderListIndex } from '../../../sw/api/orders/store/order-list-query';
import type { Order } from '../../../domain/schema/order';
import { AMOUNTS, DATES, METHODS, NAMES, STATUSES, randomOrder, referencePage, type OrderQuery, type Random } from './random-orders';

/** A fresh database (seeded with the sample shop) in its own fake IndexedDB. */
export function freshDb(name = 'list-plan'): ShopDb {
  return new ShopDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
}

/**
 * The generic list path (listPage over a Dexie table: date index, [status+date], search
 * index, filtered scan) is what users, products and invoices use. It is tested here over
 * an orders-shaped table (one record per order, the sample orders in it), for its facet
 * (payment) and its many tied dates; the shop's own orders are stored in blocks and listed
 * by OrderStore (order-store.test.ts).
 */
export class OrdersTableDb extends Dexie {
  orders!: Table<Order, number>;
  constructor(name: string) {
    super(name, { indexedDB: new IDBFactory(), IDBKeyRange });
    this.version(1).stores({ orders: '++id, createAt, status, [status+createAt]' });
    this.on('populate', (tx) => void tx.table('orders').bulkAdd(seedOrders));
  }
}
export const ordersTableDb = (name = 'list-plan-orders') => new OrdersTableDb(name);

export const orders = (db: OrdersTableDb, query: Partial<OrderQuery> = {}) =>
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
export const ordersByScan = (db: OrdersTableDb, query: Partial<OrderQuery>) => {
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

/** The contract's definition over the table's rows. */
export async function reference(db: OrdersTableDb, q: OrderQuery) {
  return referencePage(await db.orders.toArray(), q);
}

/** One random write to the table: adds, a bulk add, deletes, edits, a moved date, a rolled-back transaction. */
export async function randomWrite(db: OrdersTableDb, r: Random, counter: { n: number }) {
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
