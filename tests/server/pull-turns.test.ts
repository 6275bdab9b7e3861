/**
 * The copy's bounds on pulls (issue 36, "Bounded on every axis"): pulls take turns
 * (server/sync/pull-turns.ts), and the pages they share are read once and kept within a budget
 * of memory and time (server/sync/shared-pages.ts).
 */
import { describe, expect, it } from 'vitest';
import { RetryLater } from '../../server/http/retry-later';
import { PullTurns } from '../../server/sync/pull-turns';
import { SharedPages, type SharedPage } from '../../server/sync/shared-pages';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pull turns', () => {
  it('let `inFlight` pulls read at once; the others wait, and go in the order they came', async () => {
    const turns = new PullTurns({ inFlight: 2, queued: 10, maxWaitMs: 5_000 });
    const first = await turns.take();
    const second = await turns.take();
    const started: number[] = [];
    const waiting = [3, 4, 5].map((n) => turns.take().then((end) => (started.push(n), end)));
    await tick();
    expect(turns.inFlight).toBe(2);
    expect(turns.queued).toBe(3);
    expect(started).toEqual([]);
    first();
    // An end called twice gives back one turn only.
    first();
    await tick();
    expect(started).toEqual([3]);
    second();
    await tick();
    expect(started).toEqual([3, 4]);
    for (const end of await Promise.all(waiting.slice(0, 2))) end();
    await tick();
    expect(started).toEqual([3, 4, 5]);
    (await waiting[2]!)();
    expect(turns.inFlight).toBe(0);
    expect(turns.queued).toBe(0);
  });

  it('refuse at once past `queued` waiting, and after `maxWaitMs` of waiting: 503 with Retry-After, counted', async () => {
    const turns = new PullTurns({ inFlight: 1, queued: 1, maxWaitMs: 50 });
    const holding = await turns.take();
    const waiter = turns.take();
    const full = await turns.take().catch((error: unknown) => error);
    expect(full).toBeInstanceOf(RetryLater);
    expect(full).toMatchObject({ status: 503, retryAfterSeconds: 1 });
    const late = await waiter.catch((error: unknown) => error);
    expect(late).toMatchObject({ status: 503 });
    expect(turns.refused).toBe(2);
    expect(turns.queued).toBe(0);
    // The one that gave up is passed over: the next pull gets the turn that comes free.
    const next = turns.take();
    holding();
    await expect(next).resolves.toBeTypeOf('function');
    expect(turns.inFlight).toBe(1);
  });
});

const pageOf = (changes: number): SharedPage => ({
  page: { changes: Array.from({ length: changes }, (_, i) => ({ kind: 'products' as const, id: i, version: 2, deleted: true as const })), cookie: 2, more: false, remaining: 0, coveredTo: 2 },
});
const key = (after: number) => ({ shopId: 's', audience: 'customers' as const, after, version: 9 });

describe('shared pages', () => {
  it('are read once for the pulls that ask at the same time, and kept for the next ones', async () => {
    const pages = new SharedPages({ maxBytes: 1_000_000, ttlMs: 60_000 });
    let reads = 0;
    const read = async () => {
      reads++;
      await tick();
      return pageOf(3);
    };
    const together = await Promise.all([pages.get(key(1), read), pages.get(key(1), read), pages.get(key(1), read)]);
    expect(reads).toBe(1);
    expect(together[0]).toBe(together[2]);
    expect(await pages.get(key(1), read)).toBe(together[0]);
    expect(reads).toBe(1);
    // Another pair of versions is another page.
    await pages.get(key(2), read);
    expect(reads).toBe(2);
    expect(pages.size.pages).toBe(2);
  });

  it('keep at most `maxBytes`, the least recently used dropped first, and none past `ttlMs` unused', async () => {
    let now = 0;
    const one = 2 * JSON.stringify(pageOf(100).page.changes).length + 256;
    const pages = new SharedPages({ maxBytes: 2 * one, ttlMs: 1_000 }, () => now);
    let reads = 0;
    const read = async () => (reads++, pageOf(100));
    await pages.get(key(1), read);
    await pages.get(key(2), read);
    await pages.get(key(1), read);
    await tick();
    expect(pages.size).toEqual({ pages: 2, bytes: 2 * one });
    // A third page: the least recently used (2) goes.
    await pages.get(key(3), read);
    await tick();
    expect(pages.size.pages).toBe(2);
    expect(pages.size.bytes).toBeLessThanOrEqual(2 * one);
    await pages.get(key(1), read);
    expect(reads).toBe(3);
    await pages.get(key(2), read);
    expect(reads).toBe(4);
    // Unused for longer than ttlMs: read again.
    now += 1_001;
    await pages.get(key(3), read);
    expect(reads).toBe(5);
  });

  it('keep neither a page that is not shared (undefined) nor a failed read', async () => {
    const pages = new SharedPages({ maxBytes: 1_000_000, ttlMs: 60_000 });
    expect(await pages.get(key(1), async () => undefined)).toBeUndefined();
    await expect(pages.get(key(2), async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    await tick();
    expect(pages.size).toEqual({ pages: 0, bytes: 0 });
  });
});
