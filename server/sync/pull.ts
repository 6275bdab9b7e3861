import type { Cookie, PullAnswer } from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import { emailScope, memberScopeKeys, PUBLIC_SCOPE, viewFor, type ScopeMember } from '../../domain/sync/scope';
import { changesAfter, countChangesAfter, countScopedChangesAfter, scopedChangesAfter, scopesChangedAfter, type PagedChange, type Position, type ScopeKey } from '../db/changes';
import { inTransaction, type Pool, type PoolClient } from '../db/pool';
import { pullFacts, type PullFacts } from '../db/pull-facts';
import type { MemberScope } from '../db/shops';
import { shopVersion } from '../db/versions';
import type { PullFactsBatches } from './pull-facts-batches';
import type { PullTurns } from './pull-turns';
import type { SharedPage, SharedPages } from './shared-pages';

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

/** How large a page may be: at most pageSize changes, and about pageBytes of records past the first. */
export interface PageLimits {
  pageSize: number;
  pageBytes: number;
}

/** The most a pull counts of the changes after its page: the count's cost stays bounded in a large shop. */
export const REMAINING_CAP = 100_000;

/** A plain version past 0 whose page every member of an audience (the team; the customers) shares, else undefined (sync/shared-pages.ts). */
const sharedFrom = (from: Cursor): number | undefined => (from.kind === undefined && from.version > 0 ? from.version : undefined);

/** What a pull reads with: the pool, the copy's shared pages, its batches of pulls' facts, and its pull turns. */
export interface PullReaders {
  pool: Pool;
  shared: SharedPages;
  facts: PullFactsBatches;
  turns: PullTurns;
}

/**
 * One page of the shop's changes after the cookie; a customer's of their slice only. A pull from
 * a plain version is answered, when it can be, from the page every member of its audience gets
 * for the same two versions (sharedPage), its facts read in one statement with the other pulls'
 * of the moment (sync/pull-facts-batches.ts): no query of the changes, no connection of its own.
 * Otherwise everything is read in one snapshot (REPEATABLE READ), in one of the copy's pull
 * turns (sync/pull-turns.ts): a herd of such pulls waits there, not in the pool's queue.
 */
export async function pull(
  { pool, shared, facts: batches, turns }: PullReaders,
  { shopId, uid, clientId, cookie }: { shopId: string; uid: string; clientId: string; cookie: Cookie },
  limits: PageLimits,
  /** Called as the pull starts waiting for its shop's next statement of facts. */
  waiting?: () => void,
): Promise<{ answer: PullAnswer; shared: boolean }> {
  const from = parseCookie(cookie);
  const after = sharedFrom(from);
  if (after !== undefined) {
    waiting?.();
    const facts = await batches.facts(shopId, { uid, clientId, after: from.version });
    checkNotAhead(from, facts.version);
    const page = await sharedPage(pool, shared, turns, shopId, facts, after, limits);
    if (page) return { answer: answerOf(clientId, facts, page), shared: true };
  }
  const endTurn = await turns.take();
  try {
    return { answer: await ownPage(pool, { shopId, uid, clientId, from }, limits), shared: false };
  } finally {
    endTurn();
  }
}

