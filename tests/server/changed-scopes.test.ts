/**
 * Which customers a range of a shop's changes concerns (server/db/changes.ts, scopesChangedAfter):
 * read with an index walk from the range's start, whatever the other shops in the same table
 * hold. Every shop's records share one table and one set of statistics: below, a big shop whose
 * 60,000 customer orders sit at its first 60 versions, beside a busy shop at 40,000 versions,
 * makes "version > 60" look like a large part of the table to the planner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from '../../server/db/pool';
import { CHANGED_SCOPES, scopesChangedAfter } from '../../server/db/changes';
import { newUser, call, startTestServer, type TestServer } from './support';

let server: TestServer;
let bigShop: string;
beforeAll(async () => {
  server = await startTestServer();
  const shopOf = async (name: string) => ((await call(server.app, 'POST', '/v1/shops', newUser('owner'), { name })).body.shop as { id: string }).id;
  bigShop = await shopOf('Big shop');
  const busyShop = await shopOf('Busy shop');
  await server.db.query(
    `INSERT INTO records (shop_id, kind, id, version, record, scope)
     SELECT $1, 'orders', i::text, 1 + i / 1000, '{}'::jsonb, 'customer:' || (i % 50) FROM generate_series(0, 59999) AS i`,
    [bigShop],
  );
  await server.db.query(
    `INSERT INTO records (shop_id, kind, id, version, record) SELECT $1, 'products', i::text, i, '{}'::jsonb FROM generate_series(1, 40000) AS i`,
    [busyShop],
  );
  await server.db.query('ANALYZE records');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The relations the plan of CHANGED_SCOPES reads whole (sequential scans). */
async function scannedWhole(values: unknown[]): Promise<string[]> {
  const { rows } = await server.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${CHANGED_SCOPES.replaceAll('$1', `'${String(values[0])}'::uuid`).replaceAll('$2', String(values[1])).replaceAll('$3', String(values[2]))}`);
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node['Node Type'] === 'Seq Scan') found.push(String(node['Relation Name']));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return found;
}

describe('the scopes changed after a version', () => {
  it("are read without scanning the shop's records (nor the other shops'), however the table's statistics look", async () => {
    // The range of the last version (a customer's pull after one change) and of half the shop.
    expect(await scannedWhole([bigShop, 59, 5001])).not.toContain('records');
    expect(await scannedWhole([bigShop, 30, 5001])).not.toContain('records');
  });

  it('are the keys of the rows in the range, or undefined past `cap` rows', async () => {
    const client = (await server.db.connect()) as PoolClient;
    try {
      // Version 60 holds orders 59,000–59,999: every one of the 50 customers.
      const last = await scopesChangedAfter(client, bigShop, 59, 5_000);
      expect(last?.size).toBe(50);
      expect(last).toContain('customer:7');
      expect(await scopesChangedAfter(client, bigShop, 60, 5_000)).toEqual(new Set());
      // Versions 56–60: 5,000 rows, at the cap; one more version is past it.
      expect((await scopesChangedAfter(client, bigShop, 55, 5_000))?.size).toBe(50);
      expect(await scopesChangedAfter(client, bigShop, 54, 5_000)).toBeUndefined();
    } finally {
      client.release();
    }
  });
});
