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
  return rows.map(pagedChange);
}

function pagedChange(row: Row): PagedChange {
  const id = row.record ? row.record.id : restoreId(row.kind, row.id);
  const version = Number(row.version);
  const change: Change = row.deleted ? { kind: row.kind, id, version, deleted: true } : { kind: row.kind, id, version, record: row.record! };
  return { change, storedId: row.id, running: Number(row.running) };
}

/** How many changes come after one record's change (`from`), counted up to `cap`: the count's cost stays bounded. */
export async function countChangesAfter(client: PoolClient, shopId: string, from: { version: number; kind: string; id: string }, cap: number): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM records WHERE shop_id = $1 AND (version, kind, id) > ($2, $3, $4) LIMIT $5) AS rest',
    [shopId, from.version, from.kind, from.id, cap],
  );
  return Number(rows[0]!.n);
}

/** A customer's scope key, and the version from which its removals concern them (0: always). */
export interface ScopeKey {
  key: string;
  since: number;
}

/**
 * A customer's changes after `from` (domain/sync/scope.ts): for each of their scope keys, the
 * rows stored with it and the exits from it (records that left it, answered as removals), each
 * an ordered range of its index (records_by_scope, scope_exits_by_version), merged in the
 * pull's order: a pull reads the customer's rows, never the shop's others. A removal (a
 * removed row, an exit) is left out when it is not after `floor` (a first sync that started at
 * `floor` never had the record) or older than its key's `since` (the record was someone else's
 * then); an exit too when the record is back under one of the keys (its row comes instead).
 * `$1` is the shop.
 */
function scopedRows(keys: readonly ScopeKey[], from: Position, floor: number, params: unknown[], limit: string): string {
  const at = (value: unknown) => `$${params.push(value)}`;
  const after = (t: string) =>
    from.kind === undefined ? `${t}.version > ${at(from.version)}` : `(${t}.version, ${t}.kind, ${t}.id) > (${at(from.version)}, ${at(from.kind)}, ${at(from.id)})`;
  const allKeys = at(keys.map((k) => k.key));
  const branches = keys.flatMap(({ key, since }) => {
    const scope = at(key);
    // Removals from this version on: after the floor, and from the key's since.
    const removalsFrom = at(Math.max(floor + 1, since));
    return [
      `(SELECT r.kind, r.id, r.version, r.deleted, false AS exit FROM records r
        WHERE r.shop_id = $1 AND r.scope = ${scope} AND ${after('r')} AND (NOT r.deleted OR r.version >= ${removalsFrom})
        ORDER BY r.version, r.kind, r.id LIMIT ${limit})`,
      `(SELECT e.kind, e.id, e.version, true, true FROM scope_exits e
        WHERE e.shop_id = $1 AND e.scope = ${scope} AND ${after('e')} AND e.version >= ${removalsFrom}
        AND NOT EXISTS (SELECT 1 FROM records r WHERE r.shop_id = $1 AND r.kind = e.kind AND r.id = e.id AND r.scope = ANY(${allKeys}::text[]))
        ORDER BY e.version, e.kind, e.id LIMIT ${limit})`,
    ];
  });
  // One change per record and version: its row rather than an exit.
  return `SELECT DISTINCT ON (version, kind, id) kind, id, version, deleted, exit FROM (${branches.join(' UNION ALL ')}) u ORDER BY version, kind, id, exit`;
}

/** scopedRows' page, at most `limit`, each with its record (none for a removal) and the running size, as changesAfter. */
export async function scopedChangesAfter(client: PoolClient, shopId: string, keys: readonly ScopeKey[], from: Position, floor: number, limit: number): Promise<PagedChange[]> {
  const params: unknown[] = [shopId, limit];
  const { rows } = await client.query<Row>(
    `WITH page AS (${scopedRows(keys, from, floor, params, '$2')} LIMIT $2)
     SELECT p.kind, p.id, p.version, p.deleted, CASE WHEN p.deleted THEN NULL ELSE r.record END AS record,
            sum(CASE WHEN p.deleted THEN 0 ELSE pg_column_size(r.record) END) OVER (ORDER BY p.version, p.kind, p.id) AS running
     FROM page p LEFT JOIN records r ON NOT p.exit AND r.shop_id = $1 AND r.kind = p.kind AND r.id = p.id
     ORDER BY p.version, p.kind, p.id`,
    params,
  );
  return rows.map(pagedChange);
}

/** How many of a customer's changes come after one change (`from`), counted up to `cap`. */
export async function countScopedChangesAfter(client: PoolClient, shopId: string, keys: readonly ScopeKey[], from: { version: number; kind: string; id: string }, floor: number, cap: number): Promise<number> {
  const params: unknown[] = [shopId, cap];
  const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM (${scopedRows(keys, from, floor, params, '$2')} LIMIT $2) AS rest`, params);
  return Number(rows[0]!.n);
}

/**
 * The changes' scope keys after a version, up to `$3` rows of each table. In version order, so
 * the planner walks records_by_version from `$2` and stops: every shop's records share one table
 * and its statistics, so "version > $2" in one shop looked like a tenth of the whole table (the
 * other shops' versions), and the plan without an order was a scan of all the records (30 ms at
 * 100,000 orders) for a range of a few versions (tests/server/changed-scopes.test.ts).
 */
export const CHANGED_SCOPES = `(SELECT scope FROM records WHERE shop_id = $1 AND version > $2 AND scope IS NOT NULL ORDER BY version, kind, id LIMIT $3)
  UNION ALL (SELECT scope FROM scope_exits WHERE shop_id = $1 AND version > $2 LIMIT $3)`;

/**
 * The scope keys with a change after version `after` (a row stored with the key, or an exit
 * from it): undefined when more than `cap` rows changed. Which customers a range of the shop's
 * changes concerns beyond what all of them see (sync/shared-pages.ts).
 */
export async function scopesChangedAfter(client: PoolClient, shopId: string, after: number, cap: number): Promise<Set<string> | undefined> {
  // Unnamed: planned with its values each time (a prepared statement's generic plan guesses the range).
  const { rows } = await client.query<{ scope: string }>(CHANGED_SCOPES, [shopId, after, cap + 1]);
  return rows.length > cap ? undefined : new Set(rows.map((row) => row.scope));
}
