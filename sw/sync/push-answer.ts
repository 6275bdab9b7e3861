import type { ShopDb } from '../api/storage/db';
import type { SyncConflict } from '../api/storage/sync-tables';
import type { MovedId, Mutation, PushResult } from '../../domain/contract/sync-protocol';
import { clientState } from './client-state';
import { adoptServerIds, movesOf } from './server-ids';

/*
 * What a push's answer becomes on the device (docs/sync.md, "Push" and "Conflicts"). The server
 * decides each mutation: applied (perhaps with fields whose value it kept over this device's),
 * refused, or skipped (applied before). Here the answered entries leave the outbox, the refused
 * writes and the overwritten fields become the Sync page's conflicts (`syncConflicts`), the
 * waiting writes take the server's ids of the records created (server-ids.ts), and the last
 * answered mutation id is stored.
 */

/** The conflicts one answered mutation leaves for the person who made it: its refusal, or each field the server kept. */
export function conflictsOf(entry: Mutation, result: PushResult, now: string): SyncConflict[] {
  const write = { mutationId: entry.id, name: entry.name, query: entry.query, body: entry.body };
  if (result.status === 'rejected') return [{ ...write, type: 'refused', code: result.code, message: result.message, at: now }];
  if (result.status !== 'applied') return [];
  return (result.kept ?? []).map((kept) => ({ ...write, type: 'overwritten', kind: kept.kind, recordId: kept.id, field: kept.field, yours: kept.yours, kept: kept.kept, ...(kept.by ? { by: kept.by } : {}), at: kept.at ?? now }));
}

/**
 * Takes the server's `results` for the pushed `batch`, in one transaction: every entry up to the
 * last answered id leaves the outbox, the conflicts are recorded, the remaining entries name the
 * server's ids, and the last answered id is stored. A refusal asks for a full pull, which puts
 * back the server's state of whatever the refused write had changed locally (pull.ts). Answers
 * how many were refused.
 */
export async function takePushAnswer(db: ShopDb, batch: readonly Mutation[], results: readonly PushResult[]): Promise<number> {
  const byId = new Map(batch.map((entry) => [entry.id, entry]));
  const now = new Date().toISOString();
  const conflicts: SyncConflict[] = [];
  const moves: MovedId[] = [];
  for (const result of results) {
    const entry = byId.get(result.id);
    if (!entry) continue;
    conflicts.push(...conflictsOf(entry, result, now));
    moves.push(...movesOf(result));
  }
  const last = results.reduce((max, result) => Math.max(max, result.id), 0);
  const refused = conflicts.filter((conflict) => conflict.type === 'refused').length;
  await db.transaction('rw', db.outbox, db.syncState, db.syncConflicts, async () => {
    await db.outbox.where(':id').belowOrEqual(last).delete();
    if (conflicts.length > 0) await db.syncConflicts.bulkAdd(conflicts);
    await adoptServerIds(db, moves);
    const state = await clientState(db);
    await db.syncState.put({ ...state, lastMutationId: Math.max(state.lastMutationId, last), ...(refused > 0 ? { cookie: null } : {}) });
  });
  return refused;
}
