/**
 * Thousands of generated bad requests (fast-check) over every /v1 endpoint and every mutation
 * name: each is answered 4xx with a JSON `{ message }` (never a 5xx), and the database is
 * unchanged (a digest of every table, compared after each generated request). Refusals the
 * protocol records (a mutation the rules refuse is "rejected" and counted as processed) are
 * checked separately: they change the audit and the client's last id, and nothing else.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mutationNames } from '../../domain/sync/apply-mutation';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { call, newUser, productBody, PROJECT_ID, pushAs, shopWithTeam, startTestServer, tokenFor, userBody, type TestServer, type TestUser } from './support';

// Each property sends hundreds of requests: seconds when the machine is quiet, more on a busy 2-core one.
vi.setConfig({ testTimeout: 180_000 });

const MAX_MUTATIONS = 500;
const BODY_LIMIT = 256 * 1024;

let server: TestServer;
/** Requests sent by this file (the issue asks for at least 5,000 bad ones). */
let sent = 0;

/** The victim's shop: records, members, a pending invitation, a client with applied mutations. */
let victim: Awaited<ReturnType<typeof shopWithTeam>> & { invitationId: string; clientId: string; last: number };
/** A user who owns a shop of their own (empty of records) and is in no other. */
let attacker: { user: TestUser; shopId: string; clientId: string; last: number };

