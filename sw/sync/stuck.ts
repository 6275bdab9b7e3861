import type { ShopDb } from '../api/storage/db';
import type { PushTroubleRow, SyncConflict } from '../api/storage/sync-tables';
import { withStoreLock } from '../api/storage/sync-write';
import { ApiError } from '../api/http';
import type { StuckChange } from '../../domain/contract/sync';
import type { Mutation, PullAnswer, PullBody } from '../../domain/contract/sync-protocol';
import { clientState } from './client-state';
import { PUSH_BATCH, PUSH_BATCH_BYTES, pushOldestAlone, pushOutbox, withinBytes, type PushProgress } from './push';
import { isNotAMember, postJson, ServerFailed, ServerRefused, type ServerLink } from './server-link';
import { readOutboxEntries, readOutboxEntry } from './outbox-format';

/*
 * A device is never silently stuck (docs/sync.md, "Stuck changes"). The server takes a client's
 * mutations in id order only, so an entry it refuses as a whole push (a 400 for a mutation name
 * it does not know: an app version it does not speak; a 413) or fails on (a 5xx) again and again
 * holds every change after it. Such failures are counted against the outbox's oldest entry
 * (`pushTrouble` row of syncState: kept across worker restarts). At STUCK_AFTER in a row, the
 * entries of the batch go alone, one push each, so a bad entry is told apart from a bad batch:
 * the first that fails alone is **stuck** (`GET /api/sync/status` `stuck`). The loop keeps trying
 * it (alone: a server that comes back, or learns the change, takes it and the stuck state goes);
 * the person can retry it now or discard it (the entries after it move down an id, so the
 * server's order holds; the discarded write is listed as refused and the copy reloads).
 */

/** Whole pushes failing in a row with the same oldest entry before it is pushed alone (and marked stuck if it fails so). */
export const STUCK_AFTER = 3;

const TROUBLE = 'pushTrouble';

/**
 * Whether a whole push's failure counts against its oldest entry: the server refused the push
 * (a 4xx, but not a token to renew (401), a removal (403 not a member), a gap (409: earlier
 * entries come first) or too many requests (429: it asked to wait)) or failed (a 5xx).
 * Unreachable and no token say nothing of the entry.
 */
export function countsAgainstOldest(error: unknown): boolean {
  if (error instanceof ServerFailed) return true;
  if (!(error instanceof ServerRefused)) return false;
  return ![401, 409, 429].includes(error.status) && !isNotAMember(error);
}

const statusOf = (error: ServerFailed | ServerRefused) => error.status;

async function troubleRow(db: ShopDb): Promise<PushTroubleRow | undefined> {
  return (await db.syncState.get(TROUBLE)) as PushTroubleRow | undefined;
}

/** The outbox's oldest entry, in the current shape (outbox-format.ts). */
const oldestEntry = async (db: ShopDb): Promise<Mutation | undefined> => {
  const stored = await db.outbox.orderBy(':id').first();
  return stored && readOutboxEntry(stored);
};

/** The row while it still names the outbox's oldest entry (that entry answered or gone: none, and the row leaves). */
async function currentTrouble(db: ShopDb): Promise<PushTroubleRow | undefined> {
  const [row, oldest] = await Promise.all([troubleRow(db), oldestEntry(db)]);
  if (!row) return undefined;
  if (row.mutationId === oldest?.id) return row;
  await db.syncState.delete(TROUBLE);
  return undefined;
}

/** One more failure of a push whose oldest entry is `oldest` (counting from 1 when it is another entry than the row's). */
async function countFailure(db: ShopDb, oldest: Mutation, error: ServerFailed | ServerRefused, carried?: Pick<PushTroubleRow, 'failures' | 'since'>, stuck = false): Promise<PushTroubleRow> {
  return db.transaction('rw', db.syncState, async () => {
    const row = (await db.syncState.get(TROUBLE)) as PushTroubleRow | undefined;
    const same = row?.mutationId === oldest.id ? row : undefined;
    const base = same ?? carried;
    const next: PushTroubleRow = {
      key: TROUBLE,
      mutationId: oldest.id,
      name: oldest.name,
      query: oldest.query ?? {},
      failures: (base?.failures ?? 0) + 1,
      since: base?.since ?? new Date().toISOString(),
      status: statusOf(error),
      message: error.message,
      stuck: stuck || (same?.stuck ?? false),
    };
    await db.syncState.put(next);
    return next;
  });
}

/**
 * Pushes the entries of the batch that failed one at a time, oldest first, until one fails alone
 * (it is stuck: marked so, and the failure thrown) or all went (the batch was at fault, not an
 * entry: the row leaves). A stuck entry is its whole walk.
 */
async function pushAlone(db: ShopDb, link: ServerLink, trouble: PushTroubleRow): Promise<void> {
  const walk = trouble.stuck ? 1 : withinBytes(readOutboxEntries(await db.outbox.orderBy(':id').limit(PUSH_BATCH).toArray()), PUSH_BATCH_BYTES).length;
  for (let i = 0; i < walk; i++) {
    const oldest = await oldestEntry(db);
    if (!oldest) break;
    try {
      await pushOldestAlone(db, link);
    } catch (error) {
      // The pushes that held it and failed, and this one: it is stuck.
      if (countsAgainstOldest(error)) await countFailure(db, oldest, error as ServerFailed | ServerRefused, trouble, true);
      throw error;
    }
  }
  await db.syncState.delete(TROUBLE);
}

