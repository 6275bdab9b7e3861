import type { Change, RecordId, ShopRecord, SyncedKind } from '../../domain/contract/sync-protocol';
import type { PoolClient } from './pool';

/*
 * A shop's changes in the pull's order, (version, kind, id): each record's row holds its last
 * change (a removal keeps the record's last state, left out of the answer), at the version of
 * the write that made it.
 */

/** A place in that order: after every change up to `version`, or after one record's change inside it. */
export type Position = { version: number; kind: string; id: string } | { version: number; kind?: undefined; id?: undefined };

/** A change of a page, with its record's id as stored (a position names it) and the page's size up to it. */
export interface PagedChange {
  change: Change;
  /** The record's id as stored (text). */
  storedId: string;
  /** The stored size of the page's records up to and including this one, in bytes (removals count 0). */
  running: number;
}

interface Row {
  kind: SyncedKind;
  id: string;
  version: string;
  deleted: boolean;
  record: ShopRecord | null;
  running: string;
}

/** A deleted record's id as the client knows it: a number for every kind but invoices and files. */
const restoreId = (kind: SyncedKind, id: string): RecordId => (kind === 'invoices' || kind === 'files' || !/^\d+$/.test(id) ? id : Number(id));

/** At most `limit` changes after `from`, in order, each with the running size (one query; the caller stops a page of large records early). */
export async function changesAfter(client: PoolClient, shopId: string, from: Position, limit: number): Promise<PagedChange[]> {
  // The record is left out of deletions; the running size stops a page of large records (images) early.
  const { rows } = await client.query<Row>(
    `SELECT kind, id, version, deleted, CASE WHEN deleted THEN NULL ELSE record END AS record,
            sum(CASE WHEN deleted THEN 0 ELSE pg_column_size(record) END) OVER (ORDER BY version, kind, id) AS running
     FROM records
     WHERE shop_id = $1 AND ${from.kind === undefined ? 'version > $2' : '(version, kind, id) > ($2, $3, $4)'}
     ORDER BY version, kind, id LIMIT $${from.kind === undefined ? 3 : 5}`,
    from.kind === undefined ? [shopId, from.version, limit] : [shopId, from.version, from.kind, from.id, limit],
  );
  return rows.map((row) => {
    const id = row.record ? row.record.id : restoreId(row.kind, row.id);
    const version = Number(row.version);
    const change: Change = row.deleted ? { kind: row.kind, id, version, deleted: true } : { kind: row.kind, id, version, record: row.record! };
    return { change, storedId: row.id, running: Number(row.running) };
  });
}

/** How many changes come after one record's change (`from`), counted up to `cap`: the count's cost stays bounded. */
export async function countChangesAfter(client: PoolClient, shopId: string, from: { version: number; kind: string; id: string }, cap: number): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM records WHERE shop_id = $1 AND (version, kind, id) > ($2, $3, $4) LIMIT $5) AS rest',
    [shopId, from.version, from.kind, from.id, cap],
  );
  return Number(rows[0]!.n);
}
