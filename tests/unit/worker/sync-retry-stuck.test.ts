import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ShopDb } from '../../../sw/api/storage/db';
import type { StoredOutboxEntry } from '../../../sw/api/storage/sync-write';
import { parseRetryAfter, send, ServerFailed, ServerRefused, type ServerLink } from '../../../sw/sync/server-link';
import { SyncLoop, type LoopClock } from '../../../sw/sync/sync-loop';
import { discardStuck, STUCK_AFTER, stuckChange } from '../../../sw/sync/stuck';
import { clientState } from '../../../sw/sync/client-state';

/*
 * The worker's side of a server that asks it to wait (Retry-After) and of a change it cannot
 * take (sw/sync/server-link.ts, sync-loop.ts, stuck.ts), against a scripted fake server: each
 * test its own fake IndexedDB, the loop's retry timer on a clock the test reads.
 */

type Push = { clientId: string; mutations: StoredOutboxEntry[] };
type Answer = Response | undefined;

/** A fake shop server: pushes applied in order unless `onPush` answers otherwise; pulls empty, with the client's last applied id. */
function fakeServer(onPush: (push: Push) => Answer = () => undefined, onPull: () => Answer = () => undefined) {
  const requests: Array<{ path: string; ids: number[] }> = [];
  let last = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname.split('/').at(-1)!;
    const body = init?.body ? (JSON.parse(String(init.body)) as Push) : undefined;
    requests.push({ path, ids: body?.mutations?.map((m) => m.id) ?? [] });
    if (path === 'push') {
      const answer = onPush(body!);
      if (answer) return answer;
      const results = body!.mutations.map((m) => {
        if (m.id <= last) return { id: m.id, status: 'skipped' };
        if (m.id > last + 1) throw new Error(`gap at ${m.id} after ${last}`);
        last = m.id;
        return { id: m.id, status: 'applied', version: m.id, created: [] };
      });
      return Response.json({ results });
    }
    const answer = onPull();
    if (answer) return answer;
    return Response.json({ cookie: last, more: false, remaining: 0, lastMutationIds: { [body!.clientId]: last }, changes: [], pendingIds: [] });
  };
  return { fetch, requests, pushes: () => requests.filter((r) => r.path === 'push'), applied: () => last, setApplied: (n: number) => (last = n) };
}

const refusal = (status: number, message: string, headers: Record<string, string> = {}) => Response.json({ message }, { status, headers });

/** The retry timer's clock: the delays it was given, and a way to fire the last one. */
function fakeClock(start = 1_000_000) {
  let now = start;
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const clock: LoopClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.push({ run, ms, cleared: false });
      return timers.length - 1;
    },
    clearTimeout: (handle) => {
      if (typeof handle === 'number' && timers[handle]) timers[handle].cleared = true;
    },
  };
  return {
    clock,
    delays: () => timers.map((t) => t.ms),
    /** Moves the clock past the last timer and runs it. */
    fire() {
      const timer = timers.at(-1)!;
      now += timer.ms;
      if (!timer.cleared) timer.run();
    },
    advance: (ms: number) => (now += ms),
  };
}

let dbs = 0;
function copy() {
  return new ShopDb(`stuck-test-${++dbs}`, { indexedDB: new IDBFactory(), IDBKeyRange }, { shopCopy: true });
}

const entry = (id: number, name = 'POST /api/users'): StoredOutboxEntry => ({ id, name, query: {}, body: { name: `User ${id}` } });

function loopOf(db: ShopDb, fetch: typeof globalThis.fetch, clock = fakeClock()) {
  const link: ServerLink = { serverUrl: 'http://server.test', shopId: 'shop-1', token: async () => 'token', fetch };
  return { loop: new SyncLoop(db, link, { live: false, retryMs: 10, clock: clock.clock }), link, clock };
}

async function run(loop: SyncLoop) {
  loop.retry();
  await loop.settled();
  return loop.status();
}

