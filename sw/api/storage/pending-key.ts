import type Dexie from 'dexie';
import { takePendingIds } from './sync-write';

/** `{ id }` with a pending id for one new record of a synced write (a shared shop's copy), else nothing: the table's `++id` gives it. */
export function pendingKey(db: Dexie): { id: number } | Record<string, never> {
  const [id] = takePendingIds(db, 1) ?? [];
  return id === undefined ? {} : { id };
}
