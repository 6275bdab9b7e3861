import type { Cookie, PullAnswer } from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import { changesAfter, countChangesAfter, type Position } from '../db/changes';
import { checkClient, lastMutationIds } from '../db/clients';
import { pendingIdsBetween } from '../db/pending-ids';
import { inTransaction, type Pool } from '../db/pool';
import { shopVersion } from '../db/versions';

export type { Cookie } from '../../domain/contract/sync-protocol';

/*
 * A pull's cookie says what the client has (the protocol's Cookie): a number N is every change
 * up to version N; a string (`c1.…`, opaque) is a position inside a version, answered when a page
 * ends in the middle of one write's changes (a bulk import). Pages follow (version, kind, id).
 */

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

/** The most a pull counts of the changes after its page: the count's cost stays bounded in a large shop. */
export const REMAINING_CAP = 100_000;

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
    // Typed here, not inferred: a field the protocol does not have is an error, not an extra.
    async (client): Promise<PullAnswer> => {
      const version = await shopVersion(client, shopId);
      if (from.version > version) throw new ApiError(409, `The cookie (${from.version}) is ahead of the shop (${version}): pull again from 0`);
      // One row past the page says whether more follow, and whether the page ends inside a version.
      const rows = await changesAfter(client, shopId, from, pageSize + 1);
      let taken = 0;
      while (taken < rows.length && taken < pageSize && (taken === 0 || rows[taken]!.running <= pageBytes)) taken++;
      const page = rows.slice(0, taken);
      const more = taken < rows.length;
      const lastRow = page[page.length - 1];
      const nextRow = rows[taken];
      const last = lastRow && { version: lastRow.change.version, kind: lastRow.change.kind, id: lastRow.storedId };
      let answerCookie: number | string;
      if (!more) answerCookie = version;
      else if (last && nextRow && nextRow.change.version > last.version) answerCookie = last.version;
      else answerCookie = positionCookie(last!.version, last!.kind, last!.id);
      const coveredTo = more ? last!.version : version;
      const remaining = more ? await countChangesAfter(client, shopId, last!, REMAINING_CAP) : 0;
      const pendingIds = await pendingIdsBetween(client, shopId, clientId, from.version, coveredTo);
      return {
        cookie: answerCookie,
        lastMutationIds: { [clientId]: 0, ...(await lastMutationIds(client, shopId, uid)) },
        changes: page.map((row) => row.change),
        more,
        remaining,
        pendingIds,
      };
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}
