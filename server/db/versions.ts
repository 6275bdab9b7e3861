import type { Pool, PoolClient } from './pool';

/** The shop's version: the number of its last committed write (0 for a new or unknown shop). */
export async function shopVersion(db: Pool | PoolClient, shopId: string): Promise<number> {
  const { rows } = await db.query<{ version: string }>({ name: 'shop-version', text: 'SELECT version FROM shop_versions WHERE shop_id = $1', values: [shopId] });
  return Number(rows[0]?.version ?? 0);
}

/** The version of each of the shops that has one, in one query. */
export async function shopVersions(db: Pick<Pool, 'query'>, shopIds: readonly string[]): Promise<Array<{ shopId: string; version: number }>> {
  const { rows } = await db.query<{ shop_id: string; version: string }>('SELECT shop_id, version FROM shop_versions WHERE shop_id = ANY($1::uuid[])', [shopIds]);
  return rows.map((row) => ({ shopId: row.shop_id, version: Number(row.version) }));
}

/** Sets the shop's version (a bulk seed stored at a version of its own, in its transaction). */
export async function setShopVersion(client: PoolClient, shopId: string, version: number): Promise<void> {
  await client.query('UPDATE shop_versions SET version = $2 WHERE shop_id = $1', [shopId, version]);
}
