/**
 * A copy's requests in flight, shared fairly between accounts (server/http/admission.ts), the
 * recent "not a member" answers (server/not-a-member.ts), and the one answer for every early
 * refusal of a large unread body (server/http/unread-body.ts), against the real server.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, pushAs, shopWithTeam, startTestServer, tokenFor, userBody, type TestServer, type TestUser } from './support';

const REQUESTS_PER_MINUTE = 60;
let server: TestServer;
let port: number;
beforeAll(async () => {
  // Two requests worked on at once, both may be one account's, and one with a large body apart; a
  // request waits at most 3 s; 60 requests a minute per user.
  server = await startTestServer({ heartbeatMs: 200, fairUse: { requestsInFlight: 2, requestsInFlightPerUser: 2, largeRequestsInFlight: 1, admissionWaitMs: 3_000, requestsPerMinute: REQUESTS_PER_MINUTE } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.app.server.closeAllConnections();
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request over a real connection: its status and JSON, and when the answer came. */
function send(method: string, path: string, user: TestUser, body?: string): Promise<{ status: number; message?: string; at: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${tokenFor(user)}` };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const request = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ...(text ? (JSON.parse(text) as { message?: string }) : {}), at: performance.now() }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A push whose body arrives in two halves: it holds its place at the copy until `finish()` (with `padding`, a large body). */
function slowPush(shopId: string, user: TestUser, clientId: string, padding = 0) {
  const body = { ...userBody('Slow', `${clientId}@example.com`), ...(padding ? { notes: 'x'.repeat(padding) } : {}) };
  const bytes = Buffer.from(JSON.stringify({ clientId, mutations: [{ id: 1, name: 'POST /api/users', query: {}, body }] }));
  let resolveStatus: (status: number) => void;
  const status = new Promise<number>((resolve) => (resolveStatus = resolve));
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: `/v1/shops/${shopId}/push`, agent: false, headers: { authorization: `Bearer ${tokenFor(user)}`, 'content-type': 'application/json', 'content-length': bytes.length } }, (response) => {
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

/**
 * Both of the copy's places (requestsInFlight 2) held by two of `user`'s pushes still arriving;
 * `finish` sends the rest of each, one after the other, and answers their statuses.
 */
async function holdBothPlaces(shopId: string, user: TestUser, name: string, padding = 0) {
  const pushes = [slowPush(shopId, user, `${name}-1`, padding), slowPush(shopId, user, `${name}-2`, padding)];
  await sleep(200);
  return {
    finish: async () => {
      const statuses: number[] = [];
      for (const push of pushes) statuses.push(await push.finish());
      return statuses;
    },
  };
}

describe('requests in flight on one copy', () => {
  it('past the copy’s requests in flight, requests wait unanswered; the first place given back goes to an account with nothing at the copy, before the requests of the account holding them', async () => {
    const { shopId, admin, staff } = await shopWithTeam(server.app);
    // The admin holds both places with two pushes still arriving, and sends a third request.
    const first = slowPush(shopId, admin, 'hog-1');
    const second = slowPush(shopId, admin, 'hog-2');
    await sleep(200);
    const hogsThird = send('GET', '/v1/shops', admin);
    await sleep(100);
    // The staff member's push comes after it.
    const honest = send('POST', `/v1/shops/${shopId}/push`, staff, JSON.stringify({ clientId: 'honest', mutations: [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Honest', 'honest@example.com') }] }));
    const answeredEarly = await Promise.race([honest.then(() => true), hogsThird.then(() => true), sleep(400).then(() => false)]);
    // Both wait: the copy works on two requests at once here.
    expect(answeredEarly).toBe(false);
    expect(await first.finish()).toBe(200);
    const [honestAnswer, hogAnswer] = await Promise.all([honest, hogsThird]);
    expect(honestAnswer.status).toBe(200);
    expect(hogAnswer.status).toBe(200);
    // The place given back went to the staff member, who had nothing at the copy.
    expect(honestAnswer.at).toBeLessThan(hogAnswer.at);
    expect(await second.finish()).toBe(200);
  });

  it('a request that waits past its time is answered 429 with Retry-After', async () => {
    const { shopId, admin, viewer } = await shopWithTeam(server.app);
    const held = await holdBothPlaces(shopId, admin, 'hold');
    const started = performance.now();
    const waited = await send('GET', '/v1/shops', viewer);
    expect(waited.status).toBe(429);
    expect(waited.message).toMatch(/busy/);
    expect(waited.at - started).toBeGreaterThanOrEqual(2_900);
    expect(await held.finish()).toEqual([200, 200]);
  });

  it('slow uploads of large bodies hold none of the everyday requests’ places: a push is answered while two are still arriving', async () => {
    const { shopId, admin, staff } = await shopWithTeam(server.app);
    const uploads = await holdBothPlaces(shopId, admin, 'upload', 100_000);
    const everyday = send('POST', `/v1/shops/${shopId}/push`, staff, JSON.stringify({ clientId: 'everyday', mutations: [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Everyday', 'everyday@example.com') }] }));
    const answered = await Promise.race([everyday.then((answer) => answer.status), sleep(2_000).then(() => 'still waiting')]);
    expect(answered).toBe(200);
    // Answered, refused or not: the uploads themselves end.
    const [first, second] = await uploads.finish();
    expect(first! > 0).toBe(true);
    expect(second! > 0).toBe(true);
  });

  it('an account past its rate is answered 429 at once, without waiting for a place at the copy', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const flooder = newUser('flooder');
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) expect((await call(server.app, 'GET', '/v1/shops', flooder)).status).toBe(200);
    // Both places held: a request that took a turn would wait the 3 s, then be told the copy is busy.
    const held = await holdBothPlaces(shopId, admin, 'rate');
    const started = performance.now();
    const refused = await send('GET', '/v1/shops', flooder);
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/Too many requests from your account/);
    expect(refused.at - started).toBeLessThan(1_000);
    expect(await held.finish()).toEqual([200, 200]);
  });

  it('an open event stream gives its place back: two streams open, and the copy still answers', async () => {
    const { shopId, owner, staff } = await shopWithTeam(server.app);
    const controllers = [new AbortController(), new AbortController()];
    for (const controller of controllers) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/shops/${shopId}/events`, { headers: { authorization: `Bearer ${tokenFor(owner)}` }, signal: controller.signal });
      expect(response.status).toBe(200);
    }
    const answer = await send('GET', '/v1/shops', staff);
    expect(answer.status).toBe(200);
    for (const controller of controllers) controller.abort();
  });
});