beforeAll(async () => {
  server = await startTestServer({ bodyLimit: BODY_LIMIT, maxMutationsPerPush: MAX_MUTATIONS });
  const team = await shopWithTeam(server.app);
  const invited = await call(server.app, 'POST', `/v1/shops/${team.shopId}/members`, team.owner, { email: 'pending@example.com', role: 'staff' });
  const mutations = [
    { id: 1, name: 'POST /api/users', query: {}, body: userBody('Ann', 'ann@example.com') },
    { id: 2, name: 'POST /api/users', query: {}, body: userBody('Bob', 'bob@example.com') },
    { id: 3, name: 'POST /api/products', query: {}, body: productBody('V-1') },
    { id: 4, name: 'POST /api/products', query: {}, body: productBody('V-2') },
    { id: 5, name: 'DELETE /api/users', query: { id: '2' }, body: null },
    { id: 6, name: 'POST /api/tickets', query: {}, body: { subject: 'Broken', message: 'It broke', email: 'c@example.com' } },
  ];
  const pushed = await pushAs(server.app, team.admin, team.shopId, 'victim-laptop', mutations);
  expect(pushed.status).toBe(200);
  const applied = pushed.body.results.filter((r) => r.status === 'applied').length;
  expect(applied).toBeGreaterThanOrEqual(5);
  victim = { ...team, invitationId: (invited.body.invitation as { id: string }).id, clientId: 'victim-laptop', last: mutations.length };

  const user = newUser('attacker');
  const shop = await call(server.app, 'POST', '/v1/shops', user, { name: 'Mine' });
  attacker = { user, shopId: (shop.body.shop as { id: string }).id, clientId: 'attacker-device', last: 0 };
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// The database's state, and the one check every refused request must pass.

const TABLES = ['shops', 'members', 'invitations', 'clients', 'shop_versions', 'records', 'pending_ids', 'counters', 'audit'] as const;

/** A digest and a row count of every table: equal digests, equal tables. */
async function dump(): Promise<Record<string, string>> {
  const { rows } = await server.db.query<{ t: string; d: string }>(
    TABLES.map((table) => `SELECT '${table}' AS t, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM ${table} x`).join(' UNION ALL '),
  );
  return Object.fromEntries(rows.map((row) => [row.t, row.d]));
}

interface Probe {
  what: string;
  request: InjectOptions;
}

const bearer = (user: TestUser | string) => ({ authorization: `Bearer ${typeof user === 'string' ? user : tokenFor(user)}` });

async function send(probe: Probe): Promise<LightMyRequestResponse> {
  sent++;
  return server.app.inject(probe.request);
}

/** A 4xx (or exactly `status`) with a JSON body `{ message }` naming what is wrong. */
function expectRefused(response: LightMyRequestResponse, what: string, status?: number | number[]) {
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

/** Sends each probe of a run, checks each is refused, and that the database did not move. */
async function refusedAndUnchanged(probes: Probe[], status?: number | number[]) {
  const before = await dump();
  for (const probe of probes) expectRefused(await send(probe), probe.what, status);
  expect(await dump(), probes.map((p) => p.what).join('; ')).toEqual(before);
}

const runs = (numRuns: number) => ({ numRuns, endOnFailure: true });

// ---------------------------------------------------------------------------------------------
// Generators.

const shopUrl = (shopId: string, rest: string) => `/v1/shops/${encodeURIComponent(shopId)}${rest}`;

/** Every /v1 endpoint, for a shop, as the request a member would send (bodies valid, so only what a case breaks refuses it). */
function endpoints(shopId: string, memberUid: string, invitationId: string): Array<{ name: string; method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown }> {
  return [
    { name: 'create shop', method: 'POST', url: '/v1/shops', body: { name: 'New shop' } },
    { name: 'my shops', method: 'GET', url: '/v1/shops' },
    { name: 'members', method: 'GET', url: shopUrl(shopId, '/members') },
    { name: 'invite', method: 'POST', url: shopUrl(shopId, '/members'), body: { email: 'someone@example.com', role: 'staff' } },
    { name: 'change role', method: 'PATCH', url: shopUrl(shopId, `/members/${encodeURIComponent(memberUid)}`), body: { role: 'viewer' } },
    { name: 'remove member', method: 'DELETE', url: shopUrl(shopId, `/members/${encodeURIComponent(memberUid)}`) },
    { name: 'withdraw invitation', method: 'DELETE', url: shopUrl(shopId, `/invitations/${encodeURIComponent(invitationId)}`) },
    { name: 'accept invitation', method: 'POST', url: `/v1/invitations/${encodeURIComponent(invitationId)}/accept` },
    { name: 'push', method: 'POST', url: shopUrl(shopId, '/push'), body: { clientId: 'c1', mutations: [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }] } },
    { name: 'pull', method: 'POST', url: shopUrl(shopId, '/pull'), body: { clientId: 'c1', cookie: 0 } },
    { name: 'events', method: 'GET', url: shopUrl(shopId, '/events') },
    { name: 'audit', method: 'GET', url: shopUrl(shopId, '/audit?limit=10') },
  ];
}

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Authorization headers that must never pass: none, not Bearer, garbage, another project's, expired, unsigned-but-tampered, no subject. */
const badAuthorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer', 'Token abc'),
  fc.string({ minLength: 1, maxLength: 200 }).map((s) => `Bearer ${s.replace(/\s/g, 'x') || 'x'}`),
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x21-\x7e ]/g, '')),
  fc.constantFrom('demo-other', 'shop-admin-prod', '', PROJECT_ID.toUpperCase()).map((project) => `Bearer ${tokenFor(newUser('other-project'), project)}`),
  fc.record({ exp: fc.integer({ min: 0, max: Math.floor(Date.now() / 1000) - 60 }), sub: fc.constantFrom('a', 'someone') }).map(({ exp, sub }) => {
    const claims = { iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, auth_time: exp - 100, iat: exp - 100, exp, sub, user_id: sub };
    return `Bearer ${[b64({ alg: 'none', typ: 'JWT' }), b64(claims), ''].join('.')}`;
  }),
  fc.constantFrom('sub', 'aud', 'iss').map((missing) => {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = { iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, auth_time: now, iat: now, exp: now + 3600, sub: 'u1', user_id: 'u1' };
    delete claims[missing];
    return `Bearer ${[b64({ alg: 'none', typ: 'JWT' }), b64(claims), ''].join('.')}`;
  }),
  fc.string({ minLength: 1, maxLength: 60 }).map((junk) => `Bearer ${b64({ alg: 'none' })}.${b64(junk)}.`),
);

/** Text that is not JSON. */
const notJson = fc
  .oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom('{', '{"name": ', '[1,2', '{"clientId": "a", "mutations": [}', "{'a': 1}", 'undefined', 'NaN', '{"a":1,}', '\u0000', '{"a": 01}'),
    fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
  )
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

