import type { AuditChanges, AuditEntry, AuditPage, NewAuditEntry, RecordId, SyncedKind } from '../../domain/contract/sync-protocol';
import type { Pool, PoolClient } from './pool';

/*
 * A shop's audit trail: one line per processed mutation and per member change, written in the
 * transaction of what it records (it stands or falls with it), read a page at a time.
 */

/** Appends one line to the shop's audit trail, in the caller's transaction. */
export async function recordAudit(client: PoolClient, shopId: string, entry: NewAuditEntry): Promise<void> {
  await client.query(
    'INSERT INTO audit (shop_id, uid, email, client_id, mutation_id, name, result, message) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [shopId, entry.uid, entry.email, entry.clientId, entry.mutationId, entry.name, entry.result, entry.message],
  );
}

/** A pushed mutation's audit line: it comes from a client, so both are known. */
export type MutationAuditEntry = NewAuditEntry & { clientId: string; mutationId: number };

/**
 * Marks a pushed mutation processed without a new version (refused, or applied with no change):
 * the client's last applied id and the audit line, in one statement of the mutation's
 * transaction. A mutation with changes is marked by the statement that stores them
 * (shop-records.ts, storeAtNextVersion).
 */
export async function finishMutation(client: PoolClient, shopId: string, entry: MutationAuditEntry): Promise<void> {
  await client.query({
    name: 'finish-mutation',
    text: `WITH last AS (UPDATE clients SET last_mutation_id = $3 WHERE shop_id = $1 AND client_id = $2)
     INSERT INTO audit (shop_id, uid, email, client_id, mutation_id, name, result, message) VALUES ($1, $4, $5, $2, $3, $6, $7, $8)`,
    values: [shopId, entry.clientId, entry.mutationId, entry.uid, entry.email, entry.name, entry.result, entry.message],
  });
}

/**
 * Marks several consecutive mutations of a client refused, each with its message, in one
 * statement: a push refused whole (a viewer's) costs one transaction, however many it holds.
 */
export async function refuseMutations(
  client: PoolClient,
  shopId: string,
  who: { clientId: string; uid: string; email: string | null },
  mutations: ReadonlyArray<{ id: number; name: string; message: string }>,
): Promise<void> {
  await client.query(
    `WITH last AS (UPDATE clients SET last_mutation_id = $4 WHERE shop_id = $1 AND client_id = $2)
     INSERT INTO audit (shop_id, uid, email, client_id, mutation_id, name, result, message)
     SELECT $1, $3, $5, $2, m.id, m.name, 'rejected', m.message FROM unnest($6::bigint[], $7::text[], $8::text[]) AS m(id, name, message)`,
    [shopId, who.clientId, who.uid, mutations[mutations.length - 1]!.id, who.email, mutations.map((m) => m.id), mutations.map((m) => m.name), mutations.map((m) => m.message)],
  );
}

/** Who made a record's current state and when: the audit line of the write that stored it (by the record's version), if any. */
export async function lastChangeOf(client: PoolClient, shopId: string, kind: SyncedKind, id: RecordId): Promise<{ email: string | null; at: Date } | undefined> {
  const { rows } = await client.query<{ email: string | null; at: Date }>(
    `SELECT a.email, a.at FROM records r JOIN audit a ON a.shop_id = r.shop_id AND a.version = r.version
     WHERE r.shop_id = $1 AND r.kind = $2 AND r.id = $3 ORDER BY a.seq DESC LIMIT 1`,
    [shopId, kind, String(id)],
  );
  return rows[0];
}

/** Which lines a page holds: one member's, about one kind of record, within a time span (any of them may be left out). */
export interface AuditFilter {
  uid?: string;
  kind?: SyncedKind;
  /** From this instant (ISO 8601), included. */
  since?: string;
  /** Before this instant (ISO 8601). */
  until?: string;
}

/**
 * A page of the trail, newest first, before `before` (a seq from the previous page's `next`),
 * of the lines `filter` keeps. A line is about a kind when its mutation is one of the kind's
 * (`PATCH /api/orders`: `orders`) or it changed a record of the kind (a review's product).
 */
export async function readAudit(db: Pool, shopId: string, before: number | undefined, limit: number, filter: AuditFilter = {}): Promise<AuditPage> {
  const { rows } = await db.query<{
    seq: string;
    at: Date;
    uid: string;
    email: string | null;
    client_id: string | null;
    mutation_id: string | null;
    name: string;
    result: AuditEntry['result'];
    message: string | null;
    changes: AuditChanges | null;
  }>(
    `SELECT seq, at, uid, email, client_id, mutation_id, name, result, message, changes FROM audit
     WHERE shop_id = $1 AND ($2::bigint IS NULL OR seq < $2)
       AND ($4::text IS NULL OR uid = $4)
       AND ($5::text IS NULL OR split_part(split_part(name, ' ', 2), '/', 3) = $5 OR changes->'records' @> jsonb_build_array(jsonb_build_object('kind', $5::text)))
       AND ($6::timestamptz IS NULL OR at >= $6) AND ($7::timestamptz IS NULL OR at < $7)
     ORDER BY seq DESC LIMIT $3`,
    [shopId, before ?? null, limit + 1, filter.uid ?? null, filter.kind ?? null, filter.since ?? null, filter.until ?? null],
  );
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      seq: Number(row.seq),
      at: row.at.toISOString(),
      uid: row.uid,
      email: row.email,
      clientId: row.client_id,
      mutationId: row.mutation_id === null ? null : Number(row.mutation_id),
      name: row.name,
      result: row.result,
      message: row.message,
      ...(row.changes ? { changes: row.changes } : {}),
    })),
    next: rows.length > limit ? Number(page[page.length - 1]!.seq) : null,
  };
}
