import type { IndexableType } from 'dexie';
import type { ShopDb } from '../storage/db';
import type { StoredFile } from '../files/stored-file';
import { DAY_MS } from '../../../domain/units';

/** How long a deleted record can be restored. */
const TRASH_RETENTION_MS = DAY_MS;

/** The trash's resource name for a file removed on its own (an image replaced by a PUT, DELETE /api/files). */
const FILES_IN_TRASH = 'files';

/**
 * A deleted record as the trash keeps it: the record exactly as it was stored, the
 * uploaded files it owned (their bytes too) and its dependents, so a restore puts back all
 * of them unchanged.
 */
export interface TrashEntry {
  /** The record's resource (`users`), or `files` for a file removed on its own. */
  resource: string;
  key: IndexableType;
  deletedAt: string;
  record: unknown;
  files: StoredFile[];
  /**
   * Rows of other tables that went to the trash with the record (a product's reviews), per
   * resource, exactly as stored; absent for a kind without dependents (and older entries).
   */
  dependents?: Array<{ resource: string; rows: unknown[] }>;
}

/**
 * Drops entries older than the retention time, with their files. Runs within every trash
 * write, so the trash never holds more than a day of deletes and needs no timer.
 * Call inside a transaction that includes db.trash.
 */
export async function purgeExpiredTrash(db: ShopDb, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_MS).toISOString();
  await db.trash.where('deletedAt').below(cutoff).delete();
}

/**
 * Moves files to the trash on their own (an image a record no longer shows). Call inside a
 * transaction that includes db.files and db.trash.
 */
export async function trashFiles(db: ShopDb, files: readonly StoredFile[], deletedAt: string): Promise<void> {
  if (files.length === 0) return;
  await db.files.bulkDelete(files.map((file) => file.id));
  await db.trash.bulkPut(files.map((file) => ({ resource: FILES_IN_TRASH, key: file.id, deletedAt, record: null, files: [file] })));
}
