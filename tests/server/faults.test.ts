/**
 * Faults, against the real server process and a PostgreSQL of this file's own (its own data
 * directory and port, so stopping it disturbs no other test file):
 * - the server killed (SIGKILL) in the middle of a push of 100 mutations, started again, the
 *   push resent twice: every mutation applied exactly once;
 * - PostgreSQL stopped (`pg_ctl -m immediate`) in the middle of a push: no partial mutation,
 *   503 with a message while it is down (/healthz says so), and the same server process works
 *   again once PostgreSQL is back.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startPostgres, stopPostgres } from '../../scripts/postgres.mjs';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { freePort, ServerProcess, sleep, until } from './server-process';
import { newUser, productBody, startAuthEmulatorStub, userBody, type TestUser } from './support';

const DATA_DIR = resolve(`.data/postgres-faults-${process.pid}`);

let pgPort: number;
let databaseUrl: string;
let db: pg.Pool;
let stub: Awaited<ReturnType<typeof startAuthEmulatorStub>>;

beforeAll(async () => {
  pgPort = await freePort();
  const postgres = (await startPostgres({ dataDir: DATA_DIR, port: pgPort, own: true })) as { url: string };
  databaseUrl = await createDatabase(postgres.url, 'faults');
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {}); // Its connections die with PostgreSQL; the pool makes new ones.
  stub = await startAuthEmulatorStub();
}, 120_000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await stub?.close();
  try {
    stopPostgres({ dataDir: DATA_DIR, mode: 'immediate' });
  } finally {
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------------------------

/**
 * 100 mutations: 60 new users, 20 new products, then 20 of the users renamed. As a device sends
 * them: each new user has the id the device gave it (a pending id), which the renames name; the
 * server's ids need not be 1…60 (an id taken by a write the kill cut off is not given again).
 */
function hundredMutations() {
  return Array.from({ length: 100 }, (_, i) => {
    const id = i + 1;
    if (id <= 60) return { id, name: 'POST /api/users', query: {}, body: userBody(`User ${id}`, `user${id}@example.com`), pendingIds: [PENDING_ID_BASE + id] };
    if (id <= 80) return { id, name: 'POST /api/products', query: {}, body: productBody(`SKU-${id}`) };
    const userNumber = id - 80;
    const pendingId = PENDING_ID_BASE + userNumber;
    return { id, name: 'PUT /api/users', query: { id: String(pendingId) }, body: { ...userBody(`Renamed ${userNumber}`, `user${userNumber}@example.com`), id: pendingId } };
  });
}

async function lastApplied(shopId: string, clientId: string): Promise<number> {
  const { rows } = await db.query<{ last: string }>('SELECT last_mutation_id AS last FROM clients WHERE shop_id = $1 AND client_id = $2', [shopId, clientId]);
  return Number(rows[0]?.last ?? 0);
}

/**
 * The shop after exactly the first `applied` of hundredMutations(), each whole: its users,
 * products and renames, its version, the client's last id, and one audit line per mutation.
 */