/** The pull's own page and its facts, in one snapshot. */
function ownPage(pool: Pool, { shopId, uid, clientId, from }: { shopId: string; uid: string; clientId: string; from: Cursor }, limits: PageLimits): Promise<PullAnswer> {
  return inTransaction(
    pool,
    async (client) => {
      const facts = await pullFacts(client, shopId, uid, clientId, from.version);
      checkNotAhead(from, facts.version);
      const { scope } = facts;
      const page = scope.member.role === 'customer' ? await customerPage(client, shopId, scope, from, facts.version, limits) : await teamPage(client, shopId, from, facts.version, limits);
      return answerOf(clientId, facts, page);
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}

function checkNotAhead(from: Cursor, version: number) {
  if (from.version > version) throw new ApiError(409, `The cookie (${from.version}) is ahead of the shop (${version}): pull again from 0`);
}

/** The answer of a page, with the facts read for it: the pending ids up to the version the page covers. */
function answerOf(clientId: string, facts: PullFacts, page: Page): PullAnswer {
  // Typed here, not inferred: a field the protocol does not have is an error, not an extra.
  const answer: PullAnswer = {
    cookie: page.cookie,
    lastMutationIds: { [clientId]: 0, ...facts.lastMutationIds },
    changes: page.changes,
    more: page.more,
    remaining: page.remaining,
    pendingIds: facts.pendingIds.filter((moved) => moved.version <= page.coveredTo).map(({ kind, pendingId, id }) => ({ kind, pendingId, id })),
  };
  return answer;
}

/** The most changed rows with a scope key a shared customers' page looks through; past it, each customer's pull reads its own page. */
export const SHARED_SCOPES_CAP = 5_000;

/** Any customer, as the shared page shows records to them: viewFor reads the role only. */
const anyCustomer: ScopeMember = { role: 'customer', customerId: '', customerEmail: null };

/**
 * The page after `after` up to the facts' version that the caller's audience shares, if it is
 * theirs: the team's page of the shop's changes; for a customer, the page of what every
 * customer sees (the public scope), when none of the changes in between is in one of their own
 * scopes (else undefined: their pull reads its own page). Computed once per shop, audience and
 * versions, in a snapshot at that version (undefined when the shop has moved on meanwhile).
 */
async function sharedPage(pool: Pool, shared: SharedPages, turns: PullTurns, shopId: string, facts: PullFacts, after: number, limits: PageLimits): Promise<Page | undefined> {
  const { version } = facts;
  if (after === version) return { changes: [], cookie: version, more: false, remaining: 0, coveredTo: version };
  const { member } = facts.scope;
  const audience = member.role === 'customer' ? 'customers' : 'team';
  // Read once, in a pull turn, for every pull of the same audience and versions.
  const entry = await shared.get({ shopId, audience, after, version }, () =>
    inTurn(turns, () =>
      inTransaction(
        pool,
        async (client): Promise<SharedPage | undefined> => {
          if ((await shopVersion(client, shopId)) !== version) return undefined;
          if (audience === 'team') return { page: await teamPage(client, shopId, { version: after }, version, limits) };
          const changed = await scopesChangedAfter(client, shopId, after, SHARED_SCOPES_CAP);
          if (!changed) return undefined;
          const publicKeys = [{ key: PUBLIC_SCOPE, since: 0 }];
          return { page: await scopedPage(client, shopId, anyCustomer, publicKeys, { version: after }, 0, version, limits), changed };
        },
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
      ),
    ),
  );
  if (!entry) return undefined;
  const own = memberScopeKeys(member);
  if (entry.changed && own !== 'all' && own.some((key) => key !== PUBLIC_SCOPE && entry.changed!.has(key))) return undefined;
  return entry.page;
}

/** What `read` answers, read in one of the copy's pull turns. */
async function inTurn<T>(turns: PullTurns, read: () => Promise<T>): Promise<T> {
  const endTurn = await turns.take();
  try {
    return await read();
  } finally {
    endTurn();
  }
}

/** A page: its changes, the cookie after it, whether more follow and how many, and the version up to which it covers the shop. */
export interface Page {
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
async function teamPage(client: PoolClient, shopId: string, from: Position, version: number, { pageSize, pageBytes }: PageLimits): Promise<Page> {
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
async function customerPage(client: PoolClient, shopId: string, { member, emailSince }: MemberScope, from: Cursor, version: number, limits: PageLimits): Promise<Page> {
  const scopes = memberScopeKeys(member);
  if (scopes === 'all' || member.role !== 'customer') throw new Error('customerPage: not a customer');
  // Their email's key is theirs since their user record has that email: no removal before that.
  const emailKey = member.customerEmail === null ? undefined : emailScope(member.customerEmail);
  const keys = scopes.map((key) => ({ key, since: key === emailKey ? emailSince : 0 }));
  const floor = from.floor ?? (from.version === 0 && from.kind === undefined ? version : 0);
  return scopedPage(client, shopId, member, keys, from, floor, version, limits);
}

/** The page of these scope keys' changes after `from` (removals only after `floor`), each record as `member` is shown it. */
async function scopedPage(client: PoolClient, shopId: string, member: ScopeMember, keys: readonly ScopeKey[], from: Position, floor: number, version: number, { pageSize, pageBytes }: PageLimits): Promise<Page> {
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
