import { ApiError } from '../../domain/errors';
import type { RecordId, ShopRecord, SyncedKind } from '../../domain/sync/mutation';
import { inTransaction, type Pool } from '../db/pool';
import { checkClient, lastMutationIds } from '../db/clients';

/**
 * A pull's cookie says what the client has: a number N is "every change up to version N"; a
 * string (`c1.…`, opaque) is a position inside a version, answered when a page ends in the
 * middle of one write's changes (a bulk import). Pages follow (version, kind, id).
 */
type Position = { version: number; kind: string; id: string } | { version: number; kind?: undefined; id?: undefined };

export type Cookie = number | string | null;

export function parseCookie(cookie: Cookie): Position {
  if (cookie === null) return { version: 0 };
  if (typeof cookie === 'number') return { version: cookie };
  const bad = () => new ApiError(400, 'Invalid request: cookie must be a number or a cookie this server gave');
  if (!cookie.startsWith('c1.')) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cookie.slice(3), 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw bad();
  const [version, kind, id] = parsed as unknown[];
  if (!Number.isSafeInteger(version) || (version as number) < 0 || typeof kind !== 'string' || typeof id !== 'string') throw bad();
  return { version: version as number, kind, id };
}

const positionCookie = (version: number, kind: string, id: string) => `c1.${Buffer.from(JSON.stringify([version, kind, id])).toString('base64url')}`;

export type Change = { kind: SyncedKind; id: RecordId; version: number; record: ShopRecord } | { kind: SyncedKind; id: RecordId; version: number; deleted: true };

export interface PullAnswer {
  cookie: number | string;
  lastMutationIds: Record<string, number>;
  changes: Change[];
  more: boolean;
  /** Which record each pending id of this client became, for the versions this page covers. */
  pendingIds: Array<{ kind: SyncedKind; pendingId: RecordId; id: RecordId }>;
  /** Changes after this page (0 when `more` is false), counted up to REMAINING_CAP: a first sync's progress. */
  remaining: number;
}

/** The most a pull counts of the changes after its page: the count's cost stays bounded in a large shop. */
export const REMAINING_CAP = 100_000;

interface Row {
  kind: SyncedKind;
  id: string;
  version: string;
  deleted: boolean;
  record: ShopRecord | null;
  running: string;
}

/** One page of the shop's changes after the cookie, read in one snapshot (REPEATABLE READ). */
export async function pull(
  pool: Pool,
  { shopId, uid, clientId, cookie }: { shopId: string; uid: string; clientId: string; cookie: Cookie },
  { pageSize, pageBytes }: { pageSize: number; pageBytes: number },
): Promise<PullAnswer> {
  const from = parseCookie(cookie);
  await checkClient(pool, shopId, clientId, uid);
  return inTransaction(
    pool,
    async (client) => {
      const shop = await client.query<{ version: string }>('SELECT version FROM shop_versions WHERE shop_id = $1', [shopId]);
      const shopVersion = Number(shop.rows[0]?.version ?? 0);
      if (from.version > shopVersion) throw new ApiError(409, `The cookie (${from.version}) is ahead of the shop (${shopVersion}): pull again from 0`);
      // The record is left out of deletions; the running size stops a page of large records (images) early.
      const { rows } = await client.query<Row>(
        `SELECT kind, id, version, deleted, CASE WHEN deleted THEN NULL ELSE record END AS record,
                sum(CASE WHEN deleted THEN 0 ELSE pg_column_size(record) END) OVER (ORDER BY version, kind, id) AS running
         FROM records
         WHERE shop_id = $1 AND ${from.kind === undefined ? 'version > $2' : '(version, kind, id) > ($2, $3, $4)'}
         ORDER BY version, kind, id LIMIT $${from.kind === undefined ? 3 : 5}`,
        from.kind === undefined ? [shopId, from.version, pageSize + 1] : [shopId, from.version, from.kind, from.id, pageSize + 1],
      );
      let taken = 0;
      while (taken < rows.length && taken < pageSize && (taken === 0 || Number(rows[taken]!.running) <= pageBytes)) taken++;
      const page = rows.slice(0, taken);
      const more = taken < rows.length;
      const lastRow = page[page.length - 1];
      const nextRow = rows[taken];
      let answerCookie: number | string;
      if (!more) answerCookie = shopVersion;
      else if (lastRow && nextRow && Number(nextRow.version) > Number(lastRow.version)) answerCookie = Number(lastRow.version);
      else answerCookie = positionCookie(Number(lastRow!.version), lastRow!.kind, lastRow!.id);
      const coveredTo = more ? Number(lastRow!.version) : shopVersion;
      const remaining = more
        ? Number(
            (
              await client.query<{ n: string }>(
                'SELECT count(*) AS n FROM (SELECT 1 FROM records WHERE shop_id = $1 AND (version, kind, id) > ($2, $3, $4) LIMIT $5) AS rest',
                [shopId, lastRow!.version, lastRow!.kind, lastRow!.id, REMAINING_CAP],
              )
            ).rows[0]!.n,
          )
        : 0;
      const pending = await client.query<{ kind: SyncedKind; pending_id: string; id: RecordId }>(
        `SELECT kind, pending_id, id FROM pending_ids WHERE shop_id = $1 AND client_id = $2 AND version > $3 AND version <= $4 ORDER BY version, kind, pending_id`,
        [shopId, clientId, from.version, coveredTo],
      );
      return {
        cookie: answerCookie,
        lastMutationIds: { [clientId]: 0, ...(await lastMutationIds(client, shopId, uid)) },
        changes: page.map((row): Change => {
          const id = row.record ? row.record.id : restoreId(row.kind, row.id);
          return row.deleted ? { kind: row.kind, id, version: Number(row.version), deleted: true } : { kind: row.kind, id, version: Number(row.version), record: row.record! };
        }),
        more,
        remaining,
        pendingIds: pending.rows.map((row) => ({ kind: row.kind, pendingId: /^\d+$/.test(row.pending_id) ? Number(row.pending_id) : row.pending_id, id: row.id })),
      };
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}

/** A deleted record's id as the client knows it: a number for every kind but invoices and files. */
const restoreId = (kind: SyncedKind, id: string): RecordId => (kind === 'invoices' || kind === 'files' || !/^\d+$/.test(id) ? id : Number(id));