describe('Retry-After', () => {
  it('is read as seconds or as an HTTP date; anything else is none', () => {
    const now = Date.parse('2026-11-26T19:05:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1_500);
    expect(parseRetryAfter('Thu, 26 Nov 2026 19:05:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 19:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('travels on the error of a 429 and a 5xx, with the server’s message; not on other refusals', async () => {
    const answering = (response: Response): ServerLink => ({ serverUrl: 'http://s', shopId: 'x', token: async () => 't', fetch: async () => response });
    const busy = await send(answering(refusal(429, 'Too many pushes at once: wait a moment', { 'retry-after': '3' })), 'push').catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(ServerRefused);
    expect(busy).toMatchObject({ status: 429, message: 'Too many pushes at once: wait a moment', retryAfterMs: 3_000 });
    const down = await send(answering(refusal(503, 'The shop database cannot be reached right now; try again shortly', { 'retry-after': '2' })), 'push').catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ServerFailed);
    expect(down).toMatchObject({ status: 503, retryAfterMs: 2_000 });
    const bad = await send(answering(refusal(400, 'Unknown mutation name: X', { 'retry-after': '3' })), 'push').catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, retryAfterMs: undefined });
  });

  it('a 429 with Retry-After: 3 → the loop retries no sooner than 3 s, kicks meanwhile wait, the header says busy (not offline); then it syncs', async () => {
    const db = copy();
    await db.outbox.bulkAdd([entry(1), entry(2)]);
    let busy = true;
    const server = fakeServer(() => (busy ? refusal(429, 'Too many pushes at once: wait a moment', { 'retry-after': '3' }) : undefined));
    const { loop, clock } = loopOf(db, server.fetch);
    const status = await run(loop);
    // Its backoff alone would be 10 ms.
    expect(clock.delays()).toEqual([3_000]);
    expect(status).toMatchObject({ online: true, busy: true, error: 'Too many pushes at once: wait a moment', pending: 2, retryAt: new Date(clock.clock.now() + 3_000).toISOString() });
    // The push was answered "wait": no pull after it (one more request).
    expect(server.requests.map((r) => r.path)).toEqual(['push']);

    // A write's kick within the 3 s sends nothing.
    clock.advance(1_000);
    loop.kick();
    await loop.settled();
    expect(server.requests).toHaveLength(1);

    busy = false;
    clock.fire();
    await loop.settled();
    expect(server.pushes().map((p) => p.ids)).toEqual([
      [1, 2],
      [1, 2],
    ]);
    const after = await loop.status();
    expect(after).toMatchObject({ online: true, pending: 0 });
    expect(after.busy).toBeUndefined();
    expect(after.error).toBeUndefined();
    expect(after.retryAt).toBeUndefined();
  });

  it('a 503 with Retry-After waits at least that long and is busy; one without is the backoff, and the server unreachable', async () => {
    const db = copy();
    await db.outbox.add(entry(1));
    let answer = () => refusal(503, 'The shop server is busy', { 'retry-after': '5' });
    const server = fakeServer(() => answer(), () => answer());
    const { loop, clock } = loopOf(db, server.fetch);
    expect(await run(loop)).toMatchObject({ online: true, busy: true, error: 'The shop server is busy' });
    expect(clock.delays().at(-1)).toBe(5_000);
    answer = () => refusal(502, 'Bad gateway');
    const status = await run(loop);
    expect(status).toMatchObject({ online: false, error: 'Bad gateway' });
    expect(status.busy).toBeUndefined();
    expect(clock.delays().at(-1)).toBe(10);
  });

  it('a Retry-After longer than the backoff’s cap is honoured, up to an hour', async () => {
    const db = copy();
    await db.outbox.add(entry(1));
    const server = fakeServer(() => refusal(429, 'Slow down', { 'retry-after': '86400' }));
    const { loop, clock } = loopOf(db, server.fetch);
    await run(loop);
    expect(clock.delays()).toEqual([60 * 60_000]);
  });
});

