/**
 * A bulk write reads its records in one query however many ids it names (`= ANY($1)`), and the
 * dependents of all of them in one more: counted on the connection the write runs on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMutation } from '../../domain/sync/apply-mutation';
import type { Mutation } from '../../domain/sync/mutation';
import type { PoolClient } from '../../server/db/pool';
import { PgShopRecords } from '../../server/db/shop-records';
import { ownerOfNewShop, productBody, pushAs, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The queries a mutation's apply sends, in a transaction rolled back after. */
async function queriesOf(shopId: string, mutation: Mutation): Promise<{ count: number; removed: number }> {
  const client = await server.db.connect();
  let count = 0;
  const counting = new Proxy(client, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return (...args: unknown[]) => {
        count++;
        return (target.query as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as unknown as PoolClient;
  try {
    await client.query('BEGIN');
    const applied = await applyMutation(new PgShopRecords(counting, shopId), mutation, { now: new Date().toISOString(), caller: { uid: 'u', email: null, name: null, picture: null } });
    return { count, removed: applied.changes.filter((change) => 'deleted' in change && change.deleted).length };
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

describe('bulk reads', () => {
  it('a bulk delete of 200 products and their reviews takes as many queries as one of 2', async () => {
    const { user, shopId, clientId } = await ownerOfNewShop(server.app);
    const products = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: 'POST /api/products', query: {}, body: productBody(`BULK-${i}`) }));
    expect((await pushAs(server.app, user, shopId, clientId, products)).body.results.every((result) => result.status === 'applied')).toBe(true);
    const created = await server.db.query<{ id: string }>("SELECT id FROM records WHERE shop_id = $1 AND kind = 'products' ORDER BY id::int", [shopId]);
    const ids = created.rows.map((row) => Number(row.id));
    const reviews = ids.map((productId, i) => ({ id: 201 + i, name: 'POST /api/reviews', query: {}, body: { productId, rating: 4, review: 'Fine' } }));
    expect((await pushAs(server.app, user, shopId, clientId, reviews)).body.results.every((result) => result.status === 'applied')).toBe(true);

    const bulk = (n: number): Mutation => ({ id: 1, name: 'POST /api/products/bulk-delete', query: {}, body: { ids: ids.slice(0, n) } });
    const two = await queriesOf(shopId, bulk(2));
    const all = await queriesOf(shopId, bulk(200));
    // Each product removed with its review.
    expect([two.removed, all.removed]).toEqual([4, 400]);
    expect(all.count).toBe(two.count);
    expect(all.count).toBeLessThanOrEqual(3);
  });
});
