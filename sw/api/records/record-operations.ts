import type { IndexableType } from 'dexie';
import type { ShopDb } from '../db';
import { ApiError } from '../http';
import { fileIdsIn, storedFiles } from '../files/stored-file';
import { purgeExpiredTrash, trashFiles, type TrashEntry } from './trash';
import { namedIds, type RecordKind } from './record-kind';

/*
 * The writes of the records kit. Each is one Dexie transaction over the resource's table,
 * the trash and the files: it checks everything first and throws an ApiError before
 * writing, so a rejected call changes nothing. Writes go through the Dexie table, so its
 * hooks keep the in-memory search index current (search-index.ts).
 */

/** A record of a kind: keyed by `id`, with a status. */
type Row<K> = { id: K; status: string };

const unique = <K>(keys: readonly K[]): K[] => [...new Set(keys)];

/** The records with these keys, in that order; `missing` builds the 404 when any is unknown. */
async function existing<T extends Row<K>, K extends IndexableType, I>(db: ShopDb, kind: RecordKind<T, K, I>, keys: ReadonlyArray<K>, missing: (keys: Array<K>) => ApiError) {
  const records: Array<T | undefined> = await kind.table(db).bulkGet([...keys]);
  const unknown = keys.filter((_, i) => records[i] === undefined);
  if (unknown.length > 0) throw missing(unknown);
  return records as Array<T>;
}

const notFoundError = (kind: { notFound: string }) => (keys: readonly IndexableType[]) => new ApiError(404, `${kind.notFound}: ${keys.map(String).join(', ')}`);

/**
 * Deletes records: each goes to the trash with the files it owns, restorable for 24 h.
 * Answers the removed records. An unknown key deletes nothing: 404 (from `missing`, by
 * default `User not found: 7, 9`).
 */
export async function trashRecords<T extends Row<K>, K extends IndexableType, I>(
  db: ShopDb,
  kind: RecordKind<T, K, I>,
  keys: ReadonlyArray<K>,
  missing: (keys: Array<K>) => ApiError = notFoundError(kind),
): Promise<Array<T>> {
  const table = kind.table(db);
  return db.transaction('rw', [table, db.trash, db.files], async () => {
    const now = new Date();
    const records = await existing(db, kind, unique(keys), missing);
    await purgeExpiredTrash(db, now);
    const deletedAt = now.toISOString();
    const entries: TrashEntry[] = [];
    for (const record of records) {
      const files = await storedFiles(db, fileIdsIn(kind.fileUrls(record)));
      entries.push({ resource: kind.plural, key: record.id, deletedAt, record, files });
    }
    await table.bulkDelete(records.map((record) => record.id));
    await db.files.bulkDelete(entries.flatMap((entry) => entry.files.map((file) => file.id)));
    await db.trash.bulkPut(entries);
    return records;
  });
}

/**
 * Puts trashed records back exactly as they were (same key, every field) with their files.
 * 404 when a key has nothing in the trash, 409 when a live record has that key; then
 * nothing is restored.
 */
export async function restoreRecords<T extends Row<K>, K extends IndexableType, I>(db: ShopDb, kind: RecordKind<T, K, I>, keys: ReadonlyArray<K>): Promise<Array<T>> {
  const table = kind.table(db);
  return db.transaction('rw', [table, db.trash, db.files], async () => {
    await purgeExpiredTrash(db, new Date());
    const wanted = unique(keys);
    const entries = await db.trash.bulkGet(wanted.map((key) => [kind.plural, key] as [string, IndexableType]));
    const absent = wanted.filter((_, i) => entries[i] === undefined);
    if (absent.length > 0) throw new ApiError(404, `Nothing to restore for ${namedIds(kind, absent)}`);
    const live = (await table.bulkGet(wanted)).flatMap((record, i) => (record === undefined ? [] : [wanted[i]!]));
    if (live.length > 0) throw new ApiError(409, `Cannot restore ${namedIds(kind, live)}: the id is in use`);

    const restored = (entries as TrashEntry[]).map((entry) => entry.record as T);
    // add, not put: the table's hooks see a new row (the search index takes it in).
    await table.bulkAdd(restored);
    await db.files.bulkPut((entries as TrashEntry[]).flatMap((entry) => entry.files));
    await db.trash.bulkDelete(wanted.map((key) => [kind.plural, key] as [string, IndexableType]));
    return restored;
  });
}

/**
 * Replaces one record with what `replace` makes of it. Files the old record owned and the
 * new one no longer shows go to the trash (an undo of the edit can bring them back).
 * 404 (`kind.notFound`) for an unknown key.
 */
export async function replaceRecord<T extends Row<K>, K extends IndexableType, I>(
  db: ShopDb,
  kind: RecordKind<T, K, I>,
  key: K,
  replace: (current: T) => T,
): Promise<T> {
  const table = kind.table(db);
  return db.transaction('rw', [table, db.trash, db.files], async () => {
    const [current] = await existing(db, kind, [key], () => new ApiError(404, kind.notFound));
    const replaced = replace(current!);
    await table.put(replaced);
    const kept = new Set(fileIdsIn(kind.fileUrls(replaced)));
    const dropped = fileIdsIn(kind.fileUrls(current!)).filter((id) => !kept.has(id));
    if (dropped.length > 0) {
      const now = new Date();
      await purgeExpiredTrash(db, now);
      await trashFiles(db, await storedFiles(db, dropped), now.toISOString());
    }
    return replaced;
  });
}

/** Sets the status of every record; an unknown key changes nothing (404). */
export async function setStatus<T extends Row<K>, K extends IndexableType, I>(
  db: ShopDb,
  kind: RecordKind<T, K, I>,
  keys: ReadonlyArray<K>,
  status: T['status'],
): Promise<Array<T>> {
  const table = kind.table(db);
  return db.transaction('rw', table, async () => {
    const records = await existing(db, kind, unique(keys), notFoundError(kind));
    const updated = records.map((record) => ({ ...record, status }));
    await table.bulkPut(updated);
    return updated;
  });
}

/** Adds new records in one transaction; the table assigns consecutive ids. */
export async function insertRecords<T extends Row<K>, K extends IndexableType, I>(db: ShopDb, kind: RecordKind<T, K, I>, records: ReadonlyArray<Omit<T, 'id'>>) {
  const table = kind.table(db);
  // The table assigns the ids (`++id`): the records go in without one.
  const keys = await db.transaction('rw', table, () => table.bulkAdd(records as readonly T[], { allKeys: true }));
  return { firstId: keys[0] as K, lastId: keys[keys.length - 1] as K };
}
