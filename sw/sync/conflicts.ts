import type { ShopDb } from '../api/storage/db';
import type { SyncConflict } from '../api/storage/sync-tables';
import { ApiError, json, methodNotAllowed } from '../api/http';
import { answerSyncedWrite } from './outbox';
import { mergeableWrites } from '../../domain/sync/field-merge';
import { parseMutationName } from '../../domain/contract/sync-protocol';

/*
 * The changes of this device the shop server refused or overwrote (`syncConflicts`, filled by
 * push.ts), as the Sync page uses them: list, dismiss, and put this device's value back as a
 * new write through the usual /api path (so it is answered locally, goes to the outbox as a new
 * mutation, and syncs like any edit).
 */

/** The chosen shop's copy on this device, and how its /api writes are answered. */
export interface ConflictsCopy {
  db: ShopDb;
  /** Answers an /api request from the copy (the worker's router). */
  answer: (request: Request) => Promise<Response>;
  /** Tells the sync loop a write is waiting. */
  kick: () => void;
}

const ROUTE = /^\/api\/sync\/conflicts(?:\/([^/]+)(\/put-back)?)?$/;

/** `GET /api/sync/conflicts`, `DELETE /api/sync/conflicts/:id`, `POST /api/sync/conflicts/:id/put-back`. */
export async function answerConflicts(request: Request, path: string, copy: ConflictsCopy | undefined): Promise<Response> {
  const match = ROUTE.exec(path);
  if (!match) throw new ApiError(404, `No API endpoint at ${path}`);
  const [, rawId, putBack] = match;
  const method = request.method.toUpperCase();
  if (rawId === undefined) {
    if (method !== 'GET') return methodNotAllowed(method, path, ['GET']);
    // In the order they came back (the page shows them newest first).
    return json({ conflicts: copy ? await copy.db.syncConflicts.toArray() : [] });
  }
  if (putBack ? method !== 'POST' : method !== 'DELETE') return methodNotAllowed(method, path, [putBack ? 'POST' : 'DELETE']);
  const id = conflictId(rawId);
  if (!copy) throw new ApiError(404, 'No shop is chosen: there are no sync conflicts');
  const conflict = await copy.db.syncConflicts.get(id);
  if (!conflict) throw new ApiError(404, `Sync conflict ${id} not found: it may have been dismissed or put back already`);
  if (!putBack) {
    await copy.db.syncConflicts.delete(id);
    return json({ conflict });
  }
  const answer = await copy.answer(await putBackRequest(request, conflict, copy));
  if (!answer.ok) return answer;
  await copy.db.syncConflicts.delete(id);
  return json({ conflict, status: answer.status });
}

function conflictId(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(400, `Invalid request: "${raw.slice(0, 40)}" is not a sync conflict id`);
  return id;
}

const verbs: Record<string, string> = { POST: 'creation', DELETE: 'deletion' };

const patchedKinds = new Set(Object.entries(mergeableWrites).flatMap(([name, kind]) => (name.startsWith('PATCH ') ? [kind as string] : [])));

/**
 * The write that puts this device's value back: an overwritten field set again on the record as
 * it is now; a refused field edit (PUT, PATCH) sent again. Anything else cannot be (409).
 */
async function putBackRequest(request: Request, conflict: SyncConflict, copy: ConflictsCopy): Promise<Request> {
  const origin = new URL(request.url).origin;
  const headers = { 'content-type': 'application/json', ...authorization(request) };
  if (conflict.type === 'overwritten') {
    const target = `${origin}/api/${encodeURIComponent(conflict.kind)}?id=${encodeURIComponent(String(conflict.recordId))}`;
    const current = await copy.answer(new Request(target, { method: 'GET', headers }));
    const record = current.ok ? recordOf(await current.json()) : undefined;
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

/** The session's bearer token, carried to the new write (the router may check it). */
function authorization(request: Request): Record<string, string> {
  const value = request.headers.get('authorization');
  return value ? { authorization: value } : {};
}

/** `{ user: {...} }` → the record (a GET by id answers the one record under its singular name; an unknown product is `false`). */
export function recordOf(answer: unknown): Record<string, unknown> | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const values = Object.values(answer);
  const record: unknown = values.length === 1 ? values[0] : undefined;
  return typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>) : undefined;
}

/** A copy's conflicts answered with its writes going through the outbox (SyncHub binds these). */
export function conflictsCopy(db: ShopDb, answerFrom: (db: ShopDb, request: Request) => Promise<Response>, kick: () => void): ConflictsCopy {
  return { db, kick, answer: (request) => answerSyncedWrite(db, request, (forwarded) => answerFrom(db, forwarded), kick) };
}
