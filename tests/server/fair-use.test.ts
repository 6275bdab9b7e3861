/**
 * Fair use (docs/security.md, "Limits"): what one account can make a server copy do. Each limit
 * is set low here so it is reached in a few requests; each answer is a 4xx or 503 JSON with a
 * message, 429s and 503s with Retry-After, and another account is not held back by it.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, pushAs, shopWithTeam, startTestServer, tokenFor, userBody, type TestServer, type TestUser } from './support';

let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer({
    heartbeatMs: 200,
    fairUse: { requestsPerMinute: 40, pushesInFlight: 1, streamsPerUser: 2, shopsPerDay: 3, bodyHeapBudget: 500_000, bodyWaitMs: 500, bodyBytesPerMinute: 6_000_000, statementTimeoutMs: 1_000, requestTimeoutMs: 2_000, streamCheckMs: 150 },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.app.server.closeAllConnections();
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the shop's version row, as a long write would: every write of the shop waits until `release`. */
async function holdShop(shopId: string) {
  const client = await server.db.connect();
  await client.query('BEGIN');
  await client.query('SELECT version FROM shop_versions WHERE shop_id = $1 FOR UPDATE', [shopId]);
  return async () => {
    await client.query('COMMIT');
    client.release();
  };
}

/** An event stream, read until it ends: `ended` resolves then. */
async function openStream(shopId: string, user: TestUser, token = tokenFor(user)) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/v1/shops/${shopId}/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (response.status !== 200) return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { message: string } };
  const reader = response.body!.getReader();
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // aborted by the test
    }
  })();
  return { status: 200, ended, close: () => controller.abort() };
}

/** A push whose body arrives in two halves: the second is sent by `finish()`, which resolves with the answer's status. */
function slowPush(shopId: string, user: TestUser, body: string) {
  const bytes = Buffer.from(body);
  const url = new URL(`${origin}/v1/shops/${shopId}/push`);
  let resolveStatus: (status: number) => void;
  const status = new Promise<number>((resolve) => (resolveStatus = resolve));
  const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: `Bearer ${tokenFor(user)}`, 'content-type': 'application/json', 'content-length': bytes.length } }, (response) => {
    response.resume();
    response.on('end', () => resolveStatus(response.statusCode ?? 0));
  });
  request.write(bytes.subarray(0, bytes.length >> 1));
  return {
    finish: () => {
      request.end(bytes.subarray(bytes.length >> 1));
      return status;
    },
  };
}

const userPush = (id: number, name = `User ${id}`) => ({ id, name: 'POST /api/users', query: {}, body: userBody(name, `user.${id}.${Math.random().toString(36).slice(2)}@example.com`) });