async function expectExactlyApplied(shopId: string, clientId: string, applied: number) {
  const records = await db.query<{ kind: string; id: string; name: string; email: string | null; code: string | null }>(
    "SELECT kind, id, record->>'name' AS name, record->>'email' AS email, record->>'code' AS code FROM records WHERE shop_id = $1 AND NOT deleted ORDER BY kind, id::int",
    [shopId],
  );
  const users = records.rows.filter((r) => r.kind === 'users');
  const products = records.rows.filter((r) => r.kind === 'products');
  // Each of the first `userCount` users once, in the order they were created (ids ascending).
  const userCount = Math.min(applied, 60);
  const numberOf = (email: string | null) => Number(/^user(\d+)@/.exec(email ?? '')?.[1]);
  expect(users.map((u) => numberOf(u.email))).toEqual(Array.from({ length: userCount }, (_, i) => i + 1));
  const renamed = Math.max(0, applied - 80);
  expect(users.map((u) => u.name)).toEqual(users.map((u) => (numberOf(u.email) <= renamed ? `Renamed ${numberOf(u.email)}` : `User ${numberOf(u.email)}`)));
  expect(products.map((p) => p.code)).toEqual(Array.from({ length: Math.max(0, Math.min(applied, 80) - 60) }, (_, i) => `SKU-${61 + i}`));
  expect(records.rows.length).toBe(users.length + products.length);
  const version = await db.query<{ version: string }>('SELECT version FROM shop_versions WHERE shop_id = $1', [shopId]);
  expect(Number(version.rows[0]!.version)).toBe(applied);
  expect(await lastApplied(shopId, clientId)).toBe(applied);
  const audit = await db.query<{ mutation_id: string; n: number; results: string[] }>(
    'SELECT mutation_id, count(*)::int AS n, array_agg(result) AS results FROM audit WHERE shop_id = $1 AND client_id = $2 GROUP BY mutation_id ORDER BY mutation_id',
    [shopId, clientId],
  );
  expect(audit.rows.map((r) => [Number(r.mutation_id), r.n, r.results])).toEqual(Array.from({ length: applied }, (_, i) => [i + 1, 1, ['applied']]));
}

/** Starts the push, and once PostgreSQL shows some (not all) of it applied, runs `cut`. Answers the push's outcome and where it was cut. */
async function cutMidPush(server: ServerProcess, user: TestUser, shopId: string, clientId: string, cut: () => Promise<void>) {
  const pushing = server.request('POST', `/v1/shops/${shopId}/push`, user, { clientId, mutations: hundredMutations() }).then(
    (answer) => ({ answer }),
    (error: unknown) => ({ error }),
  );
  let seen = 0;
  const end = Date.now() + 30_000;
  while (seen < 5 && Date.now() < end) {
    seen = await lastApplied(shopId, clientId);
    if (seen < 5) await sleep(2);
  }
  await cut();
  return { outcome: await pushing, seen };
}

