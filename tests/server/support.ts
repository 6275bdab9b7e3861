import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { createDatabase } from '../../scripts/postgres.mjs';
import { seedProducts } from '../../seed/products';
import { buildApp, type AppOptions } from '../../server/app';

export const PROJECT_ID = 'demo-shop-server-test';

export interface TestUser {
  uid: string;
  email: string;
  emailVerified?: boolean;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned ID token as the Auth emulator makes them (accepted only in emulator mode). */
export function tokenFor(user: TestUser, projectId = PROJECT_ID, lifetimeSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return [
    b64({ alg: 'none', typ: 'JWT' }),
    b64({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now - 10,
      user_id: user.uid,
      sub: user.uid,
      iat: now - 10,
      exp: now + lifetimeSeconds,
      email: user.email,
      email_verified: user.emailVerified ?? true,
      firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
}

/**
 * In emulator mode firebase-admin (13) asks the Auth emulator whether the token's user exists
 * and is not disabled (accounts:lookup) on every verifyIdToken. This stands in for the
 * emulator's answer, so the tests need no emulator process: every user exists, `disabled`
 * lists the ones that are disabled.
 */
export async function startAuthEmulatorStub(disabled = new Set<string>()): Promise<{ host: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (!request.url?.includes('accounts:lookup')) {
        response.writeHead(404).end();
        return;
      }
      const ids: string[] = (JSON.parse(body || '{}') as { localId?: string[] }).localId ?? [];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ kind: 'identitytoolkit#GetAccountInfoResponse', users: ids.map((localId) => ({ localId, disabled: disabled.has(localId), validSince: '0' })) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A fresh database of its own on the test PostgreSQL. */
export async function freshDatabase(): Promise<string> {
  return createDatabase(inject('postgresUrl'), `shop_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`);
}

export interface TestServer {
  app: FastifyInstance;
  databaseUrl: string;
  db: pg.Pool;
  close: () => Promise<void>;
}

/** The server in emulator mode over a fresh database (migrated by the app's start); `disabled` accounts are disabled in its Auth stand-in. */
export async function startTestServer(options: Partial<AppOptions> = {}, disabled = new Set<string>()): Promise<TestServer> {
  const stub = await startAuthEmulatorStub(disabled);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = stub.host;
  const databaseUrl = options.databaseUrl ?? (await freshDatabase());
  // Refusals are answered at once unless a test asks for the hold (tests/server/held-refusals.test.ts), and an
  // account sending hundreds of bad requests on purpose (bad-requests, hostile-clients) is no repeat offender
  // unless a test asks for one (tests/server/repeat-offenders.test.ts).
  const app = await buildApp({
    databaseUrl,
    projectId: PROJECT_ID,
    authEmulator: true,
    ...options,
    fairUse: { refusalHoldMs: 0, offenderRefusalsPerMinute: 1_000_000, ...options.fairUse },
  });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    app,
    databaseUrl,
    db,
    close: async () => {
      await app.close();
      await db.end();
      await stub.close();
    },
  };
}

let userCount = 0;
export function newUser(name = 'user'): TestUser {
  userCount++;
  const id = `${name}-${userCount}-${randomUUID().slice(0, 8)}`;
  return { uid: id, email: `${id}@example.com` };
}

/** One request through inject(), answering status and parsed JSON. */
export async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser | string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (user !== undefined) headers.authorization = `Bearer ${typeof user === 'string' ? user : tokenFor(user)}`;
  const response = await app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  let json: unknown;
  try {
    json = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    json = response.body;
  }
  return { status: response.statusCode, body: json as Record<string, unknown> & { message?: string } };
}

/** A shop owned by `owner`, with a member in each other role (invited and accepted). */
export async function shopWithTeam(app: FastifyInstance) {
  const owner = newUser('owner');
  const admin = newUser('admin');
  const staff = newUser('staff');
  const viewer = newUser('viewer');
  const created = await call(app, 'POST', '/v1/shops', owner, { name: 'Test Shop' });
  const shopId = (created.body.shop as { id: string }).id;
  for (const [user, role] of [
    [admin, 'admin'],
    [staff, 'staff'],
    [viewer, 'viewer'],
  ] as const) {
    const invited = await call(app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: user.email, role });
    const accepted = await call(app, 'POST', `/v1/invitations/${(invited.body.invitation as { id: string }).id}/accept`, user);
    if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  }
  return { shopId, owner, admin, staff, viewer };
}

/**
 * A shop with a history (for the bad-request tests): shopWithTeam, a pending invitation, and a
 * client ('victim-laptop') whose writes the server applied: users, products, a deletion, a ticket.
 */
export async function shopWithWrites(app: FastifyInstance) {
  const team = await shopWithTeam(app);
  const invited = await call(app, 'POST', `/v1/shops/${team.shopId}/members`, team.owner, { email: 'pending@example.com', role: 'staff' });
  const mutations = [
    { id: 1, name: 'POST /api/users', query: {}, body: userBody('Ann', 'ann@example.com') },
    { id: 2, name: 'POST /api/users', query: {}, body: userBody('Bob', 'bob@example.com') },
    { id: 3, name: 'POST /api/products', query: {}, body: productBody('V-1') },
    { id: 4, name: 'POST /api/products', query: {}, body: productBody('V-2') },
    { id: 5, name: 'DELETE /api/users', query: { id: '2' }, body: null },
    { id: 6, name: 'POST /api/tickets', query: {}, body: { subject: 'Broken', message: 'It broke', email: 'c@example.com' } },
  ];
  const pushed = await pushAs(app, team.admin, team.shopId, 'victim-laptop', mutations);
  expect(pushed.status).toBe(200);
  const applied = pushed.body.results.filter((r) => r.status === 'applied').length;
  expect(applied).toBeGreaterThanOrEqual(5);
  return { ...team, invitationId: (invited.body.invitation as { id: string }).id, clientId: 'victim-laptop', last: mutations.length };
}

/** A new user who owns a new shop (empty of records) and is in no other; its client ('attacker-device') has sent nothing. */
export async function ownerOfNewShop(app: FastifyInstance) {
  const user = newUser('attacker');
  const shop = await call(app, 'POST', '/v1/shops', user, { name: 'Mine' });
  return { user, shopId: (shop.body.shop as { id: string }).id, clientId: 'attacker-device', last: 0 };
}

/** A body for `POST /api/users` (a seed user without its server fields). */
export function userBody(name = 'Test User', email = 'test.user@example.com') {
  return { name, email, role: 'Tester', status: 'verified', address: 'Norway', phone: '+47 555 01 234' };
}

/** A body for `POST /api/products` with the given code (the first seed product, server fields left out). */
export function productBody(code: string) {
  const { id: _id, createdAt: _createdAt, rating: _rating, totalReviews: _totalReviews, ...fields } = seedProducts[0]!;
  return { ...fields, code };
}

export type PushAnswer = { results: Array<{ id: number; status: string; code?: number; message?: string; version?: number | null; created?: Array<{ kind: string; id: unknown; pendingId?: unknown }> }> };

export async function pushAs(app: FastifyInstance, user: TestUser, shopId: string, clientId: string, mutations: unknown[]) {
  const answer = await call(app, 'POST', `/v1/shops/${shopId}/push`, user, { clientId, mutations });
  return answer as { status: number; body: PushAnswer & { message?: string } };
}

export type PullAnswer = {
  cookie: number | string;
  lastMutationIds: Record<string, number>;
  changes: Array<{ kind: string; id: unknown; version: number; record?: Record<string, unknown>; deleted?: true }>;
  more: boolean;
  pendingIds: Array<{ kind: string; pendingId: unknown; id: unknown }>;
};

export async function pullAs(app: FastifyInstance, user: TestUser, shopId: string, clientId: string, cookie: number | string | null) {
  const answer = await call(app, 'POST', `/v1/shops/${shopId}/pull`, user, { clientId, cookie });
  return answer as { status: number; body: PullAnswer & { message?: string } };
}

/** Row counts and the shop's version: what must not move when a request is refused. */
export async function snapshot(db: pg.Pool) {
  const { rows } = await db.query<{ t: string; n: string }>(
    `SELECT 'records' t, count(*) n FROM records UNION ALL SELECT 'audit', count(*) FROM audit UNION ALL SELECT 'clients', count(*) FROM clients
     UNION ALL SELECT 'members', count(*) FROM members UNION ALL SELECT 'invitations', count(*) FROM invitations UNION ALL SELECT 'pending', count(*) FROM pending_ids
     UNION ALL SELECT 'versions', coalesce(sum(version), 0) FROM shop_versions UNION ALL SELECT 'last', coalesce(sum(last_mutation_id), 0) FROM clients`,
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

const TABLES = ['shops', 'members', 'invitations', 'clients', 'shop_versions', 'records', 'pending_ids', 'counters', 'audit'] as const;

/** A digest and a row count of every table: equal digests, equal tables. */
export async function tableDigests(db: pg.Pool): Promise<Record<string, string>> {
  const { rows } = await db.query<{ t: string; d: string }>(
    TABLES.map((table) => `SELECT '${table}' AS t, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM ${table} x`).join(' UNION ALL '),
  );
  return Object.fromEntries(rows.map((row) => [row.t, row.d]));
}

/** The authorization header of `user` (or of a raw token). */
export const bearer = (user: TestUser | string) => ({ authorization: `Bearer ${typeof user === 'string' ? user : tokenFor(user)}` });

/** A 4xx (or exactly `status`) with a JSON body `{ message }` naming what is wrong. */
export function expectRefused(response: LightMyRequestResponse, what: string, status?: number | number[]) {
  const label = `${what}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (status === undefined) {
    expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, label).toBeLessThan(500);
  } else {
    expect([status].flat(), label).toContain(response.statusCode);
  }
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { message?: unknown };
  expect(typeof body.message, label).toBe('string');
  expect((body.message as string).length, label).toBeGreaterThan(0);
}
