import type { Role, ShopRecord, SyncedKind } from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import { isUuid, notAMember } from '../not-a-member';
import type { Pool, PoolClient } from './pool';

/*
 * A shop's client ids (one per device install): whose each is, and the last mutation id applied
 * from it. A push claims and locks its client's row; a pull only checks it.
 */

export const FOREIGN_CLIENT = 'This client id belongs to another user: use a client id of your own';

/**
 * Registers the client id to the caller on first use and answers its last applied mutation id;
 * a client id first used by another user is refused (their mutations and pending ids are theirs).
 */
export async function claimClient(pool: Pool, shopId: string, clientId: string, uid: string): Promise<number> {
  for (;;) {
    const last = await claimOnce(pool, shopId, clientId, uid);
    // Undefined: another request claimed it in the same instant, after this statement's snapshot; look again.
    if (last !== undefined) return last;
  }
}

async function claimOnce(pool: Pool, shopId: string, clientId: string, uid: string): Promise<number | undefined> {
  const { rows } = await pool.query<{ uid: string; last_mutation_id: string }>({
    name: 'claim-client',
    text: `WITH claimed AS (
       INSERT INTO clients (shop_id, client_id, uid) VALUES ($1, $2, $3) ON CONFLICT (shop_id, client_id) DO NOTHING
       RETURNING uid, last_mutation_id
     )
     SELECT uid, last_mutation_id FROM claimed
     UNION ALL SELECT uid, last_mutation_id FROM clients WHERE shop_id = $1 AND client_id = $2`,
    values: [shopId, clientId, uid],
  });
  const row = rows[0];
  if (!row) return undefined;
  if (row.uid !== uid) throw new ApiError(403, FOREIGN_CLIENT);
  return Number(row.last_mutation_id);
}

/** A record a mutation names (a replace's `kind` and id), read and locked by the statement that enters it. */
export interface RecordToRead {
  kind: SyncedKind;
  id: string;
}

/**
 * What entering a mutation found: the role (a customer's user record id), the client's last id,
 * and the named record (undefined when no live record has that id) with its row's scope key and
 * grants (db/prior-rows.ts).
 */
export interface Entered {
  role: Role;
  customerId: string | null;
  last: number;
  read?: { kind: SyncedKind; id: string; record: ShopRecord | undefined; scope: string | null; grants: string | null };
}

/**
 * In a mutation's transaction, one statement: the caller's current role in the shop (403 when not
 * a member) and the client's last applied mutation id, the client id claimed on first use and its
 * row locked until the transaction ends (one mutation of a client at a time). A refused or gapped
 * mutation rolls the claim back with the rest. `toRead`, the record a replace names, comes with
 * it, locked FOR UPDATE as PgShopRecords reads records (a round trip fewer per replace). The
 * member's row is locked too (FOR KEY SHARE, which other mutations share): a role change or a
 * removal (changeMember locks the row FOR UPDATE) waits for the mutation, and a mutation that
 * comes during one waits for it and reads the new role.
 */
export async function enterMutation(client: PoolClient, shopId: string, clientId: string, uid: string, toRead?: RecordToRead): Promise<Entered> {
  if (!isUuid(shopId)) throw notAMember();
  for (;;) {
    const { rows } = await client.query<{
      role: Role;
      customer_id: string | null;
      uid: string | null;
      last_mutation_id: string | null;
      record: ShopRecord | null;
      scope: string | null;
      grants: string | null;
    }>({
      name: 'enter-mutation',
      text: `WITH member AS (SELECT role, customer_id FROM members WHERE shop_id = $1 AND uid = $3 FOR KEY SHARE),
       claimed AS (
         INSERT INTO clients (shop_id, client_id, uid) SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM member)
         ON CONFLICT (shop_id, client_id) DO NOTHING RETURNING uid, last_mutation_id
       ),
       locked AS (SELECT uid, last_mutation_id FROM clients WHERE shop_id = $1 AND client_id = $2 FOR UPDATE),
       named AS (
         SELECT record, scope, grants FROM records WHERE $4::text IS NOT NULL AND shop_id = $1 AND kind = $4 AND id = $5 AND deleted = false
         AND EXISTS (SELECT 1 FROM member) FOR UPDATE
       )
       SELECT member.role, member.customer_id, c.uid, c.last_mutation_id, named.record, named.scope, named.grants
       FROM member LEFT JOIN (SELECT * FROM claimed UNION ALL SELECT * FROM locked) c ON true LEFT JOIN named ON true`,
      values: [shopId, clientId, uid, toRead?.kind ?? null, toRead?.id ?? null],
    });
    const row = rows[0];
    if (!row) throw notAMember();
    // No client row: another request claimed the id after this statement's snapshot; the next statement sees it.
    if (row.uid === null) continue;
    if (row.uid !== uid) throw new ApiError(403, FOREIGN_CLIENT);
    const read = toRead && { ...toRead, record: row.record ?? undefined, scope: row.scope, grants: row.grants };
    return { role: row.role, customerId: row.customer_id, last: Number(row.last_mutation_id), ...(read ? { read } : {}) };
  }
}

/** 403 when the client id is another user's; a client id never used is fine (a pull before any push). */
export async function checkClient(pool: Pool, shopId: string, clientId: string, uid: string): Promise<void> {
  const { rows } = await pool.query<{ uid: string }>('SELECT uid FROM clients WHERE shop_id = $1 AND client_id = $2', [shopId, clientId]);
  if (rows[0] && rows[0].uid !== uid) throw new ApiError(403, FOREIGN_CLIENT);
}

/** The last applied mutation id of each of the caller's clients in the shop. */
export async function lastMutationIds(db: Pool | PoolClient, shopId: string, uid: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ client_id: string; last_mutation_id: string }>('SELECT client_id, last_mutation_id FROM clients WHERE shop_id = $1 AND uid = $2', [
    shopId,
    uid,
  ]);
  return Object.fromEntries(rows.map((row) => [row.client_id, Number(row.last_mutation_id)]));
}