describe('the server killed (SIGKILL) in the middle of a push of 100 mutations', () => {
  it('started again, the push resent twice: every mutation applied exactly once', async () => {
    const server = new ServerProcess(await freePort(), databaseUrl, stub.host);
    await server.start();
    try {
      const owner = newUser('owner');
      const shopId = ((await server.request('POST', '/v1/shops', owner, { name: 'Killed' })).body.shop as { id: string }).id;
      const { outcome, seen } = await cutMidPush(server, owner, shopId, 'laptop', () => server.kill());
      expect('error' in outcome, 'the push was cut off').toBe(true);
      // Cut in the middle: some applied, not all; each applied mutation whole, the rest not at all.
      const applied = await lastApplied(shopId, 'laptop');
      expect(applied).toBeGreaterThanOrEqual(seen);
      expect(applied).toBeLessThan(100);
      await expectExactlyApplied(shopId, 'laptop', applied);

      await server.start();
      const first = await server.request('POST', `/v1/shops/${shopId}/push`, owner, { clientId: 'laptop', mutations: hundredMutations() });
      expect(first.status).toBe(200);
      const results = first.body.results as Array<{ id: number; status: string }>;
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 100 }, (_, i) => (i < applied ? 'skipped' : 'applied')));
      const second = await server.request('POST', `/v1/shops/${shopId}/push`, owner, { clientId: 'laptop', mutations: hundredMutations() });
      expect(second.status).toBe(200);
      expect((second.body.results as Array<{ status: string }>).every((r) => r.status === 'skipped')).toBe(true);
      await expectExactlyApplied(shopId, 'laptop', 100);
      // The audit as owners read it: each mutation once.
      const trail = await server.request('GET', `/v1/shops/${shopId}/audit?limit=200`, owner);
      const ids = (trail.body.entries as Array<{ clientId: string | null; mutationId: number | null }>).filter((e) => e.clientId === 'laptop').map((e) => e.mutationId);
      expect(ids.sort((a, b) => a! - b!)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('PostgreSQL stopped (pg_ctl -m immediate) in the middle of a push', () => {
  it('leaves no partial mutation, answers 503 with a message while down, and works again when it is back, without a server restart', async () => {
    const server = new ServerProcess(await freePort(), databaseUrl, stub.host);
    await server.start();
    let down = false;
    try {
      const owner = newUser('owner');
      const shopId = ((await server.request('POST', '/v1/shops', owner, { name: 'Outage' })).body.shop as { id: string }).id;
      const { outcome } = await cutMidPush(server, owner, shopId, 'tablet', async () => {
        stopPostgres({ dataDir: DATA_DIR, mode: 'immediate' });
        down = true;
      });
      // The push in flight: 503 with a message, the server still up.
      expect('answer' in outcome, `${String((outcome as { error?: unknown }).error)}\n${server.output}`).toBe(true);
      const cut = (outcome as { answer: Awaited<ReturnType<ServerProcess['request']>> }).answer;
      expect(cut.status, JSON.stringify(cut.body)).toBe(503);
      expect(cut.body.message).toMatch(/database/i);

      // While down: push, pull, my shops, members, audit answer 503 with a message; /healthz says so.
      expect(await server.request('GET', '/healthz')).toEqual({ status: 200, body: { ok: true, database: 'down' } });
      for (const [method, path, body] of [
        ['POST', `/v1/shops/${shopId}/push`, { clientId: 'tablet', mutations: hundredMutations() }],
        ['POST', `/v1/shops/${shopId}/pull`, { clientId: 'tablet', cookie: 0 }],
        ['GET', '/v1/shops', undefined],
        ['GET', `/v1/shops/${shopId}/members`, undefined],
        ['GET', `/v1/shops/${shopId}/audit`, undefined],
        ['POST', '/v1/shops', { name: 'During the outage' }],
      ] as const) {
        const answer = await server.request(method, path, owner, body);
        expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(503);
        expect(answer.body.message).toMatch(/database/i);
      }

      await startPostgres({ dataDir: DATA_DIR, port: pgPort, own: true });
      down = false;
      await until('the server to see the database', async () => ((await server.request('GET', '/healthz')).body.database === 'up' ? true : undefined));
      // Each mutation is whole or absent: what committed before the stop, and nothing of the one cut.
      const applied = await lastApplied(shopId, 'tablet');
      expect(applied).toBeGreaterThanOrEqual(1);
      expect(applied).toBeLessThan(100);
      await expectExactlyApplied(shopId, 'tablet', applied);

      // The same server process: the push resent applies the rest once, a pull sees it all.
      const again = await until('a push to be answered', async () => {
        const answer = await server.request('POST', `/v1/shops/${shopId}/push`, owner, { clientId: 'tablet', mutations: hundredMutations() });
        return answer.status === 503 ? undefined : answer;
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect((again.body.results as Array<{ status: string }>).map((r) => r.status)).toEqual(Array.from({ length: 100 }, (_, i) => (i < applied ? 'skipped' : 'applied')));
      await expectExactlyApplied(shopId, 'tablet', 100);
      const pulled = await server.request('POST', `/v1/shops/${shopId}/pull`, owner, { clientId: 'tablet', cookie: 0 });
      expect(pulled.status).toBe(200);
      expect(pulled.body).toMatchObject({ cookie: 100, more: false, lastMutationIds: { tablet: 100 } });
      expect((pulled.body.changes as unknown[]).length).toBe(80);
      expect((await server.request('GET', '/v1/shops', owner)).status).toBe(200);
    } finally {
      if (down) await startPostgres({ dataDir: DATA_DIR, port: pgPort, own: true });
      await server.stop();
    }
  }, 120_000);
});
