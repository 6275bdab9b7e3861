import type Dexie from 'dexie';
import type { IndexableType, Table } from 'dexie';
import { takePendingIds } from './sync-write';

/** `{ id }` with a pending id for one new record of a synced write (a shared shop's copy), else nothing: the table's `++id` gives it. */
export function pendingKey(db: Dexie): { id: number } | Record<string, never> {
  const [id] = takePendingIds(db, 1) ?? [];
  return id === undefined ? {} : { id };
}

/**
 * Adds new rows under pending ids in a synced write (a shared shop's copy), else under the
 * table's own `++id`; answers their keys in order.
 */
export async function bulkAddNew<T, K extends IndexableType>(db: Dexie, table: Table<T, K>, rows: readonly object[]): Promise<K[]> {
  const pending = takePendingIds<K>(db, rows.length);
  if (!pending) return table.bulkAdd(rows as readonly T[], { allKeys: true });
  await table.bulkAdd(rows.map((row, i) => ({ ...row, id: pending[i]! }) as T));
  return pending;
}
