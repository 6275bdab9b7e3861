import type { ShopDb } from '../api/storage/db';
import type { MovedIdsRow } from '../api/storage/sync-tables';
import type { RecordId, SyncedKind } from '../../domain/sync/mutation';
import { ApiError, json } from '../api/http';

/** How many moves a copy remembers: the pages open on records created offline, with room to spare. */
const KEPT = 2_000;

const keyOf = (kind: string, pendingId: RecordId) => `${kind} ${String(pendingId)}`;

/**
 * Keeps which server id each pending id became (push results' `created`), in the caller's
 * transaction when it holds syncState. The oldest are forgotten past KEPT.
 */
export async function rememberMoved(db: ShopDb, created: ReadonlyArray<{ kind: SyncedKind; pendingId: RecordId; id: RecordId }>): Promise<void> {
  if (created.length === 0) return;
  const row = ((await db.syncState.get('moved')) as MovedIdsRow | undefined) ?? { key: 'moved', ids: {} };
  const ids = { ...row.ids };
  for (const move of created) ids[keyOf(move.kind, move.pendingId)] = move.id;
  const entries = Object.entries(ids);
  await db.syncState.put({ key: 'moved', ids: Object.fromEntries(entries.slice(Math.max(0, entries.length - KEPT))) } satisfies MovedIdsRow);
}

/** `GET /api/sync/moved?kind=users&id=<pending id>` → `{ id }`, the record's server id; 404 while it has none. */
export async function answerMoved(db: ShopDb | undefined, url: URL): Promise<Response> {
  const kind = url.searchParams.get('kind');
  const id = url.searchParams.get('id');
  if (!kind || !id) throw new ApiError(400, 'Invalid request: kind and id are required', [{ path: kind ? 'id' : 'kind', message: 'Required' }]);
  const row = db ? ((await db.syncState.get('moved')) as MovedIdsRow | undefined) : undefined;
  const moved = row?.ids[keyOf(kind, /^\d+$/.test(id) ? Number(id) : id)];
  if (moved === undefined) throw new ApiError(404, `No ${kind} record created on this device as ${id} has a server id yet`);
  return json({ id: moved });
}
