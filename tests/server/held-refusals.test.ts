/**
 * Refusals held back before they are sent (server/http/held-refusals.ts): a stranger's 403, a bad
 * token's 401 and a 429 wait the hold; a member's own refusal does not; a held refusal gives its
 * place at the copy back first.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, shopWithTeam, startTestServer, tokenFor, type TestServer } from './support';

const HOLD_MS = 800;
const REQUESTS_PER_MINUTE = 30;
let server: TestServer;
beforeAll(async () => {
  // One request worked on at once: a held refusal that kept its place would hold up everyone.
  server = await startTestServer({ fairUse: { refusalHoldMs: HOLD_MS, requestsInFlight: 1, requestsInFlightPerUser: 1, requestsPerMinute: REQUESTS_PER_MINUTE } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  server?.app.server.closeAllConnections();
  await server?.close();
});

/** A request's answer and the time it took. */
async function timed(...args: Parameters<typeof call>) {
  const started = performance.now();
  const answer = await call(...args);
  return { ...answer, ms: performance.now() - started, at: performance.now() };
}

describe('refusals held back', () => {
  it('a stranger’s 403 comes after the hold, and the member asking after it is answered first: the place at the copy was given back', async () => {
    const { shopId, staff } = await shopWithTeam(server.app);
    const stranger = newUser('stranger');
    const refused = timed(server.app, 'GET', `/v1/shops/${shopId}/members`, stranger);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const member = timed(server.app, 'GET', `/v1/shops/${shopId}/members`, staff);
    const [strangerAnswer, memberAnswer] = await Promise.all([refused, member]);
    expect(strangerAnswer.status).toBe(403);
    expect(strangerAnswer.body.message).toMatch(/not a member/i);
    expect(strangerAnswer.ms).toBeGreaterThanOrEqual(HOLD_MS - 5);
    expect(memberAnswer.status).toBe(200);
    expect(memberAnswer.at).toBeLessThan(strangerAnswer.at);
  });

  it('a bad token’s 401 comes after the hold', async () => {
    const answer = await timed(server.app, 'GET', '/v1/shops', 'not-a-token');
    expect(answer.status).toBe(401);
    expect(answer.ms).toBeGreaterThanOrEqual(HOLD_MS - 5);
  });

  it('an account past its rate gets its 429 after the hold, with Retry-After', async () => {
    const flooder = newUser('flooder');
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) expect((await call(server.app, 'GET', '/v1/shops', flooder)).status).toBe(200);
    const started = performance.now();
    const answer = await server.app.inject({ method: 'GET', url: '/v1/shops', headers: { authorization: `Bearer ${tokenFor(flooder)}` } });
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 5);
  });

  it('a member’s own refusal (a viewer changing the team) is not held: answered before a stranger’s sent earlier', async () => {
    const { shopId, viewer } = await shopWithTeam(server.app);
    const stranger = newUser('stranger');
    const held = timed(server.app, 'GET', `/v1/shops/${shopId}/members`, stranger);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const forbidden = await timed(server.app, 'POST', `/v1/shops/${shopId}/members`, viewer, { email: 'someone@example.com', role: 'staff' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).not.toMatch(/not a member/i);
    const strangerAnswer = await held;
    expect(forbidden.at).toBeLessThan(strangerAnswer.at);
  });

  it('a stranger’s large push is held too, its body left unread meanwhile: the 403 comes after the hold', async () => {
    const { shopId } = await shopWithTeam(server.app);
    const stranger = newUser('stranger');
    const { port } = server.app.server.address() as AddressInfo;
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: `/v1/shops/${shopId}/push`, agent: false, headers: { authorization: `Bearer ${tokenFor(stranger)}`, 'content-type': 'application/json', 'content-length': 1_000_000 } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      // A first part of the body: the rest never comes.
      request.write(Buffer.alloc(64 * 1024, 0x20));
    });
    expect(status).toBe(403);
    expect(performance.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 5);
  });
});
