import type { IndexableType, Table } from 'dexie';
import type { ShopDb } from '../storage/db';
import type { Resource } from '../context';
import { ApiError } from '../http';
import { fileIdsIn, storedFiles } from '../files/stored-file';
import { purgeExpiredTrash, trashFiles, type TrashEntry } from './trash';
import { namedIds, type RecordDependents, type RecordKind, type RecordStore } from './record-kind';
import { assertUniqueValues } from './unique-field';
import { takePendingIds } from '../storage/sync-write';
import { bulkAddNew } from '../storage/pending-key';

/*
 * The writes of the records kit. Each is one Dexie transaction over the resource's table,
 * the trash, the files and the tables of its dependents: it checks everything first and
 * throws an ApiError before writing, so a rejected call changes nothing. Writes go through
 * the Dexie table, so its hooks keep the in-memory search index current (search-index.ts).
 */

/** A record of a kind: keyed by `id` (the bulk status change needs a status too). */
type Row<K> = { id: K };
type StatusRow<K> = { id: K; status: string };

const unique = <K>(keys: readonly K[]): K[] => [...new Set(keys)];

/** What a write of the kind announces: its own resource, and its dependents' when they move with it. */
export function resourcesOf(kind: { plural: Resource; dependents?: ReadonlyArray<{ resource: Resource }> | undefined }): Resource[] {
  return [kind.plural, ...(kind.dependents ?? []).map((dependent) => dependent.resource)];
}

/** Every table a delete or restore of the kind writes. */
function trashTables<T extends Row<K>, K extends IndexableType>(db: ShopDb, kind: RecordStore<T, K>): Table[] {
  return [kind.table(db), db.trash, db.files, ...(kind.dependents ?? []).map((dependent) => dependent.table(db))] as Table[];
}

/** A dependent row's key (its table's primary key path). */
function keyOf(table: Table<object, IndexableType>, row: object): IndexableType {
  return (row as Record<string, IndexableType>)[table.schema.primKey.keyPath as string]!;
}

/** The records with these keys, in that order; `missing` builds the 404 when any is unknown. */
async function existing<T extends Row<K>, K extends IndexableType>(db: ShopDb, kind: RecordStore<T, K>, keys: ReadonlyArray<K>, missing: (keys: Array<K>) => ApiError) {
  const records: Array<T | undefined> = await kind.table(db).bulkGet([...keys]);
  const unknown = keys.filter((_, i) => records[i] === undefined);
  if (unknown.length > 0) throw missing(unknown);
  return records as Array<T>;
}

const notFoundError = (kind: { notFound: string }) => (keys: readonly IndexableType[]) => new ApiError(404, `${kind.notFound}: ${keys.map(String).join(', ')}`);

/** Each dependent kind's rows of these records, grouped by record key. */
async function dependentsOf<K extends IndexableType>(db: ShopDb, dependents: ReadonlyArray<RecordDependents<K>>, keys: readonly K[]) {
  return Promise.all(
    dependents.map(async (dependent) => {
      const byOwner = new Map<K, object[]>();
      for (const row of await dependent.of(db, keys)) {
        const owner = dependent.ownerOf(row);
        const rows = byOwner.get(owner);
        if (rows) rows.push(row);
        else byOwner.set(owner, [row]);
      }
      return { dependent, byOwner };
    }),
  );
}

/**
 * Deletes records: each goes to the trash with the files it owns and its dependents (a
 * product's reviews), restorable for 24 h. Answers the removed records. An unknown key
 * deletes nothing: 404 (from `missing`, by default `User not found: 7, 9`).
 */
