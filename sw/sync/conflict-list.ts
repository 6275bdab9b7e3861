import type { ShopDb } from '../api/storage/db';
import type { ConflictsSeenRow, SyncConflict } from '../api/storage/sync-tables';
import { withStoreLock } from '../api/storage/sync-write';
import { ApiError } from '../api/http';
import { parseMutationName } from '../../domain/contract/sync-protocol';
import { mergeableWrites } from '../../domain/sync/field-merge';
import {
  conflictKindOf,
  conflictKinds,
  conflictTypeOf,
  conflictTypes,
  MAX_CONFLICTS_PER_CALL,
  type ConflictKind,
  type ConflictPage,
  type ConflictsBulkAnswer,
  type ConflictType,
} from '../../domain/contract/sync';
import { readRecord, recordUrl } from './read-record';

/*
 * The Sync page's list after days away (docs/sync.md, "The Sync page"): hundreds of refused or
 * overwritten changes, read a page at a time with filters by kind and type, put back or
 * dismissed many at once, and counted in the header until the page is opened (`conflictsSeen`
 * in syncState: the highest entry id the page has shown; the `++id` keys only grow).
 */

const SEEN = 'conflictsSeen';

/** The list's query: `page`, `pageSize` (1–200), `kind`, `type`; a bad value is a 400. Undefined when none is given (the whole list, as stored). */
export function conflictQueryOf(url: URL): { page: number; pageSize: number; kind?: ConflictKind; type?: ConflictType } | undefined {
  const params = url.searchParams;
  if (!['page', 'pageSize', 'kind', 'type'].some((name) => params.has(name))) return undefined;
  const whole = (name: string, fallback: number, most: number): number => {
    const raw = params.get(name);
    if (raw === null) return fallback;
    const value = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= 1 && value <= most)) throw new ApiError(400, `Invalid request: ${name} must be a whole number from 1 to ${most}`, [{ path: name, message: `1 to ${most}` }]);
    return value;
  };
  const kind = params.get('kind') ?? undefined;
  if (kind !== undefined && !(conflictKinds as readonly string[]).includes(kind)) throw new ApiError(400, `Invalid request: kind must be one of ${conflictKinds.join(', ')}`, [{ path: 'kind', message: `One of ${conflictKinds.join(', ')}` }]);
  const type = params.get('type') ?? undefined;
  if (type !== undefined && !(conflictTypes as readonly string[]).includes(type)) throw new ApiError(400, `Invalid request: type must be one of ${conflictTypes.join(', ')}`, [{ path: 'type', message: `One of ${conflictTypes.join(', ')}` }]);
  return { page: whole('page', 1, 1_000_000), pageSize: whole('pageSize', 50, 200), ...(kind ? { kind: kind as ConflictKind } : {}), ...(type ? { type: type as ConflictType } : {}) };
}

/** The entries newest first (the time they came back, then the later entry first). */
const newestFirst = (a: SyncConflict, b: SyncConflict) => b.at.localeCompare(a.at) || (b.id ?? 0) - (a.id ?? 0);