describe('fair use of one server copy', () => {
  it('a user’s requests past the per-minute limit are 429 with Retry-After; another user is not held back', async () => {
    const busy = newUser('busy');
    const other = newUser('other');
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push(await call(server.app, 'GET', '/v1/shops', busy));
    expect(answers.slice(0, 40).every((answer) => answer.status === 200)).toBe(true);
    const refused = await server.app.inject({ method: 'GET', url: '/v1/shops', headers: { authorization: `Bearer ${tokenFor(busy)}` } });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).message).toMatch(/Too many requests from your account/);
    expect((await call(server.app, 'GET', '/v1/shops', other)).status).toBe(200);
  });

  it('one push of a user at a time (here): a second is 429 before its body is read; another member’s push is not refused', async () => {
    const { shopId, admin, owner } = await shopWithTeam(server.app);
    const release = await holdShop(shopId);
    const first = pushAs(server.app, admin, shopId, 'admin-a', [userPush(1)]);
    await sleep(200);
    const second = await pushAs(server.app, admin, shopId, 'admin-b', [userPush(1)]);
    expect(second).toMatchObject({ status: 429, body: { message: expect.stringMatching(/Too many pushes at once/) } });
    const byOwner = pushAs(server.app, owner, shopId, 'owner-a', [userPush(1)]);
    await sleep(200);
    await release();
    expect((await first).body.results).toMatchObject([{ status: 'applied' }]);
    expect((await byOwner).body.results).toMatchObject([{ status: 'applied' }]);
    // The slot is given back with the answer.
    expect((await pushAs(server.app, admin, shopId, 'admin-b', [userPush(1)])).body.results).toMatchObject([{ status: 'applied' }]);
  });

  it('a statement past the statement timeout is cancelled: 503 with Retry-After, nothing recorded, and the resend applies', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const release = await holdShop(shopId);
    const stuck = await pushAs(server.app, admin, shopId, 'slow', [userPush(1)]);
    await release();
    expect(stuck).toMatchObject({ status: 503, body: { message: expect.stringMatching(/took too long/) } });
    expect((await pushAs(server.app, admin, shopId, 'slow', [userPush(1)])).body.results).toMatchObject([{ id: 1, status: 'applied' }]);
  });

  it('a viewer’s push is refused whole in one transaction: each mutation reported and audited as refused, nothing applied', async () => {
    const { shopId, viewer, owner } = await shopWithTeam(server.app);
    const mutations = Array.from({ length: 30 }, (_, i) => userPush(i + 1));
    const before = await server.db.query<{ xact_commit: string }>('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()');
    const answer = await pushAs(server.app, viewer, shopId, 'viewer-phone', mutations);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual(mutations.map(({ id }) => ({ id, status: 'rejected', code: 403, message: 'Your role (viewer) may not send POST /api/users: it takes admin' })));
    const audit = await call(server.app, 'GET', `/v1/shops/${shopId}/audit?limit=100`, owner);
    const refused = (audit.body.entries as Array<{ result: string; clientId: string }>).filter((entry) => entry.clientId === 'viewer-phone');
    expect(refused).toHaveLength(30);
    expect(refused.every((entry) => entry.result === 'rejected')).toBe(true);
    expect((await server.db.query("SELECT count(*)::int AS n FROM records WHERE shop_id = $1 AND kind = 'users'", [shopId])).rows[0].n).toBe(0);
    // Resent: skipped, as any answered mutation.
    expect((await pushAs(server.app, viewer, shopId, 'viewer-phone', mutations.slice(0, 2))).body.results).toEqual([
      { id: 1, status: 'skipped' },
      { id: 2, status: 'skipped' },
    ]);
    // Far fewer commits than two per mutation (other tests' statistics may add a few).
    const after = await server.db.query<{ xact_commit: string }>('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()');
    expect(Number(after.rows[0]!.xact_commit) - Number(before.rows[0]!.xact_commit)).toBeLessThan(20);
  });

  it('a user creates at most so many shops a day: then 429', async () => {
    const founder = newUser('founder');
    for (let i = 0; i < 3; i++) expect((await call(server.app, 'POST', '/v1/shops', founder, { name: `Shop ${i}` })).status).toBe(201);
    expect(await call(server.app, 'POST', '/v1/shops', founder, { name: 'One too many' })).toMatchObject({ status: 429, body: { message: expect.stringMatching(/24 hours/) } });
  });

  it('event streams: at most so many per user (429), each ends when its member is removed or its token expires', async () => {
    const { shopId, owner, staff, admin } = await shopWithTeam(server.app);
    const one = await openStream(shopId, staff);
    const two = await openStream(shopId, staff);
    expect([one.status, two.status]).toEqual([200, 200]);
    const three = await openStream(shopId, staff);
    expect(three).toMatchObject({ status: 429, body: { message: expect.stringMatching(/Too many event streams/) } });
    expect(Number(three.retryAfter)).toBeGreaterThan(0);
    // Removed: both streams end at the next check (every 150 ms here), and the slots are free again.
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${staff.uid}`, owner)).status).toBe(204);
    await Promise.all([one.ended, two.ended]);
    // A token that expires in 2 s: the stream ends by then.
    const shortLived = await openStream(shopId, admin, tokenFor(admin, undefined, 2));
    expect(shortLived.status).toBe(200);
    const opened = Date.now();
    await shortLived.ended;
    expect(Date.now() - opened).toBeLessThan(4_000);
  });
});

describe('bounded work before trust', () => {
  it('a stranger’s body is never parsed: 403 for a huge dense body to another shop’s push, however it is shaped', async () => {
    const { shopId } = await shopWithTeam(server.app);
    const stranger = newUser('stranger');
    const dense = `{"clientId":"x","mutations":[${'[],'.repeat(2_000_000)}[]]}`;
    const answer = await server.app.inject({ method: 'POST', url: `/v1/shops/${shopId}/push`, headers: { authorization: `Bearer ${tokenFor(stranger)}`, 'content-type': 'application/json' }, payload: dense });
    expect(answer.statusCode).toBe(403);
    expect(JSON.parse(answer.body).message).toMatch(/not a member/);
  });

  it('a member’s body denser than any write is refused unparsed (400); past the budget of bodies in flight, a body waits its turn, and 503 with Retry-After once it waited too long', async () => {
    const { shopId, admin, owner } = await shopWithTeam(server.app);
    const dense = `{"clientId":"x","mutations":[${'{},'.repeat(300_000)}{}]}`;
    const refused = await server.app.inject({ method: 'POST', url: `/v1/shops/${shopId}/push`, headers: { authorization: `Bearer ${tokenFor(admin)}`, 'content-type': 'application/json' }, payload: dense });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).message).toMatch(/far more values|array of more than 10000 items/);
    // The budget (500 kB of estimated heap here): a push of 100 kB (up to 1.3 MB of estimate set
    // aside) still arriving holds it; a second as large (500 new users) waits for its turn.
    const many = (clientId: string) => JSON.stringify({ clientId, mutations: Array.from({ length: 500 }, (_, i) => userPush(i + 1)) });
    // (Its one mutation is quick to answer once it is there: a ticket's message too long to keep.)
    const arriving = slowPush(shopId, admin, JSON.stringify({ clientId: 'budget-a', mutations: [{ id: 1, name: 'POST /api/tickets', query: {}, body: { subject: 'x', message: 'y'.repeat(100_000) } }] }));
    await sleep(100);
    const started = Date.now();
    const busy = await fetch(`${origin}/v1/shops/${shopId}/push`, { method: 'POST', headers: { authorization: `Bearer ${tokenFor(owner)}`, 'content-type': 'application/json' }, body: many('budget-b') });
    expect(busy.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await busy.json()) as { message: string }).message).toMatch(/too much data/);
    // A small push (a device's everyday one) does not wait behind it.
    expect((await pushAs(server.app, owner, shopId, 'small', [userPush(1)])).status).toBe(200);
    // A body that finds the budget spent waits (its socket unread) and is taken once room is given back within the wait.
    const waiting = fetch(`${origin}/v1/shops/${shopId}/push`, { method: 'POST', headers: { authorization: `Bearer ${tokenFor(owner)}`, 'content-type': 'application/json' }, body: many('budget-b') });
    await sleep(100);
    expect(await arriving.finish()).toBe(200);
    expect((await waiting).status).toBe(200);
  });

  it('the body bytes one account sends a minute are bounded: past them 429 with Retry-After before the body is read; another account is not held back', async () => {
    const sender = newUser('heavy');
    const other = newUser('light');
    const shopOf = async (user: TestUser) => ((await call(server.app, 'POST', '/v1/shops', user, { name: 'Heavy' })).body.shop as { id: string }).id;
    const [heavyShop, lightShop] = [await shopOf(sender), await shopOf(other)];
    // About 600 kB a push, refused mutation by mutation (a ticket's schema wants an object), so only the bytes count.
    const padded = (clientId: string, id: number) => JSON.stringify({ clientId, mutations: [{ id, name: 'POST /api/tickets', query: {}, body: { subject: 'x', message: 'y'.repeat(600_000) } }] });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let id = 1; id <= 20 && !refused; id++) {
      const response = await fetch(`${origin}/v1/shops/${heavyShop}/push`, { method: 'POST', headers: { authorization: `Bearer ${tokenFor(sender)}`, 'content-type': 'application/json' }, body: padded('heavy', id) });
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else await response.arrayBuffer();
    }
    // 6 MB a minute here: about ten such pushes pass, then the account waits.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(8);
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { message: string }).message).toMatch(/more data than a device/);
    // Nothing of the refused push was recorded: the next id is still the one refused.
    const pulled = await call(server.app, 'POST', `/v1/shops/${heavyShop}/pull`, sender, { clientId: 'heavy', cookie: 0 });
    expect((pulled.body as { lastMutationIds: Record<string, number> }).lastMutationIds.heavy).toBe(statuses.length - 1);
    expect((await pushAs(server.app, other, lightShop, 'light', [userPush(1)])).status).toBe(200);
  });

  it('a request whose body does not arrive within the request timeout is cut off (408), and its budget given back', async () => {
    const { shopId, admin, owner } = await shopWithTeam(server.app);
    const url = new URL(origin);
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
    });
    socket.write(`POST /v1/shops/${shopId}/push HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${tokenFor(admin)}\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{"clientId":"slow","mutations":[`);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    // 2 s here (60 s by default), looked for every half second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(4_000);
    // What it held of the bodies' budget came back: a large push is taken (held, it would wait its 500 ms and be refused).
    const many = JSON.stringify({ clientId: 'after-slow', mutations: Array.from({ length: 400 }, (_, i) => userPush(i + 1)) });
    const response = await fetch(`${origin}/v1/shops/${shopId}/push`, { method: 'POST', headers: { authorization: `Bearer ${tokenFor(owner)}`, 'content-type': 'application/json' }, body: many });
    expect(response.status).toBe(200);
  });

  it('each route has its own body limit: tens of kB for the team routes (413), the push’s for a push', async () => {
    const owner = newUser('limits');
    const big = await call(server.app, 'POST', '/v1/shops', owner, { name: 'x'.repeat(70_000) });
    expect(big).toMatchObject({ status: 413, body: { message: expect.any(String) } });
  });
});
