import type { ShopDb } from '../storage/db';
import type { Order } from '../../../domain/schema/order';
import { ApiError } from '../http';
import { orderStore } from './store/order-store';
import { purgeExpiredTrash, type TrashEntry } from '../records/trash';
import { namedIds } from '../records/record-kind';

/*
 * Orders in the trash, as the records kit keeps users and products (records/trash.ts): the
 * order exactly as stored, under `['orders', id]`, for 24 h. Orders live in blocks, not in a
 * table of their own, so the moves go through the order store (which keeps its index and
 * cache exact), in one transaction with the trash.
 */

const RESOURCE = 'orders';
const names = { singular: 'order', plural: 'orders' };
export const ORDER_NOT_FOUND = 'Order not found';

/** Moves the orders to the trash: all or none (404 `Order not found: 7, 9` when an id has no order). Answers them. */
export function trashOrders(db: ShopDb, ids: readonly number[], missing = (unknown: number[]) => new ApiError(404, `${ORDER_NOT_FOUND}: ${unknown.join(', ')}`)): Promise<Order[]> {
  return orderStore(db).removeMany(ids, missing, {
    tables: [db.trash],
    async write(removed) {
      const now = new Date();
      await purgeExpiredTrash(db, now);
      const deletedAt = now.toISOString();
      await db.trash.bulkPut(removed.map((order): TrashEntry => ({ resource: RESOURCE, key: order.id, deletedAt, record: order, files: [] })));
    },
  });
}

/**
 * Puts trashed orders back exactly as they were (same id, every field). 404 when an id has
 * nothing in the trash, 409 when a stored order has the id; then nothing is restored.
 */
export function restoreOrders(db: ShopDb, ids: readonly number[]): Promise<Order[]> {
  const wanted = [...new Set(ids)];
  return orderStore(db).putBack(
    [db.trash],
    async () => {
      await purgeExpiredTrash(db, new Date());
      const entries = await db.trash.bulkGet(wanted.map((id) => [RESOURCE, id] as [string, number]));
      const absent = wanted.filter((_, i) => entries[i] === undefined);
      if (absent.length > 0) throw new ApiError(404, `Nothing to restore for ${namedIds(names, absent)}`);
      await db.trash.bulkDelete(wanted.map((id) => [RESOURCE, id] as [string, number]));
      return entries.map((entry) => entry!.record as Order);
    },
    (live) => new ApiError(409, `Cannot restore ${namedIds(names, live)}: the id is in use`),
  );
}
