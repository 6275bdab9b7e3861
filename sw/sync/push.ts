import type { ShopDb } from '../api/storage/db';
import type { SyncConflict } from '../api/storage/sync-tables';
import type { Mutation, PushAnswer, PushResult, RecordId, SyncedKind } from '../../domain/contract/sync-protocol';
import { mapPendingIds } from '../../domain/sync/pending';
import { clientState } from './client-state';
import { rememberMoved } from './moved-ids';
import { postJsonText, type ServerLink } from './server-link';

/** Mutations per push (the server takes up to its maxMutationsPerPush, 500 by default). */
export const PUSH_BATCH = 100;
/**
 * A push's size at most, as JSON: well under the server's body limit (16 MB by default), since
 * 100 image uploads of 3 MB each would be refused whole (413) and never leave the outbox. An entry
 * larger than this goes alone.
 */
export const PUSH_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Pushes the outbox's entries in order, a batch at a time, until it is empty (entries added
 * meanwhile are pushed too). Answers how many the server refused. Throws Unreachable or
 * ServerRefused when a push fails: the entries stay, to be pushed again.
 */
export async function pushOutbox(db: ShopDb, link: ServerLink): Promise<{ pushed: number; rejected: number }> {
  const { clientId } = await clientState(db);
  let pushed = 0;
  let rejected = 0;
  for (;;) {
    const prepared = withinBytes(await db.outbox.orderBy(':id').limit(PUSH_BATCH).toArray(), PUSH_BATCH_BYTES);
    if (prepared.length === 0) return { pushed, rejected };
    const { results } = await postJsonText<PushAnswer>(link, 'push', pushBody(clientId, prepared));
    rejected += await acknowledge(db, prepared.map(({ entry }) => entry), results);
    pushed += results.length;
    if (results.length === 0) return { pushed, rejected };
  }
}

/** An outbox entry with its wire form as JSON, serialised once: measured for the batch, then sent. */
export interface PreparedEntry {
  entry: Mutation;
  json: string;
}

/** The first entries whose wire form fits in `maxBytes` (at least one), each with that form's JSON. */
export function withinBytes(entries: readonly Mutation[], maxBytes: number): PreparedEntry[] {
  const batch: PreparedEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const json = JSON.stringify(wire(entry));
    if (batch.length > 0 && bytes + json.length > maxBytes) break;
    batch.push({ entry, json });
    bytes += json.length;
  }
  return batch;
}

/** A push's body, the JSON of `{ clientId, mutations }`, assembled from the entries' JSON rather than serialised again. */
export function pushBody(clientId: string, batch: readonly PreparedEntry[]): string {
  return `{"clientId":${JSON.stringify(clientId)},"mutations":[${batch.map(({ json }) => json).join(',')}]}`;
}

const wire = ({ id, name, query, body, pendingIds, base }: Mutation) => ({ id, name, query, body, ...(pendingIds?.length ? { pendingIds } : {}), ...(base ? { base } : {}) });

/**
 * In one transaction: the answered entries leave the outbox, the refused ones are kept as
 * conflicts (and so is each field whose value the server kept over an applied one's), the remaining entries name the server's ids instead of the pending ones it made,
 * and the last answered id is stored. A refusal asks for a full pull, which puts back the
 * server's state of whatever the refused write had changed locally (pull.ts).
 */
async function acknowledge(db: ShopDb, batch: readonly Mutation[], results: readonly PushResult[]): Promise<number> {
  const byId = new Map(batch.map((entry) => [entry.id, entry]));
  const now = new Date().toISOString();
  const conflicts: SyncConflict[] = [];
  const created = new Map<string, RecordId>();
  const moved: Array<{ kind: SyncedKind; pendingId: RecordId; id: RecordId }> = [];
  for (const result of results) {
    const entry = byId.get(result.id);
    if (!entry) continue;
    const write = { mutationId: entry.id, name: entry.name, query: entry.query, body: entry.body };
    if (result.status === 'rejected') conflicts.push({ ...write, type: 'refused', code: result.code, message: result.message, at: now });
    if (result.status === 'applied') {
      for (const kept of result.kept ?? []) {
        const who = kept.by ? { by: kept.by } : {};
        conflicts.push({ ...write, type: 'overwritten', kind: kept.kind, recordId: kept.id, field: kept.field, yours: kept.yours, kept: kept.kept, ...who, at: kept.at ?? now });
      }
      for (const made of result.created) {
        if (made.pendingId === undefined) continue;
        created.set(`${made.kind}\u0000${String(made.pendingId)}`, made.id);
        moved.push({ kind: made.kind, pendingId: made.pendingId, id: made.id });
      }
    }
  }
  const last = results.reduce((max, result) => Math.max(max, result.id), 0);
  const refused = conflicts.filter((conflict) => conflict.type === 'refused').length;
  await db.transaction('rw', db.outbox, db.syncState, db.syncConflicts, async () => {
    await db.outbox.where(':id').belowOrEqual(last).delete();
    if (conflicts.length > 0) await db.syncConflicts.bulkAdd(conflicts);
    if (created.size > 0) {
      const rest = await db.outbox.toArray();
      const mapped = rest.map((entry) => ({ ...entry, ...mapPendingIds(entry, (kind, pendingId) => created.get(`${kind}\u0000${String(pendingId)}`) ?? pendingId) }));
      await db.outbox.bulkPut(mapped);
      await rememberMoved(db, moved);
    }
    const state = await clientState(db);
    await db.syncState.put({ ...state, lastMutationId: Math.max(state.lastMutationId, last), ...(refused > 0 ? { cookie: null } : {}) });
  });
  return refused;
}
