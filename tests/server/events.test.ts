import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openStream } from './event-stream';
import { PROJECT_ID, pushAs, shopWithTeam, startTestServer, tokenFor, userBody, type TestServer } from './support';

let one: TestServer;
let two: FastifyInstance;
beforeAll(async () => {
  one = await startTestServer({ heartbeatMs: 200 });
  await one.app.listen({ port: 0, host: '127.0.0.1' });
  // A second copy of the server on the same database.
  two = await buildApp({ databaseUrl: one.databaseUrl, projectId: PROJECT_ID, authEmulator: true, migrate: false });
  await two.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // fetch (undici) may hold a spare connection that never carried a request; Node's server
  // waits for it to time out (4 s) unless told.
  two?.server.closeAllConnections();
  one?.app.server.closeAllConnections();
  await two?.close();
  await one?.close();
});

describe('live events', () => {
  it("announce the shop's version at once and after each write, on this copy and on another one", async () => {
    const { shopId, admin, viewer } = await shopWithTeam(one.app);
    const here = await openStream(one.app, shopId, viewer);
    const there = await openStream(two, shopId, viewer);
    try {
      await here.next(-1);
      await there.next(-1);
      expect(here.versions).toEqual([0]);
      const answer = await pushAs(one.app, admin, shopId, 'c', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }]);
      expect(answer.body.results[0]).toMatchObject({ status: 'applied', version: 1 });
      expect(await here.next(0)).toBe(1);
      expect(await there.next(0)).toBe(1);
      // A refused write changes no record: no new version.
      await pushAs(two, admin, shopId, 'c', [{ id: 2, name: 'DELETE /api/users', query: { id: '42' }, body: null }]);
      await pushAs(two, admin, shopId, 'c', [{ id: 3, name: 'POST /api/users', query: {}, body: userBody() }]);
      expect(await here.next(1)).toBe(2);
      expect(here.versions).toEqual([0, 1, 2]);
    } finally {
      here.close();
      there.close();
    }
  });

  it('carry a heartbeat every heartbeatMs on every open stream', async () => {
    const { shopId, viewer, staff } = await shopWithTeam(one.app);
    const { port } = one.app.server.address() as AddressInfo;
    const pingsOf = async (user: typeof viewer) => {
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/v1/shops/${shopId}/events`, { headers: { authorization: `Bearer ${tokenFor(user)}` }, signal: controller.signal });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const started = Date.now();
      while (Date.now() - started < 700) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
        if ((text.match(/^: ping$/gm) ?? []).length >= 2) break;
      }
      controller.abort();
      return (text.match(/^: ping$/gm) ?? []).length;
    };
    // 200 ms here: two pings within 700 ms on each of two streams open at once.
    expect(await Promise.all([pingsOf(viewer), pingsOf(staff)])).toEqual([2, 2]);
  });

  it('keep coming after the listening connection to PostgreSQL is cut', async () => {
    const { shopId, admin, viewer } = await shopWithTeam(one.app);
    const stream = await openStream(two, shopId, viewer);
    try {
      await stream.next(-1);
      await one.db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()");
      await pushAs(one.app, admin, shopId, 'c', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }]);
      expect(await stream.next(0, 10_000)).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('end when the server closes, so a graceful stop does not hang', async () => {
    const copy = await buildApp({ databaseUrl: one.databaseUrl, projectId: PROJECT_ID, authEmulator: true, migrate: false });
    await copy.listen({ port: 0, host: '127.0.0.1' });
    const { shopId, viewer } = await shopWithTeam(one.app);
    const stream = await openStream(copy, shopId, viewer);
    await stream.next(-1);
    const started = Date.now();
    await copy.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    stream.close();
  });
});
