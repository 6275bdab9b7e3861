/**
 * Repeat offenders (server/http/repeat-offenders.ts): a member whose requests keep being refused
 * as malformed has its refusals held like a stranger's and its request rate lowered; refusals a
 * working device meets (a viewer's refused writes, a gap, a role's 403) do not count, and the
 * other members are not held back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RepeatOffenders } from '../../server/http/repeat-offenders';
import { call, pushAs, shopWithTeam, startTestServer, tokenFor, userBody, type TestServer, type TestUser } from './support';

const HOLD_MS = 400;
const REFUSALS = 5;
const OFFENDER_RATE = 12;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ fairUse: { refusalHoldMs: HOLD_MS, offenderRefusalsPerMinute: REFUSALS, offenderRequestsPerMinute: OFFENDER_RATE, requestsPerMinute: 1_000 } });
});
afterAll(async () => {
  await server?.close();
});

/** A push whose body is not JSON, and how long its answer took. */
async function brokenPush(user: TestUser, shopId: string) {
  const started = performance.now();
  const answer = await server.app.inject({
    method: 'POST',
    url: `/v1/shops/${shopId}/push`,
    headers: { authorization: `Bearer ${tokenFor(user)}`, 'content-type': 'application/json' },
    payload: '{clientId: x}',
  });
  return { status: answer.statusCode, ms: performance.now() - started, message: (JSON.parse(answer.body) as { message: string }).message };
}

async function timed(...args: Parameters<typeof call>) {
  const started = performance.now();
  const answer = await call(...args);
  return { ...answer, ms: performance.now() - started };
}

describe('a member sending malformed requests again and again', () => {
  it('is answered at once up to the bound, then held, then limited to the lower rate (429 with Retry-After); another member is not held back', async () => {
    const { shopId, staff, admin } = await shopWithTeam(server.app);
    for (let i = 0; i < REFUSALS; i++) {
      const answer = await brokenPush(staff, shopId);
      expect(answer.status).toBe(400);
      expect(answer.message).toMatch(/JSON/i);
      expect(answer.ms).toBeLessThan(HOLD_MS);
    }
    // One past the bound: an offender now, its refusals held.
    const held = await brokenPush(staff, shopId);
    expect(held.status).toBe(400);
    expect(held.ms).toBeGreaterThanOrEqual(HOLD_MS - 5);

    // Another member of the shop meanwhile: answered at once, applied.
    const honest = await timed(server.app, 'POST', `/v1/shops/${shopId}/push`, admin, { clientId: 'admin-laptop', mutations: [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Ann', 'ann@example.com') }] });
    expect(honest.status).toBe(200);
    expect((honest.body.results as Array<{ status: string }>)[0]!.status).toBe('applied');
    expect(honest.ms).toBeLessThan(HOLD_MS);

    // Its rate is the offenders' now: it has sent 7 requests this minute (its acceptance and the pushes), so 5 more pass.
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof server.app.inject>> | undefined;
    for (let i = 0; i < OFFENDER_RATE && !limited; i++) {
      const answer = await server.app.inject({ method: 'GET', url: '/v1/shops', headers: { authorization: `Bearer ${tokenFor(staff)}` } });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) limited = answer;
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.length).toBe(OFFENDER_RATE - (REFUSALS + 2) + 1);
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect((JSON.parse(limited!.body) as { message: string }).message).toMatch(/at most 12 a minute/);
    // The admin's rate is the usual one.
    expect((await call(server.app, 'GET', '/v1/shops', admin)).status).toBe(200);
  });

  it('refusals a working device meets do not count: a viewer’s refused writes, gaps (409), a role’s 403', async () => {
    const { shopId, viewer, staff } = await shopWithTeam(server.app);
    for (let i = 1; i <= REFUSALS + 2; i++) {
      const refused = await pushAs(server.app, viewer, shopId, 'viewer-phone', [{ id: i, name: 'POST /api/users', query: {}, body: userBody(`V${i}`, `v${i}@example.com`) }]);
      expect(refused.status).toBe(200);
      expect(refused.body.results[0]!.status).toBe('rejected');
      const gap = await pushAs(server.app, staff, shopId, 'staff-phone', [{ id: 5, name: 'POST /api/users', query: {}, body: userBody() }]);
      expect(gap.status).toBe(409);
      const forbidden = await call(server.app, 'POST', `/v1/shops/${shopId}/members`, staff, { email: `x${i}@example.com`, role: 'staff' });
      expect(forbidden.status).toBe(403);
    }
    // Neither is an offender: a broken request of theirs is answered at once.
    for (const user of [viewer, staff]) {
      const answer = await brokenPush(user, shopId);
      expect(answer.status).toBe(400);
      expect(answer.ms).toBeLessThan(HOLD_MS);
    }
  });
});

describe('RepeatOffenders', () => {
  it('counts malformed refusals for a minute; past the bound an account is an offender for a minute after its last one', () => {
    let now = 0;
    const offenders = new RepeatOffenders(3, 10_000, () => now);
    for (const status of [403, 404, 409, 429, 401, 200]) for (let i = 0; i < 5; i++) offenders.refused('a', status);
    expect(offenders.has('a')).toBe(false);
    for (let i = 0; i < 3; i++) offenders.refused('a', 400);
    expect(offenders.has('a')).toBe(false);
    offenders.refused('a', 413);
    expect(offenders.has('a')).toBe(true);
    expect(offenders.has('b')).toBe(false);
    now = 59_999;
    expect(offenders.has('a')).toBe(true);
    now = 60_000;
    expect(offenders.has('a')).toBe(false);
    // A new minute: counted from nothing.
    for (let i = 0; i < 3; i++) offenders.refused('a', 415);
    expect(offenders.has('a')).toBe(false);
    // Three in one minute and two in the next are not four in a minute.
    const slow = new RepeatOffenders(3, 10_000, () => now);
    slow.refused('c', 400);
    slow.refused('c', 400);
    now += 60_000;
    slow.refused('c', 400);
    slow.refused('c', 400);
    expect(slow.has('c')).toBe(false);
  });

  it('keeps at most `max` accounts', () => {
    let now = 0;
    const offenders = new RepeatOffenders(1, 100, () => now);
    for (let i = 0; i < 1_000; i++) {
      now += 10;
      offenders.refused(`u${i}`, 400);
    }
    expect(offenders.tracked).toBeLessThanOrEqual(100);
  });
});
