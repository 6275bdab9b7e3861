import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { firebaseVerifier } from '../../server/auth';
import { readConfig } from '../../server/config';
import { lookupFields } from '../../domain/sync/apply-mutation';
import { migrate } from '../../server/db/migrate';
import { call, freshDatabase, newUser, startTestServer, tokenFor, type TestServer } from './support';

describe('migrations', () => {
  it('build the schema from an empty database, and a second run applies nothing', async () => {
    const url = await freshDatabase();
    const applied = await migrate(url);
    expect(applied.length).toBeGreaterThan(0);
    expect(await migrate(url)).toEqual([]);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name");
    await db.end();
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['account_preferences', 'audit', 'clients', 'counters', 'invitations', 'members', 'pending_ids', 'records', 'shop_versions', 'shops']),
    );
  });

  it('index every field the writes look records up by (lookupFields), and the lookups use them', async () => {
    const url = await freshDatabase();
    await migrate(url);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename = 'records'");
      for (const [kind, field] of lookupFields) {
        expect(rows.some((r) => r.indexdef.includes(`->> '${field}'::text`) && r.indexdef.includes(`'${kind}'::text`)), `${kind}.${field}`).toBe(true);
      }
      // The query ShopRecords.findBy sends, with its parameters, over a shop of 5,000 orders: planned on the index.
      const shop = '00000000-0000-4000-8000-000000000000';
      await db.query("INSERT INTO shops (shop_id, name, created_by) VALUES ($1, 'S', 'u')", [shop]);
      await db.query(
        `INSERT INTO records (shop_id, kind, id, version, record) SELECT $1, 'orders', n::text, 1, jsonb_build_object('id', n, 'invoiceId', '#IN' || lpad(n::text, 4, '0'))
         FROM generate_series(1, 5000) n`,
        [shop],
      );
      await db.query('ANALYZE records');
      const plan = await db.query(
        'EXPLAIN SELECT record FROM records WHERE shop_id = $1 AND kind = $2 AND record->>$3 = $4 AND deleted = $5 ORDER BY id FOR UPDATE',
        ['00000000-0000-4000-8000-000000000000', 'orders', 'invoiceId', '#IN0001', false],
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/records_lookup_orders_invoice_id/);
    } finally {
      await db.end();
    }
  });

  it('run once when two server copies start on one database together', async () => {
    const url = await freshDatabase();
    const results = await Promise.all([migrate(url), migrate(url)]);
    expect(results.flat().length).toBe(results.find((r) => r.length)!.length);
  });
});

describe('start-up settings', () => {
  const base = { DATABASE_URL: 'postgres://x', FIREBASE_PROJECT_ID: 'demo-shop' };

  it('refuse FIREBASE_AUTH_EMULATOR_HOST without SHOP_SERVER_AUTH_EMULATOR=1', () => {
    expect(() => readConfig({ ...base, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set/);
  });

  it('refuse emulator mode for a real (non-demo) project', () => {
    expect(() => readConfig({ ...base, FIREBASE_PROJECT_ID: 'shop-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SHOP_SERVER_AUTH_EMULATOR: '1' })).toThrow(
      /refused for a real project/,
    );
  });

  it('refuse emulator mode without the emulator host', () => {
    expect(() => readConfig({ ...base, SHOP_SERVER_AUTH_EMULATOR: '1' })).toThrow(/needs FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('accept emulator mode when told, for a demo project; and a real project without the emulator', () => {
    expect(readConfig({ ...base, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SHOP_SERVER_AUTH_EMULATOR: '1' }).authEmulator).toBe(true);
    expect(readConfig({ ...base, FIREBASE_PROJECT_ID: 'shop-prod' })).toMatchObject({ authEmulator: false, port: 8787 });
  });

  it('refuse a missing database or project, and bad numbers', () => {
    expect(() => readConfig({ FIREBASE_PROJECT_ID: 'demo-x' })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ DATABASE_URL: 'postgres://x' })).toThrow(/FIREBASE_PROJECT_ID/);
    expect(() => readConfig({ ...base, SHOP_SERVER_PORT: 'eighty' })).toThrow(/SHOP_SERVER_PORT/);
  });

  it('the token check itself refuses a real project while the emulator host is set', () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9';
    try {
      expect(() => firebaseVerifier({ projectId: 'shop-prod', authEmulator: false })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set/);
      expect(() => firebaseVerifier({ projectId: 'shop-prod', authEmulator: true })).toThrow(/refused for a real project/);
    } finally {
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    }
  });
});

describe('a server in emulator mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('answers /healthz with the database up', async () => {
    expect(await call(server.app, 'GET', '/healthz')).toEqual({ status: 200, body: { ok: true, database: 'up' } });
  });

  it('accepts an unsigned emulator token of its project, refuses one of another project, a garbled one and none', async () => {
    const user = newUser();
    expect((await call(server.app, 'GET', '/v1/shops', user)).status).toBe(200);
    expect((await call(server.app, 'GET', '/v1/shops', tokenFor(user, 'demo-other'))).status).toBe(401);
    expect((await call(server.app, 'GET', '/v1/shops', 'not-a-token'))).toMatchObject({ status: 401, body: { message: expect.stringMatching(/invalid or expired/) } });
    expect((await call(server.app, 'GET', '/v1/shops'))).toMatchObject({ status: 401, body: { message: expect.stringMatching(/Sign-in required/) } });
  });

  it('answers unknown routes and malformed JSON with 4xx JSON', async () => {
    const user = newUser();
    expect(await call(server.app, 'GET', '/v1/nothing', user)).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/shops',
      headers: { authorization: `Bearer ${tokenFor(user)}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toHaveProperty('message');
  });
});

describe('a server whose database is down', () => {
  it('still starts without migrating, says database "down" and answers 503 with a message', async () => {
    const server = await startTestServer({ databaseUrl: 'postgres://postgres@127.0.0.1:9/none', migrate: false });
    try {
      expect(await call(server.app, 'GET', '/healthz')).toEqual({ status: 200, body: { ok: true, database: 'down' } });
      const answer = await call(server.app, 'GET', '/v1/shops', newUser());
      expect(answer).toMatchObject({ status: 503, body: { message: expect.stringMatching(/database/) } });
    } finally {
      await server.close();
    }
  });
});

describe('a real project (no emulator mode)', () => {
  it('refuses an unsigned token with 401, even one naming a real user of the project', async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const app = await buildApp({ databaseUrl: await freshDatabase(), projectId: 'shop-admin-prod', authEmulator: false });
    try {
      const forged = tokenFor({ uid: 'someone', email: 'someone@example.com' }, 'shop-admin-prod');
      const response = await app.inject({ method: 'GET', url: '/v1/shops', headers: { authorization: `Bearer ${forged}` } });
      expect(response.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

