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
import { bearer, expectRefused, ownerOfNewShop, shopWithWrites, startTestServer, tableDigests, userBody, type TestServer } from './support';
import { anyJson, badAuthorization, badMutation, brokenBody, endpoints, knownName, notArray, notJson, notString, runs, shopUrl, someMutationBody, unknownName } from './bad-request-generators';

// Each property sends hundreds of requests: seconds when the machine is quiet, more on a busy 2-core one.
vi.setConfig({ testTimeout: 180_000 });

const MAX_MUTATIONS = 500;
const BODY_LIMIT = 256 * 1024;

let server: TestServer;
/** Requests sent by this file (the issue asks for at least 5,000 bad ones). */
let sent = 0;

/** The victim's shop: records, members, a pending invitation, a client with applied mutations. */
let victim: Awaited<ReturnType<typeof shopWithWrites>>;
/** A user who owns a shop of their own (empty of records) and is in no other. */
let attacker: Awaited<ReturnType<typeof ownerOfNewShop>>;

beforeAll(async () => {
  // Thousands of requests a minute from a few accounts: the rate limits are tested on their own (fair-use.test.ts).
  server = await startTestServer({ bodyLimit: BODY_LIMIT, pushBodyLimit: BODY_LIMIT, maxMutationsPerPush: MAX_MUTATIONS, fairUse: { requestsPerMinute: 1_000_000, streamOpensPerMinute: 1_000_000 } });
  victim = await shopWithWrites(server.app);
  attacker = await ownerOfNewShop(server.app);
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// The one check every refused request must pass (its generators: bad-request-generators.ts).

/** The database's state: a digest of every table (support.ts). */
const dump = () => tableDigests(server.db);

interface Probe {
  what: string;
  request: InjectOptions;
}

async function send(probe: Probe): Promise<LightMyRequestResponse> {
  sent++;
  return server.app.inject(probe.request);
}

/** Sends each probe of a run, checks each is refused, and that the database did not move. */
async function refusedAndUnchanged(probes: Probe[], status?: number | number[]) {
  const before = await dump();
  for (const probe of probes) expectRefused(await send(probe), probe.what, status);
  expect(await dump(), probes.map((p) => p.what).join('; ')).toEqual(before);
}

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
        .filter((k) => !['before', 'limit', 'uid', 'kind', 'since', 'until'].includes(k) && /^[a-z]+$/.test(k))
        .map((key) => ({ url: `${shopUrl(s, '/audit')}?${key}=1`, user: victim.owner, status: 400 })),
      // The filters: a kind that is not a record kind, a time that is not an ISO instant, an empty or overlong member.
      fc.oneof(
        fc.constantFrom('kind=user', 'kind=', 'kind=settings', 'since=yesterday', 'until=2026-13-01T00:00:00Z', 'since=2026-11-28', 'uid=', `uid=${'u'.repeat(129)}`),
        fc.string({ minLength: 1, maxLength: 12 }).filter((v) => !/^(users|products|reviews|orders|invoices|tickets|files)$/.test(v)).map((v) => `kind=${encodeURIComponent(v)}`),
      ).map((query) => ({ url: `${shopUrl(s, '/audit')}?${query}`, user: victim.owner, status: 400 })),
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