/** One page of `all` (as stored) for the query: the matching entries newest first, their ids, and the count of each kind. */
export function conflictPage(all: readonly SyncConflict[], query: NonNullable<ReturnType<typeof conflictQueryOf>>): ConflictPage {
  const kinds: Partial<Record<string, number>> = {};
  for (const conflict of all) {
    const kind = conflictKindOf(conflict);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  const matching = all.filter((conflict) => (!query.kind || conflictKindOf(conflict) === query.kind) && (!query.type || conflictTypeOf(conflict) === query.type)).sort(newestFirst);
  const start = (query.page - 1) * query.pageSize;
  return {
    conflicts: matching.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    total: matching.length,
    ids: matching.flatMap((conflict) => (conflict.id === undefined ? [] : [conflict.id])),
    all: all.length,
    kinds,
  };
}

/** Entries listed after the ones the Sync page has shown. */
export async function unseenConflicts(db: ShopDb): Promise<number> {
  const row = (await db.syncState.get(SEEN)) as ConflictsSeenRow | undefined;
  return db.syncConflicts.where(':id').above(row?.lastSeenId ?? 0).count();
}

/** The Sync page was opened: every entry listed now is seen (the header's count goes). */
export async function markConflictsSeen(db: ShopDb): Promise<void> {
  await db.transaction('rw', db.syncConflicts, db.syncState, async () => {
    const last = ((await db.syncConflicts.orderBy(':id').lastKey()) as number | undefined) ?? 0;
    const row = (await db.syncState.get(SEEN)) as ConflictsSeenRow | undefined;
    if (last > (row?.lastSeenId ?? 0)) await db.syncState.put({ key: SEEN, lastSeenId: last } satisfies ConflictsSeenRow);
  });
}

/** `{ ids }` of a bulk call: 1 to MAX_CONFLICTS_PER_CALL entry ids, each once; else a 400. */
export function conflictIdsOf(body: Record<string, unknown>): number[] {
  const { ids } = body;
  const valid = Array.isArray(ids) && ids.length >= 1 && ids.length <= MAX_CONFLICTS_PER_CALL && ids.every((id) => Number.isSafeInteger(id) && (id as number) >= 1);
  if (!valid) throw new ApiError(400, `Invalid request: ids must list 1 to ${MAX_CONFLICTS_PER_CALL} sync conflict ids`, [{ path: 'ids', message: `1 to ${MAX_CONFLICTS_PER_CALL} positive whole numbers` }]);
  return [...new Set(ids as number[])];
}

const GONE = 'Not in the list any more: it was dismissed or put back already';

/** Dismisses the entries `ids` in one transaction under the store's lock; those already gone are answered failed (404). */
export function dismissConflicts(db: ShopDb, ids: readonly number[]): Promise<ConflictsBulkAnswer> {
  return withStoreLock(db, () =>
    db.transaction('rw', db.syncConflicts, async () => {
      const found = await db.syncConflicts.bulkGet([...ids]);
      const done = ids.filter((_, i) => found[i] !== undefined);
      await db.syncConflicts.bulkDelete(done);
      return { done, failed: ids.filter((_, i) => found[i] === undefined).map((id) => ({ id, status: 404, message: GONE })) };
    }),
  );
}

const verbs: Record<string, string> = { POST: 'creation', DELETE: 'deletion' };

/** Kinds whose merged write is a PATCH of some fields (a ticket's status), not a PUT of the whole record. */
const patchedKinds = new Set(Object.entries(mergeableWrites).flatMap(([name, kind]) => (parseMutationName(name).method === 'PATCH' ? [kind as string] : [])));

/**
 * The write that puts this device's value back: an overwritten field set again on the record as
 * it is now; a refused field edit (PUT, PATCH) sent again. Anything else cannot be (409).
 */
export async function putBackRequest(request: Request, conflict: SyncConflict, answer: (request: Request) => Promise<Response>): Promise<Request> {
  const origin = new URL(request.url).origin;
  // The session's bearer token goes with the new write (the router may check it).
  const bearer = request.headers.get('authorization');
  const headers = { 'content-type': 'application/json', ...(bearer ? { authorization: bearer } : {}) };
  if (conflict.type === 'overwritten') {
    const target = recordUrl(origin, conflict.kind, conflict.recordId);
    const record = await readRecord(answer, target, headers);
    if (!record) throw new ApiError(409, `${conflict.kind} ${String(conflict.recordId)} is no longer in the shop: your value cannot be put back`);
    // A kind whose merged write is a PATCH (a ticket's status) gets the one field again.
    if (patchedKinds.has(conflict.kind)) return new Request(target, { method: 'PATCH', headers, body: JSON.stringify({ [conflict.field]: conflict.yours }) });
    const body: Record<string, unknown> = { ...record, [conflict.field]: conflict.yours };
    if (conflict.yours === null) delete body[conflict.field];
    return new Request(target, { method: 'PUT', headers, body: JSON.stringify(body) });
  }
  const { method, path } = parseMutationName(conflict.name);
  if ((method !== 'PUT' && method !== 'PATCH') || path.includes(':')) {
    throw new ApiError(409, `A refused ${verbs[method] ?? 'change of this kind'} cannot be put back: make it again if it is still needed`);
  }
  const query = new URLSearchParams(conflict.query).toString();
  return new Request(`${origin}${path}${query ? `?${query}` : ''}`, { method, headers, body: JSON.stringify(conflict.body ?? {}) });
}

/**
 * Puts back the entries `ids`, oldest entry first (so two fields of one record both come back),
 * each as put-back does one: a new write through the usual /api path, made under the store's
 * lock as every write is, then the entry leaves. Those that cannot be (gone, a refused creation,
 * a record no longer there, a write refused now) are answered failed with why; the rest are done.
 */
export async function putBackConflicts(db: ShopDb, request: Request, ids: readonly number[], answer: (request: Request) => Promise<Response>): Promise<ConflictsBulkAnswer> {
  const result: ConflictsBulkAnswer = { done: [], failed: [] };
  for (const id of [...ids].sort((a, b) => a - b)) {
    const conflict = await db.syncConflicts.get(id);
    if (!conflict) {
      result.failed.push({ id, status: 404, message: GONE });
      continue;
    }
    try {
      const written = await answer(await putBackRequest(request, conflict, answer));
      if (!written.ok) {
        const { message } = (await written.json().catch(() => ({}))) as { message?: string };
        result.failed.push({ id, status: written.status, message: message ?? `Refused (${written.status})` });
        continue;
      }
      await db.syncConflicts.delete(id);
      result.done.push(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result.failed.push({ id, status: error.status, message: error.message });
    }
  }
  return result;
}