/**
 * Pushes the outbox (push.ts), counting whole pushes that fail against the oldest entry: a stuck
 * entry (or one at STUCK_AFTER failures whose walk was cut short) goes alone first; the
 * STUCK_AFTER-th failure in a row walks the batch at once. Throws the push's error as pushOutbox;
 * `onProgress` as pushOutbox's.
 */
export async function pushWatched(db: ShopDb, link: ServerLink, onProgress?: (progress: PushProgress) => void): Promise<void> {
  const trouble = await currentTrouble(db);
  if (trouble && (trouble.stuck || trouble.failures >= STUCK_AFTER)) await pushAlone(db, link, trouble);
  for (let round = 0; ; round++) {
    const oldest = await oldestEntry(db);
    try {
      await pushOutbox(db, link, onProgress);
      await db.syncState.delete(TROUBLE);
      return;
    } catch (error) {
      if (!countsAgainstOldest(error)) throw error;
      // The failing push began with the oldest entry left then (earlier batches were answered).
      const failedAt = (await oldestEntry(db)) ?? oldest;
      if (!failedAt) throw error;
      const counted = await countFailure(db, failedAt, error as ServerFailed | ServerRefused);
      // Once: after a walk that all went, a failure of what follows counts anew.
      if (counted.failures < STUCK_AFTER || round > 0) throw error;
      await pushAlone(db, link, counted);
    }
  }
}

/** The stuck change, while it is still the outbox's oldest entry. */
export async function stuckChange(db: ShopDb): Promise<StuckChange | undefined> {
  const [row, oldest] = await Promise.all([troubleRow(db), oldestEntry(db)]);
  if (!row?.stuck || row.mutationId !== oldest?.id) return undefined;
  return { mutationId: row.mutationId, name: row.name, query: row.query, message: row.message, status: row.status, failures: row.failures, since: row.since };
}

const NOTHING_STUCK = 'No change is stuck: every waiting change can be sent';
const NOT_OLDEST = 'That change is no longer stuck (it was sent or discarded meanwhile): nothing was done';

/**
 * The stuck change the person acts on: 404 when none is; 409 when it is not the outbox's oldest
 * any more, or not the one they saw (`expected`, its mutation id).
 */
export async function stuckToActOn(db: ShopDb, expected?: number): Promise<StuckChange> {
  const row = await troubleRow(db);
  if (!row?.stuck) throw new ApiError(404, NOTHING_STUCK);
  const stuck = await stuckChange(db);
  if (!stuck || (expected !== undefined && expected !== stuck.mutationId)) throw new ApiError(409, NOT_OLDEST);
  return stuck;
}

/** The server's last applied mutation of this client, from a pull page of the current cookie (its changes are not applied: a full pull follows). */
async function serverLastApplied(db: ShopDb, link: ServerLink): Promise<number> {
  const { clientId, cookie } = await clientState(db);
  try {
    const page = await postJson<PullAnswer>(link, 'pull', { clientId, cookie } satisfies PullBody);
    return page.lastMutationIds[clientId] ?? 0;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ApiError(503, `The shop server has to confirm it never took this change before it is discarded, and it cannot be asked now (${why}): nothing was discarded; try again when it answers`);
  }
}

/**
 * Discards the stuck change `expected` (or the one stuck now): the server is asked first whether
 * it took it after all (an answer lost on the way: then nothing is discarded, 409). Then, in one
 * transaction under the store's lock: the entry leaves the outbox and the entries after it move
 * down an id (the server takes consecutive ids; their pending ids stay, and later writes' pending
 * ids are shifted past them: ClientStateRow.pendingIdShift); it is listed as refused (discarded
 * by you); the cookie is reset so the next pull is a full one, which puts back the server's state
 * of what it changed on this device (records it created leave). The caller holds the sync loop
 * (no push runs meanwhile) and kicks it afterwards.
 */
export async function discardStuck(db: ShopDb, link: ServerLink, expected?: number): Promise<StuckChange> {
  const stuck = await stuckToActOn(db, expected);
  if ((await serverLastApplied(db, link)) >= stuck.mutationId) {
    await db.syncState.delete(TROUBLE);
    throw new ApiError(409, 'The shop server took this change after all (its answer had not come back): nothing was discarded, and it leaves the waiting changes at the next sync');
  }
  return withStoreLock(db, () =>
    db.transaction('rw', db.outbox, db.syncState, db.syncConflicts, async () => {
      const now = await stuckToActOn(db, stuck.mutationId);
      const stored = await db.outbox.get(now.mutationId);
      if (!stored) throw new ApiError(409, NOT_OLDEST);
      const entry = readOutboxEntry(stored);
      const after = await db.outbox.where(':id').above(entry.id).toArray();
      await db.outbox.where(':id').aboveOrEqual(entry.id).delete();
      if (after.length > 0) await db.outbox.bulkAdd(after.map((waiting) => ({ ...waiting, id: waiting.id - 1 })));
      const conflict: SyncConflict = { type: 'refused', mutationId: entry.id, name: entry.name, query: entry.query, body: entry.body, code: now.status, message: now.message, discarded: true, at: new Date().toISOString() };
      await db.syncConflicts.add(conflict);
      await db.syncState.delete(TROUBLE);
      const state = await clientState(db);
      await db.syncState.put({ ...state, cookie: null, pendingIdShift: (state.pendingIdShift ?? 0) + 1 });
      return now;
    }),
  );
}
