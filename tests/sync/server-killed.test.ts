import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPendingId } from '../../domain/sync/pending';
import { freePort, ServerProcess, sleep } from '../server/server-process';
import { freshDatabase, newUser, startAuthEmulatorStub, userBody } from '../server/support';
import { device } from './device';

/*
 * A device's waiting writes when the shop server is killed (SIGKILL) in the middle of their push:
 * the real server process (as `npm run server` runs it) over the test PostgreSQL, a device with
 * its own fake IndexedDB and SyncHub talking to it over HTTP.
 */

let databaseUrl: string;
let db: pg.Pool;
let stub: Awaited<ReturnType<typeof startAuthEmulatorStub>>;

beforeAll(async () => {
  databaseUrl = await freshDatabase();
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  stub = await startAuthEmulatorStub();
}, 60_000);

afterAll(async () => {
  await db?.end();
  await stub?.close();
});

const appliedCount = async (shopId: string) =>
  Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM audit WHERE shop_id = $1 AND result = 'applied'", [shopId])).rows[0]!.n);

describe('the shop server killed in the middle of a device’s push of 50 waiting writes', () => {
  it('started again, the device pushes what is left: every write on the server once, none lost, none doubled', async () => {
    const server = new ServerProcess(await freePort(), databaseUrl, stub.host);
    await server.start();
    try {
      const owner = newUser('owner');
      const shopId = ((await server.request('POST', '/v1/shops', owner, { name: 'Killed mid-push' })).body.shop as { id: string }).id;
      const laptop = device(owner, server.url);
      expect((await laptop.api('PUT', '/api/sync/shop', { shopId })).status).toBe(200);
      await laptop.synced(shopId);

      laptop.net.offline = true;
      const names = Array.from({ length: 50 }, (_, i) => `Waiting ${String(i + 1).padStart(2, '0')}`);
      for (const [i, name] of names.entries()) expect((await laptop.api('POST', '/api/users', userBody(name, `waiting${i + 1}@example.com`))).status).toBe(201);
      expect(await laptop.synced(shopId)).toMatchObject({ online: false, pending: 50 });

      // Back online: the push starts; once PostgreSQL shows a few of it applied, the server is killed.
      laptop.net.offline = false;
      const loop = laptop.sync.loopFor(owner.uid, { key: 'shop', shopId });
      loop.retry();
      let applied = 0;
      const end = Date.now() + 30_000;
      while (applied < 3 && Date.now() < end) {
        applied = await appliedCount(shopId);
        if (applied < 3) await sleep(2);
      }
      await server.kill();
      await loop.settled();
      const cutAt = await appliedCount(shopId);
      expect(cutAt, 'the push was cut off in the middle').toBeGreaterThan(0);
      expect(cutAt).toBeLessThan(50);
      // The device never heard which were applied: all 50 still wait, nothing dropped.
      expect(await loop.status()).toMatchObject({ online: false, pending: 50 });

      await server.start();
      expect(await laptop.synced(shopId)).toMatchObject({ online: true, pending: 0 });

      // The server: each write applied once (skipped when resent), each user once.
      expect(await appliedCount(shopId)).toBe(50);
      const users = await db.query<{ name: string }>("SELECT record->>'name' AS name FROM records WHERE shop_id = $1 AND kind = 'users' AND NOT deleted", [shopId]);
      expect(users.rows.map((row) => row.name).sort()).toEqual(names);
      // The device: the server's records, under the server's ids.
      const shown = (await laptop.api('GET', '/api/users?pageSize=100')).body.users as Array<{ id: number; name: string }>;
      expect(shown.map((user) => user.name).sort()).toEqual(names);
      expect(shown.some((user) => isPendingId(user.id))).toBe(false);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
