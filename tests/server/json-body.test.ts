/**
 * The bodies' budget and each user's share of it (server/http/json-body.ts, user-body-rate.ts),
 * on a bare Fastify app: who may send how much, and what waits.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../server/auth';
import { installErrorHandlers } from '../../server/errors';
import { BodyBudget } from '../../server/http/body-budget';
import { installJsonBodies } from '../../server/http/json-body';
import { UserBodyRate } from '../../server/http/user-body-rate';

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = Fastify({ bodyLimit: 8 * 1024 * 1024 });
  installErrorHandlers(app);
  installJsonBodies(app, new BodyBudget(32 * 1024 * 1024, 2_000), new UserBodyRate(1024 * 1024 * 1024));
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request) => {
    request.caller = { uid: String(request.headers['x-uid']), email: null, name: null, picture: null, emailVerified: false };
  });
  app.post('/echo', async (request) => ({ keys: Object.keys(request.body as object).length }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  app.server.closeAllConnections();
  await app.close();
});

/** A body sent in two halves: `finish()` sends the rest and resolves with the status. */
function arriving(uid: string, body: string) {
  const bytes = Buffer.from(body);
  let resolveStatus: (status: number) => void;
  const status = new Promise<number>((resolve) => (resolveStatus = resolve));
  const request = http.request({ host: '127.0.0.1', port, path: '/echo', method: 'POST', headers: { 'x-uid': uid, 'content-type': 'application/json', 'content-length': bytes.length } }, (response) => {
    response.resume();
    response.on('end', () => resolveStatus(response.statusCode ?? 0));
  });
  request.on('error', () => resolveStatus(0));
  request.write(bytes.subarray(0, bytes.length >> 1));
  return { finish: () => (request.end(bytes.subarray(bytes.length >> 1)), status), status };
}

const send = async (uid: string, body: string) => {
  const response = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'x-uid': uid, 'content-type': 'application/json' }, body });
  return { status: response.status, body: (await response.json()) as { message?: string } };
};

const large = (n = 1) => JSON.stringify({ a: 'x'.repeat(200_000 * n) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('large bodies per user', () => {
  it('one user has at most two large bodies on the way at once: a third is 429 before it is read; small bodies and other users pass', async () => {
    const first = arriving('ann', large());
    const second = arriving('ann', large());
    await sleep(100);
    const third = await send('ann', large());
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/other large requests/);
    expect((await send('ann', JSON.stringify({ small: true }))).status).toBe(200);
    expect((await send('bob', large())).status).toBe(200);
    expect([await first.finish(), await second.finish()]).toEqual([200, 200]);
    // Counted until their answers: then the user may send again.
    expect((await send('ann', large())).status).toBe(200);
  });

  it('large bodies that find the budget spent wait their turn, one after the other, and are all answered', async () => {
    // Each may cost up to 32 MiB (its length × 12, capped): one at a time.
    const holder = arriving('cat', large(3));
    await sleep(50);
    const waiting = ['dan', 'eve', 'fay'].map((uid) => send(uid, large(3)));
    await sleep(100);
    expect(await holder.finish()).toBe(200);
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('a body is scanned as it arrives: one past the limits is refused (400) before the rest of it is sent', async () => {
    // 4 MB of empty objects: its first half alone is far denser than any write.
    const dense = `[${'{},'.repeat(1_400_000)}{}]`;
    const half = arriving('hal', dense);
    expect(await half.status).toBe(400);
  });

  it('a large body refused for its sender’s weight is answered at once and left unread: the connection closes a second later without the rest of it', async () => {
    const first = arriving('ivy', large());
    const second = arriving('ivy', large());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    // The close of a connection with unread data is a reset.
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    const sent = Date.now();
    // Six megabytes declared, sixty-four kilobytes sent: the rest never comes.
    socket.write(`POST /echo HTTP/1.1\r\nHost: x\r\nx-uid: ivy\r\nContent-Type: application/json\r\nContent-Length: ${6 * 1024 * 1024}\r\n\r\n{"a":"${'x'.repeat(64 * 1024)}`);
    const closedAt = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 429 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(text).toMatch(/other large requests/);
    expect(closedAt - sent).toBeGreaterThanOrEqual(900);
    expect(closedAt - sent).toBeLessThan(3_000);
    expect([await first.finish(), await second.finish()]).toEqual([200, 200]);
  });
});
