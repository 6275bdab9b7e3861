/**
 * `GET` / `PUT /v1/me/preferences` (docs/sync.md, "The account's preferences"): each account
 * reads and writes only its own, the latest choice wins, and bad requests are 4xx JSON answers
 * that change nothing (never a 500).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, expectRefused, newUser, startTestServer, type TestServer, type TestUser } from './support';
import { runs } from './bad-request-generators';

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ fairUse: { requestsPerMinute: 1_000_000 } });
});
afterAll(() => server?.close());

const URL = '/v1/me/preferences';

async function put(user: TestUser, body: unknown) {
  const response = await server.app.inject({ method: 'PUT', url: URL, headers: bearer(user), payload: body as object });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}
async function get(user: TestUser) {
  const response = await server.app.inject({ method: 'GET', url: URL, headers: bearer(user) });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}
/** The stored rows, for "nothing changed". */
const rows = async () => (await server.db.query('SELECT uid, preferences, changed_at FROM account_preferences ORDER BY uid')).rows;

describe('the account’s preferences on the shop server', () => {
  it('nothing kept at first; a PUT keeps them and GET reads them back, for that account only', async () => {
    const ann = newUser('ann');
    const bob = newUser('bob');
    expect(await get(ann)).toEqual({ status: 200, body: { preferences: null, changedAt: null } });
    const at = new Date(Date.now() - 60_000).toISOString();
    expect(await put(ann, { preferences: { locale: 'de' }, changedAt: at })).toEqual({ status: 200, body: { preferences: { locale: 'de' }, changedAt: at } });
    expect(await get(ann)).toEqual({ status: 200, body: { preferences: { locale: 'de' }, changedAt: at } });
    // Another account sees none of it, and its own writes leave ann's as they are.
    expect(await get(bob)).toEqual({ status: 200, body: { preferences: null, changedAt: null } });
    const later = new Date(Date.now() - 1_000).toISOString();
    expect((await put(bob, { preferences: { locale: 'ar' }, changedAt: later })).body).toEqual({ preferences: { locale: 'ar' }, changedAt: later });
    expect((await get(ann)).body).toEqual({ preferences: { locale: 'de' }, changedAt: at });
    expect((await get(bob)).body).toEqual({ preferences: { locale: 'ar' }, changedAt: later });
    // null (back to no choice) and 'auto' are choices too.
    const latest = new Date(Date.now() - 500).toISOString();
    expect((await put(ann, { preferences: { locale: 'auto' }, changedAt: latest })).body).toEqual({ preferences: { locale: 'auto' }, changedAt: latest });
  });

  it('the latest choice wins: an older one is not kept and the answer is what the server has', async () => {
    const ann = newUser('ann');
    const t1 = new Date(Date.now() - 10_000).toISOString();
    const t0 = new Date(Date.now() - 20_000).toISOString();
    await put(ann, { preferences: { locale: 'es' }, changedAt: t1 });
    // A choice made earlier offline, arriving later: the later one stands.
    expect(await put(ann, { preferences: { locale: 'de' }, changedAt: t0 })).toEqual({ status: 200, body: { preferences: { locale: 'es' }, changedAt: t1 } });
    // The same time again: kept as it is.
    expect((await put(ann, { preferences: { locale: 'de' }, changedAt: t1 })).body).toEqual({ preferences: { locale: 'es' }, changedAt: t1 });
    expect((await get(ann)).body).toEqual({ preferences: { locale: 'es' }, changedAt: t1 });
  });

  it('a time ahead of the server’s clock counts as now, so a fast clock cannot outlast later choices', async () => {
    const ann = newUser('ann');
    const future = new Date(Date.now() + 365 * 24 * 3_600_000).toISOString();
    const before = Date.now();
    const kept = await put(ann, { preferences: { locale: 'ar' }, changedAt: future });
    expect(kept.body.preferences).toEqual({ locale: 'ar' });
    const keptAt = Date.parse(kept.body.changedAt as string);
    expect(keptAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(keptAt).toBeLessThanOrEqual(Date.now() + 1_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const now = new Date().toISOString();
    expect((await put(ann, { preferences: { locale: 'en' }, changedAt: now })).body).toEqual({ preferences: { locale: 'en' }, changedAt: now });
  });

  it('bad bodies are 4xx with a message and change nothing', async () => {
    const ann = newUser('ann');
    const at = new Date(Date.now() - 5_000).toISOString();
    await put(ann, { preferences: { locale: 'es' }, changedAt: at });
    const before = await rows();
    const json = (payload: string, type = 'application/json'): InjectOptions => ({ method: 'PUT', url: URL, headers: { ...bearer(ann), 'content-type': type }, payload });
    const cases: Array<[string, InjectOptions, number?]> = [
      ['no body', { method: 'PUT', url: URL, headers: bearer(ann) }],
      ['not JSON', json('{"preferences":')],
      ['text/plain', json(JSON.stringify({ preferences: { locale: 'de' }, changedAt: at }), 'text/plain')],
      ['an array', json('[]')],
      ['null', json('null')],
      ['a string', json('"de"')],
      ['no changedAt', json(JSON.stringify({ preferences: { locale: 'de' } }))],
      ['no preferences', json(JSON.stringify({ changedAt: at }))],
      ['a language the app does not have', json(JSON.stringify({ preferences: { locale: 'fr' }, changedAt: at }))],
      ['a number for the language', json(JSON.stringify({ preferences: { locale: 1 }, changedAt: at }))],
      ['no locale', json(JSON.stringify({ preferences: {}, changedAt: at }))],
      ['an unknown preference', json(JSON.stringify({ preferences: { locale: 'de', theme: 'dark' }, changedAt: at }))],
      ['an unknown field', json(JSON.stringify({ preferences: { locale: 'de' }, changedAt: at, uid: 'someone-else' }))],
      ['a time that is not one', json(JSON.stringify({ preferences: { locale: 'de' }, changedAt: 'yesterday' }))],
      ['a number for the time', json(JSON.stringify({ preferences: { locale: 'de' }, changedAt: Date.now() }))],
      ['a prototype key', json(`{"preferences":{"locale":"de"},"changedAt":"${at}","__proto__":{"admin":true}}`)],
      ['a body over the limit', json(JSON.stringify({ preferences: { locale: 'de' }, changedAt: at, pad: 'x'.repeat(5_000) })), 413],
      ['deep nesting', json(`${'{"a":'.repeat(60)}1${'}'.repeat(60)}`)],
    ];
    for (const [what, request, status] of cases) expectRefused(await server.app.inject(request), what, status);
    // Generated bodies: never a 5xx; anything but a well-formed body is refused.
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ preferences: fc.record({ locale: fc.oneof(fc.string(), fc.constant(null), fc.integer()) }), changedAt: fc.oneof(fc.string(), fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString()))) }, { requiredKeys: [] })), async (body) => {
        const response = await server.app.inject({ method: 'PUT', url: URL, headers: bearer(newUser('gen')), payload: JSON.stringify(body) ?? '' });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode !== 200) expectRefused(response, JSON.stringify(body)?.slice(0, 80) ?? 'undefined');
      }),
      runs(150),
    );
    // ann's row is as it was (the generated ones are other accounts').
    expect((await rows()).filter((row) => row.uid === ann.uid)).toEqual(before.filter((row) => row.uid === ann.uid));
    expect((await get(ann)).body).toEqual({ preferences: { locale: 'es' }, changedAt: at });
  });

  it('no token, or a bad one: 401, nothing read or written; other methods are not routes', async () => {
    const ann = newUser('ann');
    const before = await rows();
    const body = { preferences: { locale: 'de' }, changedAt: new Date().toISOString() };
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic dXNlcjpwYXNz' }]) {
      expectRefused(await server.app.inject({ method: 'GET', url: URL, headers }), 'GET without a valid token', 401);
      expectRefused(await server.app.inject({ method: 'PUT', url: URL, headers, payload: body }), 'PUT without a valid token', 401);
    }
    expectRefused(await server.app.inject({ method: 'DELETE', url: URL, headers: bearer(ann) }), 'DELETE', 404);
    expectRefused(await server.app.inject({ method: 'PUT', url: `${URL}/${ann.uid}`, headers: bearer(newUser()), payload: body }), 'a path naming an account', 404);
    expect(await rows()).toEqual(before);
  });
});

describe('fair use', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ fairUse: { requestsPerMinute: 5 } });
  });
  afterAll(() => limited?.close());

  it('counts against the account’s requests a minute like every route (429 with Retry-After)', async () => {
    const ann = newUser('ann');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.app.inject({ method: 'GET', url: URL, headers: bearer(ann) })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await limited.app.inject({ method: 'PUT', url: URL, headers: bearer(ann), payload: { preferences: { locale: 'de' }, changedAt: new Date().toISOString() } });
    expectRefused(refused, 'the sixth request', 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account has its own count.
    expect((await limited.app.inject({ method: 'GET', url: URL, headers: bearer(newUser()) })).statusCode).toBe(200);
  });
});
