import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ShopDb } from '../../../sw/api/storage/db';
import type { ServerLink } from '../../../sw/sync/server-link';
import { SyncLoop } from '../../../sw/sync/sync-loop';
import { isUpToDate } from '../../../domain/contract/sync';

/*
 * The status's `syncing` (sw/sync/sync-loop.ts syncDue): on while a run of the loop is on or
 * due, off after it, and off after a failed run (its error says why, and the retry is the
 * loop's own). What `isUpToDate`, the team e2e's synced(), waits on.
 */

let dbs = 0;
const copy = () => new ShopDb(`loop-due-test-${++dbs}`, { indexedDB: new IDBFactory(), IDBKeyRange }, { shopCopy: true });

/** A server whose pulls answer once `release` is called (each pull then: nothing new), or fail with 503 when `failing`. */
function heldServer() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { failing: false, pulls: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname.split('/').at(-1)!;
    if (state.failing) return Response.json({ message: 'The shop database cannot be reached right now' }, { status: 503 });
    if (path !== 'pull') return Response.json({ results: [] });
    state.pulls++;
    await held;
    const { clientId } = JSON.parse(String(init!.body)) as { clientId: string };
    return Response.json({ cookie: 1, more: false, remaining: 0, lastMutationIds: { [clientId]: 0 }, changes: [], pendingIds: [] });
  };
  return { fetch, release, state };
}

const loopOf = (fetch: typeof globalThis.fetch) => {
  const link: ServerLink = { serverUrl: 'http://server.test', shopId: 'shop-1', token: async () => 'token', fetch };
  return new SyncLoop(copy(), link, { live: false, retryMs: 60_000 });
};

describe('a loop’s syncing', () => {
  it('is on from the start until the first run has pulled, then off', async () => {
    const server = heldServer();
    const loop = loopOf(server.fetch).start();
    expect(await loop.status()).toMatchObject({ syncing: true, lastSyncAt: null });
    loop.kick();
    await expect.poll(() => server.state.pulls).toBe(1);
    expect((await loop.status()).syncing).toBe(true);
    server.release();
    await loop.settled();
    const status = await loop.status();
    expect(status.syncing).toBeUndefined();
    expect(isUpToDate(status)).toBe(true);
    loop.stop();
  });

  it('is on when a sync is asked during other work on the copy (a stuck entry’s discard), until that sync has run', async () => {
    const server = heldServer();
    server.release();
    const loop = loopOf(server.fetch);
    let finish!: () => void;
    const work = loop.whileIdle(() => new Promise<void>((resolve) => (finish = resolve)));
    expect((await loop.status()).syncing).toBeUndefined();
    loop.kick();
    expect((await loop.status()).syncing).toBe(true);
    finish();
    await work;
    await loop.settled();
    expect(server.state.pulls).toBe(1);
    expect((await loop.status()).syncing).toBeUndefined();
    loop.stop();
  });

  it('is off after a failed run, whose error the status shows; and off once the loop is stopped', async () => {
    const server = heldServer();
    server.state.failing = true;
    const loop = loopOf(server.fetch);
    loop.kick();
    await loop.settled();
    const failed = await loop.status();
    expect(failed).toMatchObject({ error: 'The shop database cannot be reached right now' });
    expect(failed.syncing).toBeUndefined();
    expect(isUpToDate(failed)).toBe(false);
    const stopped = loopOf(server.fetch).start();
    stopped.stop();
    expect((await stopped.status()).syncing).toBeUndefined();
    loop.stop();
  });
});
