import type { MovedId, RecordId, SyncedKind } from '../../domain/contract/sync-protocol';
import type { PoolClient } from './pool';

/*
 * Which record each pending id of a client became (domain/sync/pending.ts): kept by the push
 * that creates the record, read by the client's later mutations that name it and by its pulls.
 */

/** A pending id of the client and the record it became. */
export interface KnownPendingId {
  kind: string;
  /** As stored: text (`"1000000001"`, or a file's UUID). */
  pendingId: string;
  id: RecordId;
}

/** Which of `candidates` (pending ids as text) the client's earlier mutations made into records, of any kind. */
export async function knownPendingIds(client: PoolClient, shopId: string, clientId: string, candidates: readonly string[]): Promise<KnownPendingId[]> {
  const { rows } = await client.query<{ kind: string; pending_id: string; id: RecordId }>(
    'SELECT kind, pending_id, id FROM pending_ids WHERE shop_id = $1 AND client_id = $2 AND pending_id = ANY($3::text[])',
    [shopId, clientId, candidates],
  );
  return rows.map((row) => ({ kind: row.kind, pendingId: row.pending_id, id: row.id }));
}

/** Keeps which record each pending id became, at the version that created it (a pending id given again is moved to its new record). */
export async function keepPendingIds(client: PoolClient, shopId: string, clientId: string, version: number, moved: readonly MovedId[]): Promise<void> {
  await client.query(
    `INSERT INTO pending_ids (shop_id, client_id, kind, pending_id, id, version)
     SELECT $1, $2, p.kind, p.pending_id, p.id, $3 FROM unnest($4::text[], $5::text[], $6::jsonb[]) AS p(kind, pending_id, id)
     ON CONFLICT (shop_id, client_id, kind, pending_id) DO UPDATE SET id = EXCLUDED.id, version = EXCLUDED.version`,
    [shopId, clientId, version, moved.map((p) => p.kind), moved.map((p) => String(p.pendingId)), moved.map((p) => JSON.stringify(p.id))],
  );
}

/** The client's pending ids that became records at versions after `after` up to `upTo`, in the pull's order. */
export async function pendingIdsBetween(client: PoolClient, shopId: string, clientId: string, after: number, upTo: number): Promise<MovedId[]> {
  const { rows } = await client.query<{ kind: SyncedKind; pending_id: string; id: RecordId }>(
    `SELECT kind, pending_id, id FROM pending_ids WHERE shop_id = $1 AND client_id = $2 AND version > $3 AND version <= $4 ORDER BY version, kind, pending_id`,
    [shopId, clientId, after, upTo],
  );
  // Stored as text: a numeric pending id goes back as the number the client gave.
  return rows.map((row) => ({ kind: row.kind, pendingId: /^\d+$/.test(row.pending_id) ? Number(row.pending_id) : row.pending_id, id: row.id }));
}
