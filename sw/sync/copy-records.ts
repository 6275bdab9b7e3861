import type { Table } from 'dexie';
import type { ShopDb } from '../api/storage/db';
import { orderStore } from '../api/orders/store/order-store';
import { allOrders } from '../api/orders/store/order-list-query';
import type { CustomerRecords } from '../../domain/sync/customer-writes';
import type { RecordId, ShopRecord, SyncedKind } from '../../domain/contract/sync-protocol';

/*
 * A shop's copy on this device seen as the shop server's records (domain/sync/mutation.ts,
 * ShopRecords), for the rules of domain/ that read them before a write: a customer's writes
 * (customerMutation) are decided over it, as the server decides them over its own. Read only:
 * live records as the copy holds them (the orders from the order store), no deleted ones (a
 * restore's look-up answers none) and no counters (no rule that reads this takes an id).
 */

const tableOf = (db: ShopDb, kind: Exclude<SyncedKind, 'orders'>): Table<ShopRecord, RecordId> => db.table(kind);

/** The copy's live records, read by the rules of domain/ (CustomerRecords: a customer's orders too). */
export function copyRecords(db: ShopDb): CustomerRecords {
  const get = async (kind: SyncedKind, id: RecordId): Promise<ShopRecord | undefined> => {
    if (kind === 'orders') return typeof id === 'number' ? ((await orderStore(db).get(id)) as unknown as ShopRecord | undefined) : undefined;
    // A malformed key (an object, NaN) reads as no record, as the server's text ids do.
    if ((typeof id !== 'number' || !Number.isFinite(id)) && typeof id !== 'string') return undefined;
    return tableOf(db, kind).get(id);
  };
  const findBy = async (kind: SyncedKind, field: string, value: string | number): Promise<ShopRecord[]> => {
    if (kind === 'orders') return (await everyOrder(db)).filter((order) => order[field] === value);
    return tableOf(db, kind)
      .filter((record) => record[field] === value)
      .toArray();
  };
  return {
    get,
    getDeleted: async () => undefined,
    getMany: (kind, ids, deleted) => (deleted ? Promise.resolve(ids.map(() => undefined)) : Promise.all(ids.map((id) => get(kind, id)))),
    has: async (kind, id) => (await get(kind, id)) !== undefined,
    findBy,
    findByAny: async (kind, field, values) => (await Promise.all(values.map((value) => findBy(kind, field, value)))).flat(),
    findDeletedBy: async () => [],
    next: () => Promise.reject(new Error('A copy of the shop gives no ids from its records')),
    ordersOf: async (customerId) => (await everyOrder(db)).filter((order) => (order.customer as { id?: unknown } | null | undefined)?.id === customerId),
  };
}

/** Every order of the copy (a customer's copy holds only theirs: few). */
async function everyOrder(db: ShopDb): Promise<ShopRecord[]> {
  const orders: ShopRecord[] = [];
  await allOrders(db)((_key, order) => orders.push(order as unknown as ShopRecord));
  return orders;
}
