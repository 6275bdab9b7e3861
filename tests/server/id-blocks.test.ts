import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdBlocks } from '../../server/db/id-blocks';
import { call, newUser, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('new records’ ids taken a block at a time', () => {
  it('never gives one id twice, across two server copies taking at once, and keeps the counter past every id given', async () => {
    const owner = newUser('owner');
    const shop = (await call(server.app, 'POST', '/v1/shops', owner, { name: 'Ids' })).body.shop as { id: string };
    const copyA = new IdBlocks(server.db, 7);
    const copyB = new IdBlocks(server.db, 5);
    const taken = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? copyA : copyB).take(shop.id, 'users')));
    expect(new Set(taken).size).toBe(300);
    expect(taken.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    const { rows } = await server.db.query<{ value: string }>("SELECT value FROM counters WHERE shop_id = $1 AND name = 'users'", [shop.id]);
    expect(Number(rows[0]!.value)).toBeGreaterThanOrEqual(Math.max(...taken));
    // Another counter, and another shop's, are their own.
    expect(await copyA.take(shop.id, 'products')).toBe(1);
  });

  it('skips the ids records of the kind already hold (checked once per block), so a creation never overwrites one', async () => {
    const owner = newUser('owner');
    const shop = (await call(server.app, 'POST', '/v1/shops', owner, { name: 'Held ids' })).body.shop as { id: string };
    // Records that came with their own ids, past the counter: 2 and 4 are users' ids, 3 a product's.
    for (const [kind, id] of [['users', '2'], ['users', '4'], ['products', '3']]) {
      await server.db.query("INSERT INTO records (shop_id, kind, id, version, deleted, record) VALUES ($1, $2, $3, 0, false, '{}'::jsonb)", [shop.id, kind, id]);
    }
    const blocks = new IdBlocks(server.db, 5);
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await blocks.take(shop.id, 'users'));
    expect(users).toEqual([1, 3, 5, 6, 7, 8]);
    expect([await blocks.take(shop.id, 'products'), await blocks.take(shop.id, 'products'), await blocks.take(shop.id, 'products')]).toEqual([1, 2, 4]);
  });
});