/** Values of every JSON type, to put where another type belongs. */
const anyJson = fc.jsonValue({ maxDepth: 2 });
const notString = anyJson.filter((v) => typeof v !== 'string');
const notInteger = anyJson.filter((v) => !Number.isInteger(v));
const notObject = anyJson.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v));
const notArray = anyJson.filter((v) => !Array.isArray(v));
const extraKey = fc.string({ minLength: 1, maxLength: 10 });

/** Replaces, removes or adds one field of a valid body so the route's schema refuses it. */
function brokenBody(valid: Record<string, unknown>, typeOf: Record<string, fc.Arbitrary<unknown>>, required: string[]): fc.Arbitrary<unknown> {
  const fields = Object.keys(typeOf);
  return fc.oneof(
    notObject,
    fc.constantFrom(...fields).chain((field) => typeOf[field]!.map((value) => ({ ...valid, [field]: value }))),
    fc.constantFrom(...required).map((field) => {
      const copy = { ...valid };
      delete copy[field];
      return copy;
    }),
    extraKey.filter((key) => !fields.includes(key)).map((key) => ({ ...valid, [key]: 1 })),
  );
}

/** A mutation whose shape the push schema refuses. */
const badMutation = fc.oneof(
  notObject,
  notInteger.map((id) => ({ id, name: 'POST /api/users', query: {}, body: {} })),
  fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER + 2).map((id) => ({ id, name: 'POST /api/users', query: {}, body: {} })),
  notString.map((name) => ({ id: 1, name, query: {}, body: {} })),
  fc.constantFrom('', 'x'.repeat(101)).map((name) => ({ id: 1, name, query: {}, body: {} })),
  anyJson.filter((q) => typeof q !== 'object' || q === null || Array.isArray(q)).map((query) => ({ id: 1, name: 'PUT /api/users', query, body: {} })),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), notString, { minKeys: 1 }).map((query) => ({ id: 1, name: 'PUT /api/users', query, body: {} })),
  notArray.filter((v) => v !== undefined).map((pendingIds) => ({ id: 1, name: 'POST /api/users', query: {}, body: {}, pendingIds })),
  fc.constant({ id: 1, name: 'POST /api/users', query: {}, body: {}, pendingIds: [{}] }),
  fc.constant({ name: 'POST /api/users' }),
  fc.constant({ id: 1 }),
  extraKey.filter((k) => !['id', 'name', 'query', 'body', 'pendingIds'].includes(k)).map((key) => ({ id: 1, name: 'POST /api/users', body: {}, [key]: 0 })),
);

/** Names that are no mutation: near misses of real ones, and anything else. */
const unknownName = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 100 }),
    fc.constantFrom(...mutationNames).chain((name) =>
      fc.constantFrom(
        name.toLowerCase(),
        `${name} `,
        ` ${name}`,
        `${name}/`,
        `${name}/x`,
        name.replace('/api/', '/v1/'),
        name.replace(/^\w+/, 'GET'),
        name.replace(/^\w+/, 'PATCH'),
        name.replace(' ', '  '),
        name.replace(' ', ''),
        `${name}?id=1`,
        name.replace(':id', '1'),
      ),
    ),
    fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'GET /api/users', 'POST /api/shops'),
  )
  .filter((name) => !mutationNames.includes(name));

const knownName = fc.constantFrom(...mutationNames);
const someMutationBody = fc.oneof(anyJson, fc.constant(userBody()), fc.constant({ status: 'delivered' }), fc.constant({ ids: [1, 2] }));

// ---------------------------------------------------------------------------------------------

