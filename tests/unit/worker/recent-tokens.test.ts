import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { FRESH_FOR_MS, RecentTokens } from '../../../sw/sync/recent-tokens';
import { AccountDatabases, handleAccountRequest } from '../../../sw/api/session';
import { SyncHub } from '../../../sw/sync/sync-hub';

const PROJECT = 'demo-recent-tokens';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An emulator-style unsigned token for `uid`, expiring at `exp` seconds (none when undefined). */
const token = (uid: string, exp?: number, nonce = '') =>
  [b64({ alg: 'none' }), b64({ iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, user_id: uid, sub: uid, nonce, ...(exp === undefined ? {} : { exp }) }), ''].join('.');

describe('RecentTokens', () => {
  const now = 1_800_000_000_000;
  const inSeconds = (ms: number) => Math.floor((now + ms) / 1000);

  it('answers the newest fresh token of the account, and null for another account', () => {
    const tokens = new RecentTokens(() => now);
    const older = token('ann', inSeconds(30 * 60_000));
    const newer = token('ann', inSeconds(60 * 60_000));
    tokens.remember('ann', newer);
    tokens.remember('ann', older); // expires sooner: the newer one stays
    expect(tokens.fresh('ann')).toBe(newer);
    expect(tokens.fresh('bob')).toBeNull();
  });

  it('does not answer a token with less than FRESH_FOR_MS left, or one without an expiry', () => {
    const tokens = new RecentTokens(() => now);
    tokens.remember('ann', token('ann', inSeconds(FRESH_FOR_MS - 1_000)));
    expect(tokens.fresh('ann')).toBeNull();
    tokens.remember('bob', token('bob'));
    expect(tokens.fresh('bob')).toBeNull();
    tokens.remember('cy', token('cy', inSeconds(FRESH_FOR_MS + 1_000)));
    expect(tokens.fresh('cy')).not.toBeNull();
  });

  it('forgets a refused token, but not a newer one held since', () => {
    const tokens = new RecentTokens(() => now);
    const first = token('ann', inSeconds(30 * 60_000));
    const second = token('ann', inSeconds(40 * 60_000));
    tokens.remember('ann', first);
    tokens.remember('ann', second);
    tokens.forget('ann', first);
    expect(tokens.fresh('ann')).toBe(second);
    tokens.forget('ann', second);
    expect(tokens.fresh('ann')).toBeNull();
  });

  it('tells a new token (a new sign-in) from the one held and from a refused one, which it never holds again', () => {
    const tokens = new RecentTokens(() => now);
    const refused = token('ann', inSeconds(30 * 60_000));
    expect(tokens.remember('ann', refused)).toBe(true);
    expect(tokens.remember('ann', refused)).toBe(false);
    tokens.forget('ann', refused);
    // The tab keeps sending it with its calls: not held, not new.
    expect(tokens.remember('ann', refused)).toBe(false);
    expect(tokens.fresh('ann')).toBeNull();
    const signedInAgain = token('ann', inSeconds(60 * 60_000), 'again');
    expect(tokens.remember('ann', signedInAgain)).toBe(true);
    expect(tokens.fresh('ann')).toBe(signedInAgain);
  });
});

describe('the sync hub’s token', () => {
  it('sends the calls’ token; after the server refuses it (401), asks a tab for a new one', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const fromCalls = token('ann', exp, 'calls');
    const fromTab = token('ann', exp, 'tab');
    const sent: string[] = [];
    const serverFetch = (async (url: string, init: RequestInit = {}) => {
      const auth = new Headers(init.headers).get('authorization') ?? '';
      // The shop's requests (a run also asks for the account's preferences, with the same token).
      if (url.includes('/v1/shops/')) sent.push(auth.replace('Bearer ', ''));
      if (auth.endsWith(fromCalls)) return new Response(JSON.stringify({ message: 'The token has expired' }), { status: 401 });
      return new Response(JSON.stringify({ results: [], cookie: 1, lastMutationIds: {}, changes: [], more: false }), { status: 200 });
    }) as typeof fetch;
    let asks = 0;
    const databases = new AccountDatabases({ indexedDB: new IDBFactory(), IDBKeyRange });
    const hub = new SyncHub(databases, {
      serverUrl: 'http://server.test',
      fetch: serverFetch,
      tokenFor: async () => {
        asks++;
        return fromTab;
      },
      live: false,
      retryMs: 60_000,
    });
    const put = new Request('http://localhost/api/sync/shop', { method: 'PUT', headers: { authorization: `Bearer ${fromCalls}`, 'content-type': 'application/json' }, body: JSON.stringify({ shopId: 'shop-1' }) });
    expect((await handleAccountRequest(put, { projectId: PROJECT, databases, sync: hub })).status).toBe(200);
    const loop = hub.loopFor('ann', { key: 'shop', shopId: 'shop-1' });
    await loop.settled();
    expect(sent).toEqual([fromCalls]);
    expect(await loop.status()).toMatchObject({ error: 'The token has expired' });
    expect(asks).toBe(0);
    loop.retry();
    await loop.settled();
    expect(sent.slice(1).every((sentToken) => sentToken === fromTab)).toBe(true);
    expect(sent.length).toBeGreaterThan(1);
    expect(asks).toBe(1);
    hub.stopAll();
  });
});