export async function trashRecords<T extends Row<K>, K extends IndexableType>(
  db: ShopDb,
  kind: RecordStore<T, K>,
  keys: ReadonlyArray<K>,
  missing: (keys: Array<K>) => ApiError = notFoundError(kind),
): Promise<Array<T>> {
  const table = kind.table(db);
  return db.transaction('rw', trashTables(db, kind), async () => {
    const now = new Date();
    const records = await existing(db, kind, unique(keys), missing);
    await purgeExpiredTrash(db, now);
    const deletedAt = now.toISOString();
    const groups = await dependentsOf(db, kind.dependents ?? [], records.map((record) => record.id));
    const entries: TrashEntry[] = [];
    for (const record of records) {
      const files = await storedFiles(db, fileIdsIn(kind.fileUrls(record)));
      const dependents = groups.map(({ dependent, byOwner }) => ({ resource: dependent.resource, rows: byOwner.get(record.id) ?? [] }));
      entries.push({ resource: kind.plural, key: record.id, deletedAt, record, files, ...(dependents.length > 0 ? { dependents } : {}) });
    }
    await table.bulkDelete(records.map((record) => record.id));
    for (const { dependent, byOwner } of groups) {
      const dependentTable = dependent.table(db);
      await dependentTable.bulkDelete([...byOwner.values()].flat().map((row) => keyOf(dependentTable, row)));
    }
    await db.files.bulkDelete(entries.flatMap((entry) => entry.files.map((file) => file.id)));
    await db.trash.bulkPut(entries);
    return records;
  });
}

/**
 * Puts trashed records back exactly as they were (same key, every field) with their files
 * and dependents. 404 when a key has nothing in the trash, 409 when a live record (or a
 * live dependent) has that key or another record has taken its unique value; then nothing
 * is restored.
 */
export async function restoreRecords<T extends Row<K>, K extends IndexableType>(db: ShopDb, kind: RecordStore<T, K>, keys: ReadonlyArray<K>): Promise<Array<T>> {
  const table = kind.table(db);
  return db.transaction('rw', trashTables(db, kind), async () => {
    await purgeExpiredTrash(db, new Date());
    const wanted = unique(keys);
    const found = await db.trash.bulkGet(wanted.map((key) => [kind.plural, key] as [string, IndexableType]));
    const absent = wanted.filter((_, i) => found[i] === undefined);
    if (absent.length > 0) throw new ApiError(404, `Nothing to restore for ${namedIds(kind, absent)}`);
    const entries = found as TrashEntry[];
    const live = (await table.bulkGet(wanted)).flatMap((record, i) => (record === undefined ? [] : [wanted[i]!]));
    if (live.length > 0) throw new ApiError(409, `Cannot restore ${namedIds(kind, live)}: the id is in use`);
    // A unique value taken meanwhile by another record (a new product with the deleted one's code): 409.
    if (kind.unique) await assertUniqueValues(table, kind.unique, entries.map((entry) => entry.record as Partial<T>), () => kind.unique!.field);

    const restoredDependents = [];
    for (const dependent of kind.dependents ?? []) {
      const dependentTable = dependent.table(db);
      const rows = entries.flatMap((entry) => entry.dependents?.find((d) => d.resource === dependent.resource)?.rows ?? []) as object[];
      const rowKeys = rows.map((row) => keyOf(dependentTable, row));
      const taken = (await dependentTable.bulkGet(rowKeys)).flatMap((row, i) => (row === undefined ? [] : [rowKeys[i]!]));
      if (taken.length > 0) {
        throw new ApiError(409, `Cannot restore ${namedIds(kind, wanted)}: ${dependent.resource} ${taken.map(String).join(', ')} are in use`);
      }
      restoredDependents.push({ dependentTable, rows });
    }

    const restored = entries.map((entry) => entry.record as T);
    // add, not put: the table's hooks see a new row (the search index takes it in).
    await table.bulkAdd(restored);
    for (const { dependentTable, rows } of restoredDependents) await dependentTable.bulkAdd(rows);
    await db.files.bulkPut(entries.flatMap((entry) => entry.files));
    await db.trash.bulkDelete(wanted.map((key) => [kind.plural, key] as [string, IndexableType]));
    return restored;
  });
}