describe('bad requests are refused with 4xx and a message, and change nothing', () => {
  it('no token, or a bad one, on every /v1 endpoint: 401', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints('SHOP', 'UID', 'INV')),
        badAuthorization,
        async (endpoint, authorization) => {
          const real = endpoints(victim.shopId, victim.staff.uid, victim.invitationId).find((e) => e.name === endpoint.name)!;
          const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
          await refusedAndUnchanged([{ what: `${real.name} auth=${String(authorization).slice(0, 40)}`, request: { method: real.method, url: real.url, headers, ...(real.body === undefined ? {} : { payload: real.body as object }) } }], 401);
        },
      ),
      runs(600),
    );
  });

  it('malformed JSON, and bodies that are not JSON, to every endpoint that takes a body', async () => {
    const targets = endpoints(victim.shopId, victim.staff.uid, victim.invitationId).filter((e) => e.body !== undefined);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), notJson, fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded'), async (target, text, type) => {
        await refusedAndUnchanged([{ what: `${target.name} ${type} ${JSON.stringify(text).slice(0, 60)}`, request: { method: target.method, url: target.url, headers: { ...bearer(victim.owner), 'content-type': type }, payload: text } }]);
      }),
      runs(600),
    );
  });

  it('wrong types, missing and unknown fields, for each body and path parameter', async () => {
    const s = victim.shopId;
    const push = (body: unknown) => ({ method: 'POST' as const, url: shopUrl(s, '/push'), payload: body as object });
    const pull = (body: unknown) => ({ method: 'POST' as const, url: shopUrl(s, '/pull'), payload: body as object });
    const validPush = { clientId: victim.clientId, mutations: [{ id: victim.last + 1, name: 'POST /api/users', query: {}, body: userBody() }] };
    const cases = fc.oneof(
      brokenBody({ name: 'Shop' }, { name: fc.oneof(notString, fc.constantFrom('', 'x'.repeat(101), '   ', '\t\n')) }, ['name']).map((payload) => ({ method: 'POST' as const, url: '/v1/shops', payload: payload as object })),
      brokenBody(
        { email: 'new@example.com', role: 'staff' },
        { email: fc.oneof(notString, fc.constantFrom('', 'a', 'no-at-sign', 'a b@c.d', `${'x'.repeat(250)}@example.com`)), role: fc.oneof(notString, fc.constantFrom('', 'Owner', 'root', 'member')) },
        ['email', 'role'],
      ).map((payload) => ({ method: 'POST' as const, url: shopUrl(s, '/members'), payload: payload as object })),
      brokenBody({ role: 'viewer' }, { role: fc.oneof(notString, fc.constantFrom('', 'Admin', 'superuser')) }, ['role']).map((payload) => ({
        method: 'PATCH' as const,
        url: shopUrl(s, `/members/${victim.staff.uid}`),
        payload: payload as object,
      })),
      brokenBody(
        validPush,
        {
          clientId: fc.oneof(notString, fc.constantFrom('', 'a b', 'ä', 'x'.repeat(101), 'a/b', 'a.b')),
          mutations: fc.oneof(notArray, fc.array(badMutation, { minLength: 1, maxLength: 4 })),
        },
        ['clientId', 'mutations'],
      ).map(push),
      fc.array(badMutation, { minLength: 1, maxLength: 3 }).map((bad) => push({ clientId: victim.clientId, mutations: [...validPush.mutations, ...bad] })),
      brokenBody(
        { clientId: victim.clientId, cookie: 0 },
        {
          clientId: fc.oneof(notString, fc.constantFrom('', 'a b', 'x'.repeat(101))),
          cookie: fc.oneof(
            anyJson.filter((v) => !(v === null || typeof v === 'string' || (Number.isInteger(v) && (v as number) >= 0))),
            fc.integer({ max: -1 }),
            fc.constantFrom('x'.repeat(1001), 1.5, Number.MAX_SAFE_INTEGER + 2),
          ),
        },
        ['clientId'],
      ).map(pull),
      // Path parameters too long for their schema.
      fc.constantFrom(
        { method: 'GET' as const, url: shopUrl('s'.repeat(101), '/members') },
        { method: 'POST' as const, url: shopUrl('s'.repeat(101), '/pull'), payload: { clientId: 'a' } },
        { method: 'PATCH' as const, url: shopUrl(s, `/members/${'u'.repeat(129)}`), payload: { role: 'viewer' } },
        { method: 'DELETE' as const, url: shopUrl(s, `/members/${'u'.repeat(129)}`) },
        { method: 'DELETE' as const, url: shopUrl(s, `/invitations/${'i'.repeat(101)}`) },
        { method: 'POST' as const, url: `/v1/invitations/${'i'.repeat(101)}/accept` },
        { method: 'GET' as const, url: shopUrl('s'.repeat(101), '/events') },
        { method: 'GET' as const, url: shopUrl('s'.repeat(101), '/audit') },
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, async (request) => {
        const { payload, ...rest } = request as typeof request & { payload?: unknown };
        // Every body goes as JSON (a bare string too), so only its shape is wrong.
        const body = payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { ...bearer(victim.owner), 'content-type': 'application/json' } };
        await refusedAndUnchanged([{ what: `${rest.method} ${rest.url.slice(0, 80)} ${JSON.stringify(payload ?? null)?.slice(0, 200)}`, request: { ...rest, headers: bearer(victim.owner), ...body } }], [400, 404, 414]);
      }),
      runs(1000),
    );
  });

  it('unknown mutation names, alone or after good mutations: 400, none of the batch applied', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(knownName, someMutationBody), { maxLength: 4 }),
        unknownName,
        fc.array(fc.tuple(knownName, someMutationBody), { maxLength: 2 }),
        fc.constantFrom(victim.clientId, 'fresh-client', 'another-fresh'),
        async (before, unknown, after, clientId) => {
          const names = [...before.map(([n, b]) => [n, b] as const), [unknown, {}] as const, ...after.map(([n, b]) => [n, b] as const)];
          const start = clientId === victim.clientId ? victim.last + 1 : 1;
          const mutations = names.map(([name, body], i) => ({ id: start + i, name, query: {}, body }));
          await refusedAndUnchanged([{ what: `unknown ${JSON.stringify(unknown)}`, request: { method: 'POST', url: shopUrl(victim.shopId, '/push'), headers: bearer(victim.admin), payload: { clientId, mutations } } }], 400);
        },
      ),
      runs(500),
    );
  });

  it("another shop's ids: a member of one shop reaches no endpoint of another (403, or 404 for an invitation), nor a shop that does not exist", async () => {
    const otherShops = fc.oneof(fc.constant(victim.shopId), fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '' && !/[/?#%]/.test(s) && s !== '.' && s !== '..'));
    const members = fc.constantFrom(victim.owner.uid, victim.admin.uid, victim.staff.uid, victim.viewer.uid, attacker.user.uid, 'nobody');
    const bodies = fc.oneof(
      fc.constant(undefined),
      fc.record({ clientId: fc.constantFrom(victim.clientId, attacker.clientId, 'x'), cookie: fc.constantFrom(0, null) }),
      fc.record({ email: fc.constantFrom(attacker.user.email, 'x@example.com'), role: fc.constantFrom('owner', 'admin', 'staff', 'viewer') }),
      fc.record({ role: fc.constantFrom('owner', 'admin') }),
    );
    await fc.assert(
      fc.asyncProperty(otherShops, members, fc.constantFrom(...endpoints('S', 'U', 'I').map((e) => e.name)), bodies, knownName, async (shopId, uid, name, body, mutationName) => {
        const endpoint = endpoints(shopId, uid, victim.invitationId).find((e) => e.name === name)!;
        if (endpoint.name === 'create shop' || endpoint.name === 'my shops') return; // Not about a shop.
        let payload = endpoint.body;
        if (endpoint.name === 'push') payload = { clientId: attacker.clientId, mutations: [{ id: attacker.last + 1, name: mutationName, query: { id: '1' }, body: body ?? {} }] };
        else if (endpoint.name === 'pull' && body && 'clientId' in body) payload = body;
        else if (body && endpoint.body !== undefined && Object.keys(body).sort().join() === Object.keys(endpoint.body as object).sort().join()) payload = body;
        const status = endpoint.name === 'accept invitation' ? 404 : 403;
        await refusedAndUnchanged([{ what: `${endpoint.name} ${shopId} ${JSON.stringify(payload)?.slice(0, 100)}`, request: { method: endpoint.method, url: endpoint.url, headers: bearer(attacker.user), ...(payload === undefined ? {} : { payload: payload as object }) } }], status);
      }),
      runs(800),
    );
  });

  it('oversized batches (more mutations than allowed) and bodies over the size limit: 400 / 413', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: MAX_MUTATIONS + 1, max: MAX_MUTATIONS + 300 }), fc.boolean(), async (count, fresh) => {
        const clientId = fresh ? 'oversized-client' : victim.clientId;
        const start = fresh ? 1 : victim.last + 1;
        const mutations = Array.from({ length: count }, (_, i) => ({ id: start + i, name: 'DELETE /api/users', query: { id: '1' }, body: null }));
        await refusedAndUnchanged([{ what: `${count} mutations`, request: { method: 'POST', url: shopUrl(victim.shopId, '/push'), headers: bearer(victim.admin), payload: { clientId, mutations } } }], 400);
      }),
      runs(40),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/push', '/pull', '/members'), fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT * 2 }), async (path, size) => {
        const payload = JSON.stringify({ clientId: victim.clientId, mutations: [{ id: victim.last + 1, name: 'POST /api/users', query: {}, body: { ...userBody(), name: 'x'.repeat(size) } }] });
        await refusedAndUnchanged([{ what: `${size} bytes to ${path}`, request: { method: 'POST', url: shopUrl(victim.shopId, path), headers: { ...bearer(victim.admin), 'content-type': 'application/json' }, payload } }], 413);
      }),
      runs(20),
    );
  });

  it('skipped mutation ids (a gap), ids out of order or repeated: 409 / 400, nothing applied', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(victim.clientId, 'gap-client-a', 'gap-client-b'),
        fc.integer({ min: 2, max: 1_000_000 }),
        fc.array(fc.tuple(knownName, someMutationBody), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('gap', 'shuffled', 'repeated', 'descending'),
        async (clientId, skip, batch, kind) => {
          const last = clientId === victim.clientId ? victim.last : 0;
          let ids: number[];
          if (kind === 'gap') ids = batch.map((_, i) => last + skip + i);
          else if (kind === 'repeated') ids = [...batch.map((_, i) => last + 1 + i), last + batch.length];
          else if (kind === 'descending') ids = [last + 2, last + 1, ...batch.slice(2).map((_, i) => last + 3 + i)];
          else ids = [last + 1, last + 3, last + 2];
          const mutations = ids.map((id, i) => ({ id, name: batch[i % batch.length]![0], query: {}, body: batch[i % batch.length]![1] }));
          await refusedAndUnchanged([{ what: `${kind} ${clientId} ${ids.join(',')}`, request: { method: 'POST', url: shopUrl(victim.shopId, '/push'), headers: bearer(victim.admin), payload: { clientId, mutations } } }], kind === 'gap' ? 409 : 400);
        },
      ),
      runs(400),
    );
  });

  it('replayed mutation ids, whatever they now carry, are skipped and change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: victim.last }), fc.array(fc.tuple(knownName, someMutationBody), { minLength: 1, maxLength: 6 }), async (first, batch) => {
        const mutations = batch.slice(0, victim.last - first + 1).map(([name, body], i) => ({ id: first + i, name, query: { id: '1' }, body }));
        const before = await dump();
        sent++;
        const answer = await server.app.inject({ method: 'POST', url: shopUrl(victim.shopId, '/push'), headers: bearer(victim.admin), payload: { clientId: victim.clientId, mutations } });
        expect(answer.statusCode, answer.body).toBe(200);
        expect((JSON.parse(answer.body) as { results: unknown[] }).results).toEqual(mutations.map((m) => ({ id: m.id, status: 'skipped' })));
        expect(await dump()).toEqual(before);
      }),
      runs(300),
    );
  });

  it("a client id of another user: 403 on push and pull, from a member of the same shop", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(victim.owner, victim.staff, victim.viewer), fc.boolean(), fc.array(fc.tuple(knownName, someMutationBody), { maxLength: 3 }), async (user, isPush, batch) => {
        const request: InjectOptions = isPush
          ? { method: 'POST', url: shopUrl(victim.shopId, '/push'), headers: bearer(user), payload: { clientId: victim.clientId, mutations: batch.map(([name, body], i) => ({ id: victim.last + 1 + i, name, query: {}, body })) } }
          : { method: 'POST', url: shopUrl(victim.shopId, '/pull'), headers: bearer(user), payload: { clientId: victim.clientId, cookie: 0 } };
        await refusedAndUnchanged([{ what: `${isPush ? 'push' : 'pull'} as ${user.uid}`, request }], 403);
      }),
      runs(300),
    );
  });

  it('bad query parameters: the audit trail, event stream and pull cookies', async () => {
    const s = victim.shopId;
    const badBefore = fc.oneof(
      fc.string({ maxLength: 20 }).filter((v) => !/^[1-9][0-9]{0,15}$/.test(v)),
      fc.constantFrom('0', '-1', '1.5', '1e3', '12345678901234567', ' 1', '0x10', '[]'),
    );
    const badLimit = fc.oneof(
      fc.string({ maxLength: 20 }).filter((v) => !/^([1-9][0-9]?|1[0-9][0-9]|200)$/.test(v)),
      fc.constantFrom('0', '201', '-5', '1000', '5.0', 'all', ''),
    );
    const cases = fc.oneof(
      badBefore.map((before) => ({ url: `${shopUrl(s, '/audit')}?before=${encodeURIComponent(before)}`, user: victim.owner, status: 400 })),
      badLimit.map((limit) => ({ url: `${shopUrl(s, '/audit')}?limit=${encodeURIComponent(limit)}`, user: victim.admin, status: 400 })),
      fc
        .string({ minLength: 1, maxLength: 10 })
        .filter((k) => !['before', 'limit'].includes(k) && /^[a-z]+$/.test(k))
        .map((key) => ({ url: `${shopUrl(s, '/audit')}?${key}=1`, user: victim.owner, status: 400 })),
      // Staff and viewers may not read the trail, whatever they ask for.
      fc.constantFrom(victim.staff, victim.viewer).map((user) => ({ url: `${shopUrl(s, '/audit')}?limit=5`, user, status: 403 })),
      // The event stream: not a member, no such shop (its own id or another's), a bad id.
      fc.oneof(fc.uuid(), fc.constant(s), fc.constant('not-a-uuid')).map((shopId) => ({ url: shopUrl(shopId, '/events'), user: attacker.user, status: 403 })),
      fc.uuid().map((shopId) => ({ url: shopUrl(shopId, '/events'), user: victim.owner, status: 403 })),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ url, user, status }) => {
        await refusedAndUnchanged([{ what: url, request: { method: 'GET', url, headers: bearer(user) } }], status);
      }),
      runs(400),
    );
    // Pull cookies this server did not give, or ahead of the shop.
    const badCookie = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.jsonValue().map((v) => `c1.${Buffer.from(JSON.stringify(v)).toString('base64url')}`),
      fc.tuple(fc.integer({ min: -5, max: 10 }), anyJson, anyJson).map((t) => `c1.${Buffer.from(JSON.stringify(t)).toString('base64url')}`),
      fc.integer({ min: 1_000, max: Number.MAX_SAFE_INTEGER }),
    );
    await fc.assert(
      fc.asyncProperty(badCookie, async (cookie) => {
        const before = await dump();
        sent++;
        const answer = await server.app.inject({ method: 'POST', url: shopUrl(s, '/pull'), headers: bearer(victim.admin), payload: { clientId: victim.clientId, cookie } });
        // A cookie that happens to name a real position is a fair pull; anything else a 4xx.
        if (answer.statusCode !== 200) expectRefused(answer, `cookie ${JSON.stringify(cookie)}`, [400, 409]);
        expect(await dump()).toEqual(before);
      }),
      runs(200),
    );
  });
});