describe('recent "not a member" answers', () => {
  it('a stranger asking again is refused without a query; once it joins, it is a member at once', async () => {
    const { shopId, owner } = await shopWithTeam(server.app);
    const stranger = newUser('stranger');
    expect((await pushAs(server.app, stranger, shopId, 'intruder', [])).status).toBe(403);
    // The members table locked, as by a long migration: a query of it would wait for the lock.
    const lock = await server.db.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE members IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      const again = await call(server.app, 'POST', `/v1/shops/${shopId}/pull`, stranger, { clientId: 'intruder', cookie: 0 });
      expect(again.status).toBe(403);
      expect(again.body.message).toMatch(/not a member/);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      await lock.query('ROLLBACK');
      lock.release();
    }
    // Invited and accepted on this copy: its recent refusal is forgotten.
    const invited = await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: stranger.email, role: 'staff' });
    expect((await call(server.app, 'POST', `/v1/invitations/${(invited.body.invitation as { id: string }).id}/accept`, stranger)).status).toBe(200);
    expect((await pushAs(server.app, stranger, shopId, 'joined', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Joined', 'joined@example.com') }])).status).toBe(200);
  });
});

describe('an early answer to a large body', () => {
  it('a stranger’s 403 to a large push is answered at once and the body left unread: the connection closes a second later without the rest of it', async () => {
    const { shopId } = await shopWithTeam(server.app);
    const stranger = newUser('big-stranger');
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    // The close of a connection with unread data is a reset.
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    const sent = performance.now();
    // Six megabytes declared, sixty-four kilobytes sent: the rest never comes.
    socket.write(
      `POST /v1/shops/${shopId}/push HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tokenFor(stranger)}\r\nContent-Type: application/json\r\nContent-Length: ${6 * 1024 * 1024}\r\n\r\n{"a":"${'x'.repeat(64 * 1024)}`,
    );
    const closedAt = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 403 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toMatch(/not a member/);
    expect(closedAt - sent).toBeGreaterThanOrEqual(900);
    expect(closedAt - sent).toBeLessThan(3_000);
    // The copy's places were given back at the answer: another request is answered.
    expect((await send('GET', '/v1/shops', stranger)).status).toBe(200);
  });
});