/** The tables an insert of the kind writes: its own, and those its key assigner keeps (a counter). */
function insertTables<T extends Row<K>, K extends IndexableType>(db: ShopDb, kind: RecordStore<T, K>): Table[] {
  return [kind.table(db), ...(kind.newKeys?.tables(db) ?? [])] as Table[];
}

/**
 * Adds new records and answers their keys, in order: the kind's key assigner gives them
 * (`INV-020`, `INV-021`), or the table (`++id`, the records go in without one). Call inside a
 * transaction over insertTables.
 */
async function addNew<T extends Row<K>, K extends IndexableType>(db: ShopDb, kind: RecordStore<T, K>, records: ReadonlyArray<Omit<T, 'id'>>): Promise<K[]> {
  const table = kind.table(db);
  // In a shared shop's copy new records get pending ids (sync-write.ts): `INV-<n>` for a string-keyed kind.
  if (!kind.newKeys) return bulkAddNew(db, table, records);
  const keys = takePendingIds(db, records.length, kind.newKeys.pendingKey) ?? (await kind.newKeys.next(db, records.length));
  await table.bulkAdd(records.map((record, i) => ({ id: keys[i]!, ...record }) as T));
  return keys;
}

/** Adds one new record (its unique field checked first), keyed as addNew says. */
export async function createRecord<T extends Row<K>, K extends IndexableType>(db: ShopDb, kind: RecordStore<T, K>, record: Omit<T, 'id'>): Promise<T> {
  const table = kind.table(db);
  return db.transaction('rw', insertTables(db, kind), async () => {
    if (kind.unique) await assertUniqueValues(table, kind.unique, [record as Partial<T>], () => kind.unique!.field);
    const [id] = await addNew(db, kind, [record]);
    return { id, ...record } as T;
  });
}

/**
 * Replaces one record with what `replace` makes of it. Files the old record owned and the
 * new one no longer shows go to the trash (an undo of the edit can bring them back).
 * 404 (`kind.notFound`) for an unknown key; 409 when another record holds its unique value.
 */
export async function replaceRecord<T extends Row<K>, K extends IndexableType>(
  db: ShopDb,
  kind: RecordStore<T, K>,
  key: K,
  replace: (current: T) => T,
): Promise<T> {
  const table = kind.table(db);
  return db.transaction('rw', [table, db.trash, db.files], async () => {
    const [current] = await existing(db, kind, [key], () => new ApiError(404, kind.notFound));
    const replaced = replace(current!);
    if (kind.unique) await assertUniqueValues(table, kind.unique, [replaced], () => kind.unique!.field, key);
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
export async function setStatus<T extends StatusRow<K>, K extends IndexableType, I>(
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

/**
 * Checks that no stored record holds a unique value of these new records: a 409 naming
 * `<plural>.<index>.<field>` otherwise. Inside a transaction over the table (or on its own,
 * for a dry run).
 */
export async function assertNewValuesFree<T extends Row<K>, K extends IndexableType>(db: ShopDb, kind: RecordStore<T, K>, records: ReadonlyArray<Omit<T, 'id'>>): Promise<void> {
  const uniqueField = kind.unique;
  if (!uniqueField) return;
  await assertUniqueValues(kind.table(db), uniqueField, records as ReadonlyArray<Partial<T>>, (index) => `${kind.plural}.${index}.${uniqueField.field}`);
}

/** Adds new records in one transaction (unique values checked first), with consecutive keys (addNew). */
export async function insertRecords<T extends Row<K>, K extends IndexableType>(db: ShopDb, kind: RecordStore<T, K>, records: ReadonlyArray<Omit<T, 'id'>>) {
  const keys = await db.transaction('rw', insertTables(db, kind), async () => {
    await assertNewValuesFree(db, kind, records);
    return addNew(db, kind, records);
  });
  return { firstId: keys[0] as K, lastId: keys[keys.length - 1] as K };
}
