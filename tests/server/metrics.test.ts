/**
 * `GET /metrics` (server/http/metrics.ts): only with the operator's token, in Prometheus's text
 * format, and its figures follow what the copy did.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, pullAs, pushAs, shopWithTeam, startTestServer, tokenFor, userBody, type TestServer } from './support';

let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer({ metricsToken: 'operator-secret', heartbeatMs: 200 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.app.server.closeAllConnections();
  await server?.close();
});

async function metrics(): Promise<Map<string, number>> {
  const answer = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer operator-secret' } });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const values = new Map<string, number>();
  for (const line of answer.body.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

describe('metrics', () => {
  it('need the operator’s token: none is 401, a member’s ID token too', async () => {
    const { owner } = await shopWithTeam(server.app);
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${tokenFor(owner)}` } })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer operator-secre' } })).statusCode).toBe(401);
  });

  it('count pushes, pulls, pokes, open streams and answers, with the push latency and Node’s own figures', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const before = await metrics();
    const controller = new AbortController();
    const stream = await fetch(`${origin}/v1/shops/${shopId}/events`, { headers: { authorization: `Bearer ${tokenFor(admin)}` }, signal: controller.signal });
    const reader = stream.body!.getReader();
    await reader.read();
    expect((await metrics()).get('shop_server_event_streams_open')).toBe((before.get('shop_server_event_streams_open') ?? 0) + 1);

    expect((await pushAs(server.app, admin, shopId, 'metered', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Meter', 'meter@example.com') }])).status).toBe(200);
    expect((await pullAs(server.app, admin, shopId, 'metered', 0)).status).toBe(200);
    // From a plain version: the team's shared page (server/sync/shared-pages.ts).
    expect((await pullAs(server.app, admin, shopId, 'metered', 1)).status).toBe(200);
    expect((await call(server.app, 'GET', `/v1/shops/${shopId}/members`, 'not-a-token')).status).toBe(401);
    // The push's version reaches the open stream.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await metrics();
    controller.abort();

    const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(grew('shop_server_pushes_total')).toBe(1);
    expect(grew('shop_server_push_duration_seconds_count')).toBe(1);
    expect(grew('shop_server_pulls_total{page="own"}')).toBe(1);
    expect(grew('shop_server_pulls_total{page="shared"}')).toBe(1);
    expect(grew('shop_server_pokes_total')).toBe(1);
    expect(grew('shop_server_responses_total{class="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(grew('shop_server_responses_total{class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('shop_server_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(after.get('shop_server_body_budget_queued')).toBe(0);
    // The copy's bounds, each with its limit (issue 36, "Bounded on every axis").
    expect(after.get('shop_server_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('shop_server_connections{state="limit"}')).toBe(15_000);
    expect(after.get('shop_server_pulls_in_flight{state="reading"}')).toBe(0);
    expect(after.get('shop_server_pulls_in_flight{state="reading_limit"}')).toBe(8);
    expect(after.get('shop_server_pulls_in_flight{state="waiting_limit"}')).toBe(10_000);
    expect(after.get('shop_server_shared_pages{measure="bytes_limit"}')).toBe(8 * 1024 * 1024);
    expect(after.has('shop_server_shared_pages{measure="pages"}')).toBe(true);
    expect(after.get('shop_server_listener{measure="subscriptions"}')).toBe(1);
    expect(after.has('shop_server_listener_notices_total')).toBe(true);
    expect(after.has('shop_server_connections_refused_total')).toBe(true);
    expect(after.get('shop_server_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.has('shop_server_nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('do not exist without a token set', async () => {
    const bare = await startTestServer();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything' } })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
