import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listeningServer, shopOnTwoDevices } from './device';
import { tokenFor, userBody, type TestServer } from '../server/support';
import type { SyncStatus } from '../../domain/contract/sync';

/*
 * Sign-in that outlives the trip (issue 35, part 1): a device back after days whose sign-in can no
 * longer be refreshed (its token expired, revoked) keeps every waiting write, says the person must
 * sign in again, sends nothing meanwhile, and sends everything once they have.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());
afterEach(() => vi.useRealTimers());

const status = async (d: { api: <T>(method: string, path: string) => Promise<{ body: T }> }) => (await d.api<SyncStatus>('GET', '/api/sync/status')).body;

describe('a sign-in that ended while the device was away', () => {
  it('keeps the waiting writes and asks for a sign-in; nothing is sent until the same account signs in again, then everything is', async () => {
    const { shopId, admin, a, b } = await shopOnTwoDevices(server, serverUrl);
    // The token the device holds when it leaves: valid for an hour.
    a.auth.token = tokenFor(admin);
    await a.synced(shopId);
    a.net.offline = true;
    for (let i = 0; i < 3; i++) expect((await a.api('POST', '/api/users', userBody(`Away ${i}`, `away${i}@example.com`))).status).toBe(201);

    // Three days later (the clock of the device and the server moved): that token expired, and
    // its sign-in cannot be refreshed (revoked, a password changed): the tab still gives it.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 3 * 24 * 3600_000);
    a.net.offline = false;
    const loop = await a.syncNow(shopId);
    expect(await loop.status()).toMatchObject({ online: true, pending: 3, signInNeeded: true });
    // A call with the same refused token starts nothing; the writes stay.
    await a.api('GET', '/api/users');
    await loop.settled();
    expect(await status(a)).toMatchObject({ pending: 3, signInNeeded: true });
    await b.synced(shopId);
    expect((await b.api('GET', '/api/users')).body.users).toEqual([]);

    // Signed in again: the next call carries a new token, and the waiting writes go at once.
    a.auth.token = tokenFor(admin);
    await a.api('GET', '/api/users');
    await loop.settled();
    const after = await status(a);
    expect(after).toMatchObject({ online: true, pending: 0 });
    expect(after.signInNeeded).toBeUndefined();
    await b.synced(shopId);
    expect(((await b.api('GET', '/api/users')).body.users as Array<{ name: string }>).map((user) => user.name).sort()).toEqual(['Away 0', 'Away 1', 'Away 2']);
  });
});