describe('mutations the rules refuse are recorded as rejected (4xx and a message each), and change no record', () => {
  /** Per mutation name: bodies and queries that cannot be applied to a shop with no records. */
  const badBodyFor = (name: string) =>
    fc.record({
      name: fc.constant(name),
      query: fc.oneof(fc.constant({}), fc.constantFrom('1', '2', '3', '0', '-1', 'abc', 'INV-001', '00000000-0000-4000-8000-000000000000').map((id) => ({ id }))),
      body: fc.oneof(anyJson, fc.constantFrom({}, { ids: [1, 2, 3] }, { ids: [] }, { status: 'delivered' }, { ...userBody(), email: 'bad' }, { users: [{}] }, { products: [1] }, { orders: [null] }, { step: 'delivered' })),
      pendingIds: fc.option(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
    });

  async function pushRejected(batch: Array<{ name: string; query: Record<string, string>; body: unknown; pendingIds?: number[] }>) {
    const mutations = batch.map((m, i) => ({ id: attacker.last + 1 + i, ...m, ...(m.pendingIds ? {} : { pendingIds: undefined }) }));
    for (const m of mutations) if (m.pendingIds === undefined) delete m.pendingIds;
    const before = await dump();
    const audit = await server.db.query<{ n: number }>('SELECT count(*)::int n FROM audit WHERE shop_id = $1', [attacker.shopId]);
    sent++;
    const answer = await server.app.inject({ method: 'POST', url: shopUrl(attacker.shopId, '/push'), headers: bearer(attacker.user), payload: { clientId: attacker.clientId, mutations } });
    const after = await dump();
    const label = `${JSON.stringify(mutations).slice(0, 400)} → ${answer.body.slice(0, 400)}`;
    if (answer.statusCode !== 200) {
      // Refused whole (a body the JSON parser refuses, say): then nothing at all moved.
      expectRefused(answer, label);
      expect(after, label).toEqual(before);
      return;
    }
    const { results } = JSON.parse(answer.body) as { results: Array<{ id: number; status: string; code?: number; message?: string }> };
    expect(results.length, label).toBe(mutations.length);
    for (const result of results) {
      expect(result.status, label).toBe('rejected');
      expect(result.code, label).toBeGreaterThanOrEqual(400);
      expect(result.code, label).toBeLessThan(500);
      expect(result.message, label).toEqual(expect.any(String));
    }
    attacker.last += mutations.length;
    // No record, version, counter or pending id moved; the audit and the client's last id did, by exactly the batch.
    for (const table of ['shops', 'members', 'invitations', 'shop_versions', 'records', 'pending_ids', 'counters'] as const) expect(after[table], `${table}: ${label}`).toBe(before[table]);
    const { rows } = await server.db.query<{ last: string }>('SELECT last_mutation_id AS last FROM clients WHERE shop_id = $1 AND client_id = $2', [attacker.shopId, attacker.clientId]);
    expect(Number(rows[0]!.last)).toBe(attacker.last);
    const trail = await server.db.query<{ n: number; rejected: number }>(
      "SELECT count(*)::int n, count(*) FILTER (WHERE result = 'rejected' AND mutation_id > $2)::int rejected FROM audit WHERE shop_id = $1",
      [attacker.shopId, attacker.last - mutations.length],
    );
    expect(trail.rows[0]).toEqual({ n: audit.rows[0]!.n + mutations.length, rejected: mutations.length });
  }

  it('every mutation name with bodies it refuses, in a shop with no records (the ids of another shop name nothing here)', async () => {
    // Each name at least once by itself, then generated batches of any names.
    for (const name of mutationNames) await pushRejected([{ name, query: { id: '1' }, body: 'not an object' }]);
    await fc.assert(
      fc.asyncProperty(fc.array(knownName.chain(badBodyFor), { minLength: 1, maxLength: 5 }), async (batch) => {
        await pushRejected(batch);
      }),
      runs(450),
    );
    // The victim's records, named by their ids from the attacker's shop, are untouched.
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int n FROM records WHERE shop_id = $1', [attacker.shopId]);
    expect(rows[0]!.n).toBe(0);
  });

  it('a pending id that is not one, and ids of records created offline that the server never saw, are refused', async () => {
    await pushRejected([
      { name: 'POST /api/users', query: {}, body: userBody(), pendingIds: [5] },
      { name: 'PUT /api/users', query: { id: String(PENDING_ID_BASE + 1) }, body: { ...userBody(), id: PENDING_ID_BASE + 1 } },
    ]);
  });
});

describe('the count', () => {
  it(`sent at least 5,000 bad requests`, () => {
    console.info(`bad-input: ${sent} requests`);
    expect(sent).toBeGreaterThanOrEqual(5_000);
  });
});
