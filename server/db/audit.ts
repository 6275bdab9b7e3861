import type { Pool, PoolClient } from './pool';

export interface AuditEntry {
  uid: string;
  email: string | null;
  clientId: string | null;
  mutationId: number | null;
  /** The mutation's name (`PATCH /api/orders`) or the member action (`invite staff`). */
  name: string;
  result: 'applied' | 'rejected';
  message: string | null;
}

/** Appends one line to the shop's audit trail, in the caller's transaction (it stands or falls with the write). */
export async function recordAudit(client: PoolClient, shopId: string, entry: AuditEntry): Promise<void> {
  await client.query(
    'INSERT INTO audit (shop_id, uid, email, client_id, mutation_id, name, result, message) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [shopId, entry.uid, entry.email, entry.clientId, entry.mutationId, entry.name, entry.result, entry.message],
  );
}

/** A page of the trail, newest first, before `before` (a seq from the previous page's `next`). */
export async function readAudit(db: Pool, shopId: string, before: number | undefined, limit: number) {
  const { rows } = await db.query<{
    seq: string;
    at: Date;
    uid: string;
    email: string | null;
    client_id: string | null;
    mutation_id: string | null;
    name: string;
    result: 'applied' | 'rejected';
    message: string | null;
  }>(
    `SELECT seq, at, uid, email, client_id, mutation_id, name, result, message FROM audit
     WHERE shop_id = $1 AND ($2::bigint IS NULL OR seq < $2) ORDER BY seq DESC LIMIT $3`,
    [shopId, before ?? null, limit + 1],
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
    })),
    next: rows.length > limit ? Number(page[page.length - 1]!.seq) : null,
  };
}
