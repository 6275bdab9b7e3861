import type Dexie from 'dexie';
import type { DBCore, DBCoreTransaction, Middleware } from 'dexie';
import { pendingIdOf } from '../../../domain/sync/pending';
import { mergeTarget } from '../../../domain/sync/field-merge';
import { sameJson } from '../../../domain/writes/server-fields';
import type { Mutation, RecordId } from '../../../domain/contract/sync-protocol';

/*
 * The outbox's half inside the store (docs/sync.md, "The client"): while a synced write runs
 * (`runSyncWrite`), every read-write transaction over a synced table also holds `outbox`, and
 * each change to a synced table (re)puts the write's outbox entry in that same transaction. So
 * the write and its entry commit together or not at all, whichever path wrote (the records
 * kit, the order store's own queue, a handler's own transaction): IndexedDB's atomicity, not
 * the code's discipline, keeps them together. Records the write creates get pending ids
 * (`takePendingIds`), which the entry lists (Mutation.pendingIds). A replace of a whole record
 * (a user, a product, an invoice) also carries the values the record had before, for the fields
 * it changes (Mutation.base), read in that same transaction before the record is put: the server
 * then keeps another member's newer value of such a field and says so (domain/sync/field-merge.ts).
 */

/** The tables whose rows the shop server keeps (orders live in blocks). */
export const SYNCED_TABLES: ReadonlySet<string> = new Set(['users', 'products', 'reviews', 'orderBlocks', 'invoices', 'tickets', 'files']);
export const OUTBOX = 'outbox';

/** What an outbox entry records of the worker that wrote it (sw/sync/outbox-format.ts). */
export interface WrittenWith {
  /** The entry's format (OUTBOX_FORMAT when it was written). */
  format: number;
  /** The build of the app that wrote it (VITE_BUILD_ID); absent: unknown (format 1). */
  appVersion?: string;
}

/** An outbox entry in the current shape (sw/sync/outbox-format.ts readOutboxEntry): a mutation, and what wrote it. */
export type OutboxEntry = Mutation & WrittenWith;

/** The outbox table's row as stored, of any format (format 1 records neither field). */
export type StoredOutboxEntry = Mutation & Partial<WrittenWith>;

/** The write running now in a synced store (one at a time: runSyncWrite holds the store's lock). */
interface SyncWrite {
  entry: Mutation;
  /** The number its pending ids come from (the entry's id unless entries were discarded: ClientStateRow.pendingIdShift). */
  pendingBase: number;
  /** Pending ids given so far, in order. */
  assigned: RecordId[];
  /** Whether a change to a synced table put the entry (it commits with that change). */
  written: boolean;
  /** The record a mergeable replace names, until its base is read (mergeTarget). */
  baseOf?: { kind: string; id: RecordId };
}

const writes = new WeakMap<Dexie, SyncWrite>();
const locks = new WeakMap<Dexie, Promise<unknown>>();

/** Runs `work` alone among the store's synced writes and sync applies (the worker's order of writes). */
export function withStoreLock<R>(db: Dexie, work: () => Promise<R>): Promise<R> {
  const run = (locks.get(db) ?? Promise.resolve()).then(work, work);
  locks.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Runs a write (inside the store's lock, taken by the caller) as mutation `entry`: its changes to
 * synced tables carry the entry into the outbox. Answers whether the entry was written (a write
 * that changed no synced table, or failed, left none) and the entry as written. The records it
 * creates get the pending ids of `pendingBase` (the entry's id unless the copy shifted them).
 */
export async function runSyncWrite<R>(db: Dexie, entry: Mutation, work: () => Promise<R>, pendingBase = entry.id): Promise<{ result: R; written: Mutation | undefined }> {
  const target = mergeTarget(entry);
  const write: SyncWrite = { entry, pendingBase, assigned: [], written: false, ...(target ? { baseOf: target } : {}) };
  writes.set(db, write);
  try {
    const result = await work();
    return { result, written: write.written ? entryOf(write) : undefined };
  } finally {
    writes.delete(db);
  }
}

/**
 * `count` pending ids for the records the running synced write creates (`format` turns the
 * number into the stored key: `INV-…`), or undefined when no synced write runs (the account's
 * own store: the table's own keys).
 */
export function takePendingIds<K = number>(db: Dexie, count: number, format: (n: number) => K = (n) => n as K): K[] | undefined {
  const write = writes.get(db);
  if (!write) return undefined;
  const start = write.assigned.length;
  const keys = Array.from({ length: count }, (_, i) => format(pendingIdOf(write.pendingBase, start + i)));
  write.assigned.push(...(keys as RecordId[]));
  return keys;
}

function entryOf(write: SyncWrite): Mutation {
  return write.assigned.length > 0 ? { ...write.entry, pendingIds: [...write.assigned] } : write.entry;
}

/** The fields of `body` whose value differs from the record's before the write, with that value (null: absent). */
function baseOf(before: Record<string, unknown>, body: unknown): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  if (typeof body !== 'object' || body === null) return base;
  for (const [field, value] of Object.entries(body)) {
    if (field !== 'id' && !sameJson(before[field] ?? null, value ?? null)) base[field] = before[field] ?? null;
  }
  return base;
}

/** A file's bytes as base64, for the mutation of an upload (the server takes `{ id, type, data }`). */
export function base64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let text = '';
  for (let i = 0; i < view.length; i += 0x8000) text += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(text);
}

const isUpgrade = (trans: DBCoreTransaction): boolean => (trans as unknown as IDBTransaction).mode === 'versionchange';

/** The middleware (below Dexie's own, as user-countries.ts's): outbox in scope, the entry put with each synced change. */
function outboxMiddleware(db: Dexie): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'SyncOutbox',
    level: -3,
    create(down) {
      return {
        ...down,
        transaction(stores, mode, options) {
          const scope = mode === 'readwrite' && writes.has(db) && stores.some((name) => SYNCED_TABLES.has(name)) && !stores.includes(OUTBOX) ? [...stores, OUTBOX] : stores;
          return down.transaction(scope, mode, options);
        },
        table(name) {
          const table = down.table(name);
          if (!SYNCED_TABLES.has(name)) return table;
          return {
            ...table,
            async mutate(req) {
              const write = writes.get(db);
              const target = write?.baseOf;
              // The replaced record as it was, read in the write's transaction before the first put of it.
              if (write && target && target.kind === name && req.type === 'put' && req.values.length === 1 && String((req.values[0] as { id?: unknown }).id) === String(target.id)) {
                delete write.baseOf;
                const before = (await table.get({ trans: req.trans, key: (req.values[0] as { id: RecordId }).id })) as Record<string, unknown> | undefined;
                if (before) write.entry = { ...write.entry, base: baseOf(before, write.entry.body) };
              }
              const res = await table.mutate(req);
              if (!write || isUpgrade(req.trans)) return res;
              // An upload's mutation carries the file as the server takes it: the stored bytes in base64.
              if (name === 'files' && req.type === 'add' && write.entry.name === 'POST /api/files') {
                const file = req.values[0] as { id: string; type: string; bytes: ArrayBuffer };
                write.entry = { ...write.entry, body: { id: file.id, type: file.type, data: base64(file.bytes) } };
              }
              await down.table(OUTBOX).mutate({ trans: req.trans, type: 'put', values: [entryOf(write)] });
              write.written = true;
              return res;
            },
          };
        },
      };
    },
  };
}

/** Installs the outbox upkeep on a database object (ShopDb's constructor calls this). */
export function keepOutbox(db: Dexie): void {
  db.use(outboxMiddleware(db));
}
