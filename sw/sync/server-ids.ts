import type { Table } from 'dexie';
import type { ShopDb } from '../api/storage/db';
import type { Resource } from '../api/context';
import type { MovedIdsRow } from '../api/storage/sync-tables';
import { orderStore } from '../api/orders/store/order-store';
import type { MovedId, Mutation, PushResult, RecordId } from '../../domain/contract/sync-protocol';
import { recordMapKey } from '../../domain/sync/mutation';
import { isPendingId, mapPendingIds, PENDING_ID_BASE } from '../../domain/sync/pending';
import { readOutboxEntries } from './outbox-format';

/*
 * A record this device creates before the server has seen it has a pending id
 * (domain/sync/pending.ts); the server gives it its own id when the creation is pushed. The
 * worker's side of that replacement:
 * - a push's answer (`movesOf`): the waiting writes that name a pending id name the server's id
 *   from then on, and the move is kept so a page open on the pending record can follow it
 *   (`adoptServerIds`, `serverIdOf`: GET /api/sync/moved);
 * - a pull that reaches the server's version: the records still under a pending id leave the
 *   copy, but those a waiting write created (`dropAnsweredPendingRecords`); the server's record
 *   under its own id has come in by then, or the creation was refused.
 */

/** How many moves a copy remembers: the pages open on records created offline, with room to spare. */
const KEPT = 2_000;

const movedKey = (kind: string, pendingId: RecordId) => `${kind} ${String(pendingId)}`;

/** The records one pushed mutation created under the pending ids this device gave them, with their server ids. */
export function movesOf(result: PushResult): MovedId[] {
  if (result.status !== 'applied') return [];
  return result.created.flatMap((made) => (made.pendingId === undefined ? [] : [{ kind: made.kind, pendingId: made.pendingId, id: made.id }]));
}

/**
 * Inside the caller's transaction (outbox and syncState): the waiting writes name the server's
 * ids instead of the pending ones `moves` lists, and the moves are remembered (the oldest
 * forgotten past KEPT). Only the entries that named one of them are written again: after a
 * push of creations, most of a long outbox (10,000 writes back from the field) names none, and
 * rewriting all of it after each answer made the replay quadratic.
 */
export async function adoptServerIds(db: ShopDb, moves: readonly MovedId[]): Promise<void> {
  if (moves.length === 0) return;
  const serverIds = new Map(moves.map((move) => [recordMapKey(move.kind, move.pendingId), move.id]));
  const rewritten = readOutboxEntries(await db.outbox.toArray()).flatMap((entry) => {
    let named = false;
    const mapped = mapPendingIds(entry, (kind, pendingId) => {
      const id = serverIds.get(recordMapKey(kind, pendingId));
      if (id === undefined) return pendingId;
      named = true;
      return id;
    });
    return named ? [{ ...entry, ...mapped }] : [];
  });
  if (rewritten.length > 0) await db.outbox.bulkPut(rewritten);
  const row = ((await db.syncState.get('moved')) as MovedIdsRow | undefined) ?? { key: 'moved', ids: {} };
  const ids = { ...row.ids };
  for (const move of moves) ids[movedKey(move.kind, move.pendingId)] = move.id;
  const entries = Object.entries(ids);
  await db.syncState.put({ key: 'moved', ids: Object.fromEntries(entries.slice(Math.max(0, entries.length - KEPT))) } satisfies MovedIdsRow);
}

/** The server's id of the record this copy created as `pendingId` (digits: a number), or undefined while it has none. */
export async function serverIdOf(db: ShopDb, kind: string, pendingId: string): Promise<RecordId | undefined> {
  const row = (await db.syncState.get('moved')) as MovedIdsRow | undefined;
  return row?.ids[movedKey(kind, /^\d+$/.test(pendingId) ? Number(pendingId) : pendingId)];
}

const tableOf = (db: ShopDb, kind: 'users' | 'products' | 'reviews' | 'tickets'): Table<object, RecordId> => db.table(kind);

/**
 * Removes the records that still have pending ids, but those the `waiting` writes create. Called
 * when the pull has reached the server's version: each other one was either created on the
 * server (its record, under the server's id, has just been pulled) or refused. Answers the
 * resources it touched.
 */
export async function dropAnsweredPendingRecords(db: ShopDb, waiting: readonly Mutation[]): Promise<Set<Resource>> {
  const stillPending = new Set(waiting.flatMap((entry) => (entry.pendingIds ?? []).map(String)));
  const touched = new Set<Resource>();
  const answered = (id: RecordId) => !stillPending.has(String(id));
  await db.transaction('rw', [db.users, db.products, db.reviews, db.tickets, db.invoices], async () => {
    for (const kind of ['users', 'products', 'reviews', 'tickets'] as const) {
      const keys = (await tableOf(db, kind).where(':id').aboveOrEqual(PENDING_ID_BASE).primaryKeys()).filter(answered);
      if (keys.length > 0) {
        await tableOf(db, kind).bulkDelete(keys);
        touched.add(kind);
      }
    }
    const invoices = (await db.invoices.toCollection().primaryKeys()).filter((id) => isPendingId(id) && answered(id));
    if (invoices.length > 0) {
      await db.invoices.bulkDelete(invoices);
      touched.add('invoices');
    }
  });
  const orders = (await orderStore(db).idsFrom(PENDING_ID_BASE)).filter(answered);
  if (orders.length > 0) {
    await orderStore(db).putAndRemove([], orders);
    touched.add('orders');
  }
  return touched;
}
