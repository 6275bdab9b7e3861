import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// A team build: VITE_SHOP_SERVER_URL set before the app's modules read it (this file runs in its own module graph: the isolated project).
vi.stubEnv('VITE_SHOP_SERVER_URL', 'http://localhost:8787/');

let client: typeof import('../../../src/lib/api-client');
let settings: typeof import('../../../src/features/settings/data/settings-links');
let sync: typeof import('../../../src/lib/shop-sync');
let chosenShop: typeof import('../../../src/lib/chosen-shop');
let team: typeof import('../../../src/features/team/api');
let activity: typeof import('../../../src/features/activity/api');
let customerDevice: typeof import('../../../src/lib/customer-device');

beforeAll(async () => {
  client = await import('../../../src/lib/api-client');
  settings = await import('../../../src/features/settings/data/settings-links');
  sync = await import('../../../src/lib/shop-sync');
  chosenShop = await import('../../../src/lib/chosen-shop');
  team = await import('../../../src/features/team/api');
  activity = await import('../../../src/features/activity/api');
  customerDevice = await import('../../../src/lib/customer-device');
  client.setAuthTokenProvider(async () => 'id-token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('a team build', () => {
  it('knows the shop server\'s origin, without its trailing slash', () => {
    expect(client.shopServerUrl).toBe('http://localhost:8787');
  });

  it('adds Team, Sync and Activity to the settings navigation, before Account deactivation', () => {
    expect(settings.settingsLinks.map((link) => link.label).slice(-4)).toEqual(['settings.nav.team', 'settings.nav.sync', 'settings.nav.activity', 'settings.nav.deactivation']);
    expect(settings.settingsLinks).toHaveLength(11);
  });

  it('opens /settings/team and /settings/sync', () => {
    expect(() => chosenShop.requireShopServer()).not.toThrow();
  });

  it('calls the server with the session\'s ID token as the bearer', async () => {
    const fetchMock = vi.fn(async () => answer(200, { shops: [{ id: 'a', name: 'Demo Shop', role: 'owner' }], invitations: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const mine = await team.getMyShops();
    expect(mine.shops[0]?.name).toBe('Demo Shop');
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:8787/v1/shops', expect.objectContaining({ method: 'GET', headers: expect.objectContaining({ authorization: 'Bearer id-token-1' }) }));
  });

  it('sends the bodies the server expects', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer(201, { shop: { id: 'b', name: 'North', role: 'owner' }, invitation: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await team.createShop('North');
    await team.inviteMember('b', 'ann@example.com', 'staff');
    await team.acceptInvitation('inv 1');
    const calls = fetchMock.mock.calls.map(([url, init]) => [init.method, url, init.body]);
    expect(calls).toEqual([
      ['POST', 'http://localhost:8787/v1/shops', '{"name":"North"}'],
      ['POST', 'http://localhost:8787/v1/shops/b/members', '{"email":"ann@example.com","role":"staff"}'],
      ['POST', 'http://localhost:8787/v1/invitations/inv%201/accept', '{}'],
    ]);
  });

  it('a 204 is no answer; a refusal is the server\'s message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(204)));
    await expect(team.removeMember('b', 'u1')).resolves.toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async () => answer(409, { message: 'The last owner cannot be removed' })));
    await expect(team.removeMember('b', 'u1')).rejects.toMatchObject({ status: 409, message: 'The last owner cannot be removed' });
  });

  it('an unreachable server says team changes need a connection', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(team.getMyShops()).rejects.toMatchObject({ status: 0, message: client.SHOP_SERVER_UNREACHABLE });
  });

  it('reads the audit trail a page at a time: the first without before, the next with the last page\'s next', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { entries: [], next: null }));
    vi.stubGlobal('fetch', fetchMock);
    await activity.getAuditPage('shop 1', null);
    await activity.getAuditPage('shop 1', 41);
    expect(fetchMock.mock.calls.map(([url, init]) => [init.method, url])).toEqual([
      ['GET', 'http://localhost:8787/v1/shops/shop%201/audit?limit=50'],
      ['GET', 'http://localhost:8787/v1/shops/shop%201/audit?limit=50&before=41'],
    ]);
  });

  it('asks the worker to keep the shop\'s name and role (a customer\'s user record too), upload this device\'s data and dismiss a removal notice', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { shop: { shopId: 'b' }, queued: 3, records: {}, total: 3, removed: null }));
    vi.stubGlobal('fetch', fetchMock);
    await sync.chooseShop({ id: 'b', name: 'North', role: 'staff' });
    await sync.chooseShop({ id: 'c', name: 'South', role: 'customer', userId: 12 });
    // A team member's shop names no user record, whatever it carries.
    await sync.chooseShop({ id: 'd', role: 'admin', userId: 3 });
    await sync.uploadOwnData();
    await sync.dismissShopRemoval();
    expect(fetchMock.mock.calls.map(([url, init]) => [init.method, url, init.body])).toEqual([
      ['PUT', '/api/sync/shop', '{"shopId":"b","shopName":"North","role":"staff"}'],
      ['PUT', '/api/sync/shop', '{"shopId":"c","shopName":"South","role":"customer","customerId":"12"}'],
      ['PUT', '/api/sync/shop', '{"shopId":"d","role":"admin"}'],
      ['POST', '/api/sync/upload', '{}'],
      ['DELETE', '/api/sync/removed', undefined],
    ]);
  });

  it('asks the worker which shop the account chose once for the route guards, and again once it is forgotten or for another account', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { shop: { key: 'shop', shopId: 'c', shopName: 'South', role: 'customer', customerId: '12' } }));
    vi.stubGlobal('fetch', fetchMock);
    customerDevice.forgetChosenShop();
    expect(await customerDevice.redirectFrom('team', 'uid-1')).toBe('/portal');
    expect(await customerDevice.redirectFrom('portal', 'uid-1')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A shop switch (or any change the worker announces) forgets the answer: asked again.
    customerDevice.forgetChosenShop();
    fetchMock.mockImplementation(async () => answer(200, { shop: null }));
    expect(await customerDevice.redirectFrom('portal', 'uid-1')).toBe('/dashboard');
    expect(await customerDevice.redirectFrom('team', 'uid-2')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // A failed answer is the team's shell, and is not kept.
    customerDevice.forgetChosenShop();
    fetchMock.mockImplementation(async () => answer(503, { message: 'The worker is starting' }));
    expect(await customerDevice.redirectFrom('team', 'uid-1')).toBeNull();
    fetchMock.mockImplementation(async () => answer(200, { shop: { key: 'shop', shopId: 'c', role: 'customer', customerId: '12' } }));
    expect(await customerDevice.redirectFrom('team', 'uid-1')).toBe('/portal');
  });
});
