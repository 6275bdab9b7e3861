/**
 * The sync protocol's shared vocabulary (docs/sync.md): a mutation is one `/api` write, and
 * the shop server and the service worker both apply it with `applyMutation` (apply-mutation.ts)
 * over whatever store they keep, seen through `ShopRecords`.
 */

/** The kinds of shop data the server keeps and a pull answers (the `/api` resource names). */
export const syncedKinds = ['users', 'products', 'reviews', 'orders', 'invoices', 'tickets', 'files'] as const;
export type SyncedKind = (typeof syncedKinds)[number];

/** Numbers for most kinds, `INV-020` for invoices, a UUID for files. */
export type RecordId = string | number;
export type ShopRecord = { id: RecordId } & Record<string, unknown>;

/** One `/api` write as a device sends it to the server. */
export interface Mutation {
  /** Consecutive per client, from 1. */
  id: number;
  /** `"POST /api/users"`, `"PATCH /api/orders"`, … (mutationNames). */
  name: string;
  /** The write's query parameters (`{ id: "7" }`). */
  query: Record<string, string>;
  /** The write's JSON body (a file upload's is `{ id, type, data }`, data in base64). */
  body: unknown;
  /**
   * The ids the device gave, in its own store, to the records this mutation creates, in
   * the order the server creates them: the server keeps which record each became, so the
   * device's later mutations may name them (pending.ts).
   */
  pendingIds?: RecordId[];
  /**
   * A replace's values on the device before its edit, for the fields the edit changed
   * (field-merge.ts): the server keeps another member's newer value of such a field.
   */
  base?: Record<string, unknown>;
}

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
  /** Whether any record, live or deleted, has this id (one look where get and getDeleted would be two). */
  has(kind: SyncedKind, id: RecordId): Promise<boolean>;
  /** Live records whose top-level `field` equals `value` (a product's reviews by `productId`). */
  findBy(kind: SyncedKind, field: string, value: string | number): Promise<ShopRecord[]>;
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

/** The least role that may send a mutation: staff writes orders, reviews and tickets; admin everything else. */
export type WriteRole = 'staff' | 'admin';
