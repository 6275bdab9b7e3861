import type { MovedId, RecordId, Role, SyncedKind } from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import { isUuid, notAMember } from '../not-a-member';
import { FOREIGN_CLIENT } from './clients';
import type { Pool, PoolClient } from './pool';
import type { MemberScope } from './shops';

/** What a pull needs besides its changes, read in one statement (one snapshot). */
export interface PullFacts {
  /** The shop's version in that snapshot. */
  version: number;
  scope: MemberScope;
  /** The last applied mutation id of each of the caller's clients in the shop. */
  lastMutationIds: Record<string, number>;
  /** The client's pending ids that became records after the pull's `after`, each with its version, in the pull's order. */
  pendingIds: Array<MovedId & { version: number }>;
}

interface Row {
  role: Role;
  customer_id: string | null;
  email: string | null;
  since: string | null;
  version: string | null;
  client_uid: string | null;
  last_ids: Record<string, string | number>;
  pending: Array<[SyncedKind, string, RecordId, string | number]>;
}

/**
 * The member as domain/sync/scope.ts reads them (db/shops.ts memberScope), the shop's version,
 * the caller's clients' last mutation ids and the client's pending ids after `after`, in one
 * statement: a pull's whole read but its page, one round trip (a herd of ten thousand pulls
 * pays it ten thousand times). 403 when not a member, or when the client id is another user's.
 */
export async function pullFacts(db: Pool | PoolClient, shopId: string, uid: string, clientId: string, after: number): Promise<PullFacts> {
  if (!isUuid(shopId)) throw notAMember();
  const { rows } = await db.query<Row>({
    name: 'pull-facts',
    text: `SELECT m.role, m.customer_id, u.record->>'email' AS email, u.grants_since AS since,
       (SELECT version FROM shop_versions WHERE shop_id = $1) AS version,
       (SELECT c.uid FROM clients c WHERE c.shop_id = $1 AND c.client_id = $3) AS client_uid,
       (SELECT coalesce(json_object_agg(c.client_id, c.last_mutation_id), '{}') FROM clients c WHERE c.shop_id = $1 AND c.uid = $2) AS last_ids,
       (SELECT coalesce(json_agg(json_build_array(p.kind, p.pending_id, p.id, p.version) ORDER BY p.version, p.kind, p.pending_id), '[]')
        FROM pending_ids p WHERE p.shop_id = $1 AND p.client_id = $3 AND p.version > $4) AS pending
     FROM members m
     LEFT JOIN records u ON u.shop_id = m.shop_id AND u.kind = 'users' AND u.id = m.customer_id AND NOT u.deleted
     WHERE m.shop_id = $1 AND m.uid = $2`,
    values: [shopId, uid, clientId, after],
  });
  return factsOf(rows[0], uid);
}

/** One pull's question of pullFactsOf: whose, which client, after which version. */
export interface PullFactsQuestion {
  uid: string;
  clientId: string;
  after: number;
}

/**
 * pullFacts for many pulls of one shop in one statement (one snapshot: the same shop version for
 * all): each answer, or the error its pull gets (403 not a member, or another user's client).
 */
export async function pullFactsOf(db: Pool | PoolClient, shopId: string, questions: readonly PullFactsQuestion[]): Promise<Array<PullFacts | Error>> {
  if (!isUuid(shopId)) return questions.map(() => notAMember());
  const { rows } = await db.query<Row & { i: string }>({
    name: 'pull-facts-of',
    text: `SELECT q.i, m.role, m.customer_id, u.record->>'email' AS email, u.grants_since AS since,
       (SELECT version FROM shop_versions WHERE shop_id = $1) AS version,
       (SELECT c.uid FROM clients c WHERE c.shop_id = $1 AND c.client_id = q.client_id) AS client_uid,
       (SELECT coalesce(json_object_agg(c.client_id, c.last_mutation_id), '{}') FROM clients c WHERE c.shop_id = $1 AND c.uid = q.uid) AS last_ids,
       (SELECT coalesce(json_agg(json_build_array(p.kind, p.pending_id, p.id, p.version) ORDER BY p.version, p.kind, p.pending_id), '[]')
        FROM pending_ids p WHERE p.shop_id = $1 AND p.client_id = q.client_id AND p.version > q.after) AS pending
     FROM unnest($2::text[], $3::text[], $4::bigint[]) WITH ORDINALITY AS q(uid, client_id, after, i)
     JOIN members m ON m.shop_id = $1 AND m.uid = q.uid
     LEFT JOIN records u ON u.shop_id = m.shop_id AND u.kind = 'users' AND u.id = m.customer_id AND NOT u.deleted`,
    values: [shopId, questions.map((q) => q.uid), questions.map((q) => q.clientId), questions.map((q) => q.after)],
  });
  const byIndex = new Map(rows.map((row) => [Number(row.i) - 1, row]));
  return questions.map((question, i) => {
    try {
      return factsOf(byIndex.get(i), question.uid);
    } catch (error) {
      return error as Error;
    }
  });
}

/** A statement's row as the pull's facts: 403 when there is none (not a member), or when the client id is another user's. */
function factsOf(row: Row | undefined, uid: string): PullFacts {
  if (!row) throw notAMember();
  if (row.client_uid !== null && row.client_uid !== uid) throw new ApiError(403, FOREIGN_CLIENT);
  const scope: MemberScope =
    row.role === 'customer'
      ? { member: { role: 'customer', customerId: row.customer_id!, customerEmail: row.email }, emailSince: Number(row.since ?? 0) }
      : { member: { role: row.role }, emailSince: 0 };
  return {
    version: Number(row.version ?? 0),
    scope,
    lastMutationIds: Object.fromEntries(Object.entries(row.last_ids).map(([client, last]) => [client, Number(last)])),
    // Stored as text: a numeric pending id goes back as the number the client gave.
    pendingIds: row.pending.map(([kind, pendingId, id, version]) => ({ kind, pendingId: /^\d+$/.test(pendingId) ? Number(pendingId) : pendingId, id, version: Number(version) })),
  };
}
