import type { IndexableType, Table } from 'dexie';
import type { z } from 'zod';
import type { Resource } from '../context';
import type { ShopDb } from '../db';

/**
 * What the records kit needs to know about a resource kept in a Dexie table: a few
 * lines per resource give it delete-to-trash, restore, bulk delete, bulk status and bulk
 * insert (record-routes.ts, record-operations.ts).
 */
export interface RecordKind<T extends { id: K; status: string }, K extends IndexableType, Input> {
  /** `users`: the path `/api/users/…`, the answer's list field, the change and trash resource. */
  plural: Resource;
  /** `user`: the answer's one-record field, and messages (`Nothing to restore for user 7`). */
  singular: string;
  table: (db: ShopDb) => Table<T, K>;
  /** One id of an `ids` body. */
  idSchema: z.ZodType<K>;
  /** The 404 message for one unknown id (`User not found`). */
  notFound: string;
  statusSchema: z.ZodType<T['status']>;
  /** A new record as a client sends it (each row of a bulk insert). */
  inputSchema: z.ZodType<Input>;
  /** The record to store for a valid input, created at `now`; the table assigns the id (`++id`). */
  create: (input: Input, now: string) => Omit<T, 'id'>;
  /** The record's image URLs: those that are `/api/files/<id>` are files the record owns. */
  fileUrls: (record: T) => ReadonlyArray<string | null | undefined>;
}

/** `user 7` or `users 7, 9`, for messages. */
export function namedIds(kind: { singular: string; plural: string }, ids: readonly IndexableType[]): string {
  return `${ids.length === 1 ? kind.singular : kind.plural} ${ids.map(String).join(', ')}`;
}
