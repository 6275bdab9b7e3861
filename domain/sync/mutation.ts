/**
 * The sync protocol's shared vocabulary (docs/sync.md): a mutation is one `/api` write, and
 * the shop server and the service worker both apply it with `applyMutation` (apply-mutation.ts)
 * over whatever store they keep, seen through `ShopRecords`.
 */

import type { RecordId, ShopRecord, SyncedKind } from '../contract/sync-protocol';

export { syncedKinds } from '../contract/sync-protocol';
export type { Mutation, RecordId, ShopRecord, SyncedKind, WriteRole } from '../contract/sync-protocol';

/**
 * A change the write makes: a record stored (new or replaced) or removed. A removal may say
 * what to keep of the record (its last state by default): a product's reviews removed with
 * it are kept marked `deletedWith`, so its restore brings back exactly those.
 */
export type RecordChange = { kind: SyncedKind; id: RecordId; record: ShopRecord } | { kind: SyncedKind; id: RecordId; deleted: true; record?: ShopRecord };

/**
 * What a write reads of the current shop. The server answers from PostgreSQL inside the
 * write's transaction; a test from a Map.
 */
export interface ShopRecords {
  /** The live record, if any. */
  get(kind: SyncedKind, id: RecordId): Promise<ShopRecord | undefined>;
  /** The last state of a deleted record, for a restore (undefined when it is live or never was). */
  getDeleted(kind: SyncedKind, id: RecordId): Promise<ShopRecord | undefined>;
  /**
   * get (or getDeleted, with `deleted`) of many ids in one look, answered in the order of `ids`:
   * a bulk write of 10,000 ids is one query on the server, not 10,000.
   */
  getMany(kind: SyncedKind, ids: readonly RecordId[], deleted?: boolean): Promise<Array<ShopRecord | undefined>>;
  /** Whether any record, live or deleted, has this id (one look where get and getDeleted would be two). */
  has(kind: SyncedKind, id: RecordId): Promise<boolean>;
  /** Live records whose top-level `field` equals `value` (a product's reviews by `productId`). */
  findBy(kind: SyncedKind, field: string, value: string | number): Promise<ShopRecord[]>;
  /** Live records whose top-level `field` equals one of `values`, in one look (the reviews of the products a bulk delete removes). */
  findByAny(kind: SyncedKind, field: string, values: ReadonlyArray<string | number>): Promise<ShopRecord[]>;
  /** Deleted records whose top-level `field` equals `value` (the reviews a product's restore brings back). */
  findDeletedBy(kind: SyncedKind, field: string, value: string | number): Promise<ShopRecord[]>;
  /** The next value of a per-shop counter, from 1: record ids (`users`, …), `invoice-number`. */
  next(counter: string): Promise<number>;
}

/** Who makes the write, from the verified ID token: a review's author, the audit trail. */
export interface MutationCaller {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export interface MutationContext {
  /** ISO 8601: when the server applies it (the records' createdAt, a status change's time). */
  now: string;
  caller: MutationCaller;
}

/** What an applied write answers: its `/api` answer, the records it changed, the records it created (in order). */
export interface Applied {
  status: number;
  answer: unknown;
  changes: RecordChange[];
  created: Array<{ kind: SyncedKind; id: RecordId }>;
}

/** A record's key in a map of a write's or a page's records: its kind and id. */
export const recordMapKey = (kind: string, id: RecordId): string => `${kind}\u0000${String(id)}`;

/** Each record's last change, in the order their records first came (one statement, or one apply, touches a row once). */
export function lastChangeOfEach<C extends { kind: string; id: RecordId }>(changes: readonly C[]): Map<string, C> {
  const last = new Map<string, C>();
  for (const change of changes) last.set(recordMapKey(change.kind, change.id), change);
  return last;
}
