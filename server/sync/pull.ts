import type { Cookie, PullAnswer } from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import { emailScope, memberScopeKeys, viewFor } from '../../domain/sync/scope';
import { changesAfter, countChangesAfter, countScopedChangesAfter, scopedChangesAfter, type PagedChange, type Position } from '../db/changes';
import { checkClient, lastMutationIds } from '../db/clients';
import { pendingIdsBetween } from '../db/pending-ids';
import { inTransaction, type Pool, type PoolClient } from '../db/pool';
import { memberScope, type MemberScope } from '../db/shops';
import { shopVersion } from '../db/versions';

export type { Cookie } from '../../domain/contract/sync-protocol';

/*
 * A pull's cookie says what the client has (the protocol's Cookie): a number N is every change
 * up to version N; a string (`c1.…`, opaque) is a position inside a version, answered when a page
 * ends in the middle of one write's changes (a bulk import). Pages follow (version, kind, id).
 */

/**
 * A place in the pull's order, and for a customer's first sync the version it started at
 * (`floor`): the records that left their scopes before it were never on the device, so no
 * removal of them is sent (it would name records now someone else's).
 */
export type Cursor = Position & { floor?: number };

export function parseCookie(cookie: Cookie): Cursor {
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
  if (!Array.isArray(parsed) || (parsed.length !== 3 && parsed.length !== 4)) throw bad();
  const [version, kind, id, floor] = parsed as unknown[];
  if (!Number.isSafeInteger(version) || (version as number) < 0 || typeof kind !== 'string' || typeof id !== 'string') throw bad();
  if (parsed.length === 4 && (!Number.isSafeInteger(floor) || (floor as number) < 0)) throw bad();
  return { version: version as number, kind, id, ...(parsed.length === 4 ? { floor: floor as number } : {}) };
}

const positionCookie = (version: number, kind: string, id: string, floor?: number) =>
  `c1.${Buffer.from(JSON.stringify(floor === undefined ? [version, kind, id] : [version, kind, id, floor])).toString('base64url')}`;

/** The most a pull counts of the changes after its page: the count's cost stays bounded in a large shop. */
export const REMAINING_CAP = 100_000;

/**
 * One page of the shop's changes after the cookie, read in one snapshot (REPEATABLE READ); a
 * customer's of their slice only (the member read in that snapshot).
 */
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
      const scope = await memberScope(client, shopId, uid);
      const page = scope.member.role === 'customer' ? await customerPage(client, shopId, scope, from, version, pageSize, pageBytes) : await teamPage(client, shopId, from, version, pageSize, pageBytes);
      const pendingIds = await pendingIdsBetween(client, shopId, clientId, from.version, page.coveredTo);
      return {
        cookie: page.cookie,
        lastMutationIds: { [clientId]: 0, ...(await lastMutationIds(client, shopId, uid)) },
        changes: page.changes,
        more: page.more,
        remaining: page.remaining,
        pendingIds,
      };
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}

/** A page: its changes, the cookie after it, whether more follow and how many, and the version up to which it covers the shop. */
interface Page {
  changes: PullAnswer['changes'];
  cookie: number | string;
  more: boolean;
  remaining: number;
  coveredTo: number;
}

/** The rows that fit a page (pageSize, and pageBytes past the first), from one row more than a page. */
function taken(rows: readonly PagedChange[], pageSize: number, pageBytes: number) {
  let count = 0;
  while (count < rows.length && count < pageSize && (count === 0 || rows[count]!.running <= pageBytes)) count++;
  const page = rows.slice(0, count);
  const lastRow = page[page.length - 1];
  return { page, more: count < rows.length, nextRow: rows[count], last: lastRow && { version: lastRow.change.version, kind: lastRow.change.kind, id: lastRow.storedId } };
}

/** A team member's page: every change of the shop. */
async function teamPage(client: PoolClient, shopId: string, from: Position, version: number, pageSize: number, pageBytes: number): Promise<Page> {
  // One row past the page says whether more follow, and whether the page ends inside a version.
  const rows = await changesAfter(client, shopId, from, pageSize + 1);
  const { page, more, nextRow, last } = taken(rows, pageSize, pageBytes);
  let cookie: number | string;
  if (!more) cookie = version;
  else if (last && nextRow && nextRow.change.version > last.version) cookie = last.version;
  else cookie = positionCookie(last!.version, last!.kind, last!.id);
  const remaining = more ? await countChangesAfter(client, shopId, last!, REMAINING_CAP) : 0;
  return { changes: page.map((row) => row.change), cookie, more, remaining, coveredTo: more ? last!.version : version };
}

/**
 * A customer's page: the changes of their scopes only (domain/sync/scope.ts), each record as
 * they are shown it (viewFor), paged as the team's. A first sync (cookie 0) starts at the
 * shop's version: no removal older than that is sent, and its cookies carry that version
 * (`floor`) until it ends.
 */
async function customerPage(client: PoolClient, shopId: string, { member, emailSince }: MemberScope, from: Cursor, version: number, pageSize: number, pageBytes: number): Promise<Page> {
  const scopes = memberScopeKeys(member);
  if (scopes === 'all' || member.role !== 'customer') throw new Error('customerPage: not a customer');
  // Their email's key is theirs since their user record has that email: no removal before that.
  const emailKey = member.customerEmail === null ? undefined : emailScope(member.customerEmail);
  const keys = scopes.map((key) => ({ key, since: key === emailKey ? emailSince : 0 }));
  const floor = from.floor ?? (from.version === 0 && from.kind === undefined ? version : 0);
  const rows = await scopedChangesAfter(client, shopId, keys, from, floor, pageSize + 1);
  const { page, more, nextRow, last } = taken(rows, pageSize, pageBytes);
  let cookie: number | string;
  if (!more) cookie = version;
  else if (floor >= last!.version) cookie = positionCookie(last!.version, last!.kind, last!.id, floor);
  else if (nextRow && nextRow.change.version > last!.version) cookie = last!.version;
  else cookie = positionCookie(last!.version, last!.kind, last!.id);
  const remaining = more ? await countScopedChangesAfter(client, shopId, keys, last!, floor, REMAINING_CAP) : 0;
  const changes = page.map(({ change }) => ('record' in change ? { ...change, record: viewFor(member, change.kind, change.record) } : change));
  return { changes, cookie, more, remaining, coveredTo: more ? last!.version : version };
}