describe('a change that cannot be sent', () => {
  const unknownName = 'POST /api/loyalty-cards';
  const refusesUnknown = (push: Push) => (push.mutations.some((m) => m.name === unknownName) ? refusal(400, `Unknown mutation name: ${unknownName}`) : undefined);

  it(`is stuck after ${STUCK_AFTER} refused pushes, once it failed alone too; the changes after it wait, none lost`, async () => {
    const db = copy();
    await db.outbox.bulkAdd([entry(1, unknownName), entry(2), entry(3)]);
    const server = fakeServer(refusesUnknown);
    const { loop } = loopOf(db, server.fetch);
    for (let i = 1; i < STUCK_AFTER; i++) {
      const status = await run(loop);
      expect(status.stuck).toBeUndefined();
      expect(status).toMatchObject({ online: true, pending: 3, error: `Unknown mutation name: ${unknownName}` });
    }
    const status = await run(loop);
    expect(status.stuck).toEqual({ mutationId: 1, name: unknownName, query: {}, message: `Unknown mutation name: ${unknownName}`, status: 400, failures: STUCK_AFTER + 1, since: expect.any(String) });
    expect(status.pending).toBe(3);
    // The third batch's failure was followed by the oldest pushed alone.
    expect(server.pushes().map((p) => p.ids)).toEqual([[1, 2, 3], [1, 2, 3], [1, 2, 3], [1]]);
    // Stuck, it goes alone at each attempt: still refused, still stuck, one more failure.
    expect((await run(loop)).stuck).toMatchObject({ mutationId: 1, failures: STUCK_AFTER + 2 });
    expect(server.pushes().at(-1)!.ids).toEqual([1]);
    expect(await db.outbox.count()).toBe(3);
  });

  it('a bad batch is not a bad entry: each goes alone and all are sent, nothing stuck', async () => {
    const db = copy();
    await db.outbox.bulkAdd([entry(1), entry(2), entry(3)]);
    const server = fakeServer((push) => (push.mutations.length > 1 ? refusal(413, 'Request body is too large') : undefined));
    const { loop } = loopOf(db, server.fetch);
    for (let i = 1; i < STUCK_AFTER; i++) await run(loop);
    const status = await run(loop);
    expect(status).toMatchObject({ pending: 0, online: true });
    expect(status.stuck).toBeUndefined();
    expect(server.applied()).toBe(3);
    expect(await db.syncState.get('pushTrouble')).toBeUndefined();
  });

  it('the bad one in the middle of a batch is found: the ones before it are sent', async () => {
    const db = copy();
    await db.outbox.bulkAdd([entry(1), entry(2, unknownName), entry(3)]);
    const server = fakeServer(refusesUnknown);
    const { loop } = loopOf(db, server.fetch);
    for (let i = 1; i < STUCK_AFTER; i++) await run(loop);
    const status = await run(loop);
    expect(status.stuck).toMatchObject({ mutationId: 2, name: unknownName, status: 400, failures: STUCK_AFTER + 1 });
    expect(status.pending).toBe(2);
    expect(server.applied()).toBe(1);
  });

  it('a 401, a 409 gap, a 429 or no answer at all do not count against it', async () => {
    const db = copy();
    await db.outbox.add(entry(1));
    const answers = [refusal(401, 'Sign-in required'), refusal(409, 'Mutation 1 cannot be applied'), refusal(429, 'Too many', { 'retry-after': '1' })];
    let next = 0;
    const server = fakeServer(() => {
      if (next < answers.length) return answers[next++];
      throw new TypeError('fetch failed');
    });
    const { loop } = loopOf(db, server.fetch);
    for (let i = 0; i < 5; i++) await run(loop);
    expect(await db.syncState.get('pushTrouble')).toBeUndefined();
    expect(await stuckChange(db)).toBeUndefined();
  });

  it('sent once the server takes it (its next attempt, or Retry): the stuck state goes', async () => {
    const db = copy();
    await db.outbox.bulkAdd([entry(1), entry(2)]);
    let failing = true;
    const server = fakeServer(() => (failing ? refusal(503, 'The shop database cannot be reached right now; try again shortly', { 'retry-after': '2' }) : undefined), () => (failing ? refusal(503, 'down', { 'retry-after': '2' }) : undefined));
    const { loop } = loopOf(db, server.fetch);
    for (let i = 0; i < STUCK_AFTER; i++) await run(loop);
    expect((await loop.status()).stuck).toMatchObject({ mutationId: 1, status: 503 });
    failing = false;
    const status = await run(loop);
    expect(status.stuck).toBeUndefined();
    expect(status).toMatchObject({ pending: 0, online: true });
    expect(server.pushes().slice(-2).map((p) => p.ids)).toEqual([[1], [2]]);
  });

  it('discarded: it leaves, the later changes move down an id and are sent, it is listed as refused (discarded), the copy pulls in full', async () => {
    const db = copy();
    await db.outbox.bulkAdd([entry(1, unknownName), { ...entry(2), pendingIds: [2 ** 50 + 2 * 2 ** 16] }, entry(3)]);
    const server = fakeServer(refusesUnknown);
    const { loop, link } = loopOf(db, server.fetch);
    for (let i = 0; i < STUCK_AFTER; i++) await run(loop);
    await db.syncState.put({ ...(await clientState(db)), cookie: 7 });

    // Not the one stuck: 409, nothing done.
    await expect(loop.whileIdle(() => discardStuck(db, link, 2))).rejects.toMatchObject({ status: 409 });
    const discarded = await loop.whileIdle(() => discardStuck(db, link, 1));
    expect(discarded).toMatchObject({ mutationId: 1, name: unknownName, status: 400 });
    const outbox = await db.outbox.toArray();
    expect(outbox.map((e) => [e.id, e.body])).toEqual([
      [1, { name: 'User 2' }],
      [2, { name: 'User 3' }],
    ]);
    // Its records keep their pending ids; the next writes' pending ids come after them.
    expect(outbox[0]!.pendingIds).toEqual([2 ** 50 + 2 * 2 ** 16]);
    expect(await clientState(db)).toMatchObject({ cookie: null, pendingIdShift: 1 });
    expect(await db.syncConflicts.toArray()).toEqual([expect.objectContaining({ type: 'refused', mutationId: 1, name: unknownName, code: 400, message: `Unknown mutation name: ${unknownName}`, discarded: true })]);
    expect(await stuckChange(db)).toBeUndefined();
    // Nothing stuck any more: a second discard is a 404.
    await expect(discardStuck(db, link)).rejects.toMatchObject({ status: 404 });

    const status = await run(loop);
    expect(status).toMatchObject({ pending: 0, online: true });
    expect(server.applied()).toBe(2);
    expect(server.pushes().at(-1)!.ids).toEqual([1, 2]);
  });

  it('not discarded when the server took it after all (its answer lost), nor when the server cannot be asked', async () => {
    const db = copy();
    await db.outbox.bulkAdd([entry(1), entry(2)]);
    let pullDown = false;
    const server = fakeServer(() => refusal(502, 'Bad gateway'), () => (pullDown ? refusal(502, 'Bad gateway') : undefined));
    const { loop, link } = loopOf(db, server.fetch);
    for (let i = 0; i < STUCK_AFTER; i++) await run(loop);
    expect(await stuckChange(db)).toMatchObject({ mutationId: 1 });

    pullDown = true;
    await expect(discardStuck(db, link, 1)).rejects.toMatchObject({ status: 503, message: expect.stringContaining('nothing was discarded') });
    expect(await db.outbox.count()).toBe(2);

    pullDown = false;
    server.setApplied(1);
    await expect(discardStuck(db, link, 1)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('took this change after all') });
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([1, 2]);
    expect(await db.syncConflicts.count()).toBe(0);
  });
});
