import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startPostgres, stopPostgres } from '../../scripts/postgres.mjs';
import { call, pushAs, shopWithTeam, startTestServer, userBody, type TestServer } from './support';

/*
 * PostgreSQL stopped under a running server (pg_ctl -m immediate): 503 with a message while it
 * is down, and the same server works again once it is back, without a restart. This file runs
 * its own PostgreSQL (it stops it), not the shared one.
 */
const dataDir = '.data/postgres-test-down';
let port = Number(process.env.PG_TEST_PORT || 54321) + 1;

let server: TestServer | undefined;
beforeAll(async () => {
  // The shared one may be DATABASE_URL: this test needs one it may stop, so it never uses it.
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  try {
    const { url } = await startPostgres({ dataDir, port });
    // Started again on the same port below (it may have moved off a taken one).
    port = Number(new URL(url).port);
    server = await startTestServer({ databaseUrl: await createDatabase(url, 'shop_down') });
  } finally {
    if (saved !== undefined) process.env.DATABASE_URL = saved;
  }
});
afterAll(async () => {
  await server?.close();
  stopPostgres({ dataDir });
});

describe('the database going away', () => {
  it('answers 503 while PostgreSQL is down and recovers without a restart', async () => {
    const { app } = server!;
    const { shopId, admin } = await shopWithTeam(app);
    expect((await pushAs(app, admin, shopId, 'c', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }])).body.results[0]?.status).toBe('applied');

    stopPostgres({ dataDir, mode: 'immediate' });
    const down = await pushAs(app, admin, shopId, 'c', [{ id: 2, name: 'POST /api/users', query: {}, body: userBody() }]);
    expect(down).toMatchObject({ status: 503, body: { message: expect.stringMatching(/database/) } });
    expect(await call(app, 'GET', '/healthz')).toEqual({ status: 200, body: { ok: true, database: 'down' } });

    await startPostgres({ dataDir, port });
    const deadline = Date.now() + 15_000;
    let again = await pushAs(app, admin, shopId, 'c', [{ id: 2, name: 'POST /api/users', query: {}, body: userBody() }]);
    while (again.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      again = await pushAs(app, admin, shopId, 'c', [{ id: 2, name: 'POST /api/users', query: {}, body: userBody() }]);
    }
    expect(again.body.results, JSON.stringify(again)).toMatchObject([{ id: 2, status: 'applied', created: [{ id: 2 }] }]);
    expect(await call(app, 'GET', '/healthz')).toEqual({ status: 200, body: { ok: true, database: 'up' } });
  });
});

describe('limits', () => {
  it('refuses a body over the limit with 413 and a message', async () => {
    const small = await startTestServer({ databaseUrl: server!.databaseUrl, migrate: false, bodyLimit: 1_000, pushBodyLimit: 1_000 });
    try {
      const { shopId, admin } = await shopWithTeam(small.app);
      const answer = await pushAs(small.app, admin, shopId, 'c', [{ id: 1, name: 'POST /api/users', query: {}, body: { ...userBody(), name: 'x'.repeat(2_000) } }]);
      expect(answer).toMatchObject({ status: 413, body: { message: expect.any(String) } });
    } finally {
      await small.close();
    }
  });
});
