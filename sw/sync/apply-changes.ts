import type { Table } from 'dexie';
import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import { orderStore } from '../api/orders/store/order-store';
import type { StoredFile } from '../api/files/stored-file';
import type { Order } from '../../domain/schema/order';
import type { Change, RecordId, ShopRecord, SyncedKind } from '../../domain/contract/sync-protocol';
import { lastChangeOfEach } from '../../domain/sync/mutation';
import { isPendingId } from '../../domain/sync/pending';
import { allOrders } from '../api/orders/store/order-list-query';

/*
 * The shop server's records put into a shared shop's copy through the paths local writes use:
 * the Dexie tables (so the search index's hooks and the users-per-country upkeep see them),
 * the order store for orders (its index, blocks and aggregates), files with their bytes.
 * Putting a page again changes nothing: a page applied twice (after a crash before its cookie
 * was stored) is harmless.
 */

const TABLE_KINDS = ['users', 'products', 'reviews', 'invoices', 'tickets', 'files'] as const;
type TableKind = (typeof TABLE_KINDS)[number];

const tableOf = (db: ShopDb, kind: TableKind): Table<object, RecordId> => db.table(kind);

/** A file as the server keeps it (bytes in base64) as the store keeps it (bytes as an ArrayBuffer). */
function storedFile(record: ShopRecord): StoredFile {
  const { data, ...info } = record as ShopRecord & { data: string };
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return { ...(info as unknown as Omit<StoredFile, 'bytes'>), bytes: bytes.buffer };
}

/** Applies the changes (in page order: the last change of a record wins); answers the resources they touched. */
export async function applyChanges(db: ShopDb, changes: readonly Change[]): Promise<Set<Resource>> {
  const latest = lastChangeOfEach(changes);
  const touched = new Set<Resource>();
  const puts = new Map<SyncedKind, object[]>();
  const removals = new Map<SyncedKind, RecordId[]>();
  for (const change of latest.values()) {
    touched.add(change.kind);
    if ('deleted' in change) removals.set(change.kind, [...(removals.get(change.kind) ?? []), change.id]);
    else puts.set(change.kind, [...(puts.get(change.kind) ?? []), change.kind === 'files' ? storedFile(change.record) : change.record]);
  }
  const tableKinds = TABLE_KINDS.filter((kind) => puts.has(kind) || removals.has(kind));
  if (tableKinds.length > 0) {
    await db.transaction('rw', tableKinds.map((kind) => tableOf(db, kind)), async () => {
      for (const kind of tableKinds) {
        const table = tableOf(db, kind);
        const gone = removals.get(kind);
        if (gone) await table.bulkDelete(gone);
        const rows = puts.get(kind);
        if (rows) await table.bulkPut(rows);
      }
    });
  }
  if (puts.has('orders') || removals.has('orders')) {
    await orderStore(db).putAndRemove((puts.get('orders') ?? []) as Order[], (removals.get('orders') ?? []) as number[]);
  }
  return touched;
}

/**
 * After a full pull (one from no cookie: a refusal or a discarded stuck change resets it), the
 * copy's records that pull did not send, removed (`sent`: the pull's `recordKey`s). A customer's
 * full pull names no record that left their scope before it (docs/sync.md, "Customers": a first
 * sync sends no removals), so a product unpublished while their device was offline would
 * otherwise stay on it. Records under pending ids are the waiting writes' (server-ids.ts).
 */
export async function dropRecordsNotSent(db: ShopDb, sent: ReadonlySet<string>, keyOf: (kind: SyncedKind, id: RecordId) => string): Promise<Set<Resource>> {
  const gone: Change[] = [];
  const leave = (kind: SyncedKind, id: RecordId) => {
    if (!isPendingId(id) && !sent.has(keyOf(kind, id))) gone.push({ kind, id, version: 0, deleted: true });
  };
  for (const kind of TABLE_KINDS) for (const id of await tableOf(db, kind).toCollection().primaryKeys()) leave(kind, id as RecordId);
  await allOrders(db)((id) => leave('orders', id as RecordId));
  return gone.length > 0 ? applyChanges(db, gone) : new Set();
}
