import type { IndexableType, Table } from 'dexie';
import type { z } from 'zod';
import type { Resource } from '../context';
import type { ShopDb } from '../storage/db';

/**
 * Rows of another table that belong to a record (a product's reviews): they go to the
 * trash with it, inside the same transaction, and come back with it on restore, exactly
 * (same keys, every field).
 */
export interface RecordDependents<K extends IndexableType> {
  /** The dependents' resource (`reviews`): announced as changed, and named in the trash entry. */
  resource: Resource;
  /** Their table (keyed by a single field, e.g. `++id`). */
  table: (db: ShopDb) => Table<object, IndexableType>;
  /** The dependents of these records (read inside the write's transaction). */
  of: (db: ShopDb, keys: readonly K[]) => Promise<object[]>;
  /** The key of the record a dependent belongs to. */
  ownerOf: (row: object) => K;
}

/** Dependents whose `field` (an index of their table) holds their owner's id: a product's reviews by `productId`. */
export function dependentsByIndex<R extends object>(resource: Resource, table: (db: ShopDb) => Table<R, number>, field: keyof R & string): RecordDependents<number> {
  return {
    resource,
    table: (db) => table(db) as unknown as Table<object, IndexableType>,
    of: (db, ids) => table(db).where(field).anyOf([...ids]).toArray(),
    // Read only for the rows `of` found by this index: the field holds the owner's id.
    ownerOf: (row) => (row as R)[field] as number,
  };
}

/**
 * A field no two records of the resource may share (a product's `code`), compared trimmed
 * and case-insensitively. The kit checks it inside the write's transaction on every create,
 * replace and bulk insert (and a bulk body against itself). It is looked up through the
 * Dexie index of the same name, with Dexie's case-insensitive key range (anyOfIgnoreCase):
 * only the keys near the asked values are read, however many records there are. The stored
 * values are trimmed by the schema.
 */
export interface UniqueField<T> {
  /** The field, and the name of its Dexie index. */
  field: keyof T & string;
  /** The 409's message for a value already taken (`A product with code "SKU-1" already exists`). */
  taken: (value: string) => string;
  /** The issue under the field for a value another record has. */
  takenIssue: string;
  /** The issue under `<plural>.<i>.<field>` of a bulk row whose value an earlier row of the body has. */
  repeatedIssue: (earlierIndex: number) => string;
}

/**
 * How new records get their keys when the table does not assign them (`++id`): invoices
 * take `INV-020` from a counter. `next` runs inside the insert's transaction, which also
 * covers `tables`, so keys taken by an insert that fails are given back with it.
 */
export interface KeyAssigner<K extends IndexableType> {
  /** The tables `next` reads and writes (a counters table). */
  tables: (db: ShopDb) => Table[];
  /** `count` keys never given before, in order. */
  next: (db: ShopDb, count: number) => Promise<K[]>;
  /** The key of pending number `n` (a shared shop's record created before its server saw it: `INV-<n>`). */
  pendingKey?: (n: number) => K;
}

/**
 * What the records kit's single-record writes need to know about a resource kept in a Dexie
 * table (record-operations.ts: delete to the trash, restore, create, replace). Records need
 * no status for these (a course, a task); RecordKind adds what the bulk endpoints need.
 */
export interface RecordStore<T extends { id: K }, K extends IndexableType> {
  /** `users`: the path `/api/users/…`, the answer's list field, the change and trash resource. */
  plural: Resource;
  /** `user`: the answer's one-record field, and messages (`Nothing to restore for user 7`). */
  singular: string;
  table: (db: ShopDb) => Table<T, K>;
  /** One id of an `ids` body. */
  idSchema: z.ZodType<K>;
  /** The 404 message for one unknown id (`User not found`). */
  notFound: string;
  /** Keys for new records when the table does not assign them (string keys such as `INV-020`). */
  newKeys?: KeyAssigner<K>;
  /** The record's image URLs: those that are `/api/files/<id>` are files the record owns. */
  fileUrls: (record: T) => ReadonlyArray<string | null | undefined>;
  /** Rows of other tables that go to the trash with a record and come back with it. */
  dependents?: ReadonlyArray<RecordDependents<K>>;
  /** A field whose value is unique among the resource's records. */
  unique?: UniqueField<T>;
}

/**
 * What the records kit needs to know about a resource kept in a Dexie table: a few
 * lines per resource give it delete-to-trash, restore, bulk delete, bulk status and bulk
 * insert (record-routes.ts, record-operations.ts).
 */
export interface RecordKind<T extends { id: K; status: string }, K extends IndexableType, Input> extends RecordStore<T, K> {
  statusSchema: z.ZodType<T['status']>;
  /** A new record as a client sends it (each row of a bulk insert). */
  inputSchema: z.ZodType<Input>;
  /** The record to store for a valid input, created at `now`; its id comes from `newKeys`, or the table (`++id`). */
  create: (input: Input, now: string) => Omit<T, 'id'>;
}

/** `user 7` or `users 7, 9`, for messages. */
export function namedIds(kind: { singular: string; plural: string }, ids: readonly IndexableType[]): string {
  return `${ids.length === 1 ? kind.singular : kind.plural} ${ids.map(String).join(', ')}`;
}
