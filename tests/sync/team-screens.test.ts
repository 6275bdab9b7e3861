import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDatabases } from '../../sw/api/session';
import { resources } from '../../domain/contract/resource';
import { call, startTestServer, userBody, shopWithTeam, type TestServer } from '../server/support';
import { device } from './device';

/*
 * The team screens' worker side against a real shop server and PostgreSQL: a removed member's
 * device drops the shop's copy, a shop switch makes every screen read again.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  server = await startTestServer({ pullPageSize: 7 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

describe('a removed member', () => {
  it('loses the shop’s copy on the next contact, goes back to their own store and is told, with the changes lost', async () => {
    const { shopId, owner, staff } = await shopWithTeam(server.app);
    const s = device(staff, serverUrl);
    const copyName = AccountDatabases.shopCopyName(staff.uid, shopId);
    expect((await s.api('PUT', '/api/sync/shop', { shopId, shopName: 'Test Shop' })).status).toBe(200);
    await s.syncNow(shopId);
    expect(await s.databaseNames()).toContain(copyName);
    expect((await s.api('GET', '/api/users')).body.users).toEqual([]);

    // Offline, the member writes; meanwhile the owner removes them.
    s.net.offline = true;
    expect((await s.api('POST', '/api/users', userBody('Left', 'left@example.com'))).status).toBe(201);
    expect((await s.api('GET', '/api/sync/status')).body.pending).toBe(1);
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${staff.uid}`, owner)).status).toBe(204);

    s.net.offline = false;
    s.announced.length = 0;
    await s.syncNow(shopId);

    expect(await s.databaseNames()).not.toContain(copyName);
    expect((await s.api('GET', '/api/sync/shop')).body).toEqual({ shop: null });
    const status = (await s.api('GET', '/api/sync/status')).body;
    expect(status).toMatchObject({ configured: false, removed: { shopId, shopName: 'Test Shop', lostChanges: 1 } });
    expect(Date.parse(status.removed.at)).not.toBeNaN();
    // The account's own store answers again (its sample data), and every screen is told to read again.
    expect((await s.api('GET', '/api/users')).body.users.length).toBeGreaterThan(0);
    expect(new Set(s.announced)).toEqual(new Set(resources));
    // Its writes now go to its own store: nothing is queued for the server.
    expect((await s.api('POST', '/api/users', userBody('Solo', 'solo@example.com'))).status).toBe(201);
    expect(await s.databases.get(staff.uid).outbox.count()).toBe(0);

    // The notice stays until dismissed.
    expect((await s.api('DELETE', '/api/sync/removed')).status).toBe(200);
    expect((await s.api('GET', '/api/sync/status')).body.removed).toBeUndefined();
    expect((await s.api('GET', '/api/sync/removed')).status).toBe(405);
  });

  it('with nothing waiting, the pull finds it: the copy goes, nothing was lost', async () => {
    const { shopId, owner, admin } = await shopWithTeam(server.app);
    const a = device(admin, serverUrl);
    await a.api('PUT', '/api/sync/shop', { shopId, shopName: 'Test Shop' });
    await a.syncNow(shopId);
    // The member leaves from another device.
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${admin.uid}`, admin)).status).toBe(204);
    await a.syncNow(shopId);
    expect(a.net.requests.at(-1)).toMatch(/\/pull$/);
    expect((await a.api('GET', '/api/sync/status')).body.removed).toMatchObject({ shopId, lostChanges: 0 });
    expect(await a.databaseNames()).not.toContain(AccountDatabases.shopCopyName(admin.uid, shopId));
    expect((await call(server.app, 'GET', `/v1/shops/${shopId}/members`, owner)).status).toBe(200);
  });

  it('a refusal of the member’s role is no removal: the copy and the choice stay', async () => {
    const { shopId, viewer } = await shopWithTeam(server.app);
    const v = device(viewer, serverUrl);
    await v.api('PUT', '/api/sync/shop', { shopId });
    expect((await v.api('POST', '/api/users', userBody('Eve', 'eve@example.com'))).status).toBe(201);
    await v.syncNow(shopId);
    expect((await v.api('GET', '/api/sync/shop')).body.shop).toMatchObject({ shopId });
    expect((await v.api('GET', '/api/sync/status')).body).toMatchObject({ configured: true, pending: 0 });
    expect((await v.api('GET', '/api/sync/status')).body.removed).toBeUndefined();
    expect(await v.databaseNames()).toContain(AccountDatabases.shopCopyName(viewer.uid, shopId));
    expect((await v.api('GET', '/api/sync/conflicts')).body.conflicts).toHaveLength(1);
  });
});

describe('a shop switch', () => {
  it('announces every resource, so every open screen reads the new store', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const a = device(admin, serverUrl);
    a.announced.length = 0;
    await a.api('PUT', '/api/sync/shop', { shopId });
    expect(new Set(a.announced)).toEqual(new Set(resources));
    a.announced.length = 0;
    await a.api('DELETE', '/api/sync/shop');
    expect(new Set(a.announced)).toEqual(new Set(resources));
    expect((await a.api('PUT', '/api/sync/shop', { shopId, shopName: '' })).status).toBe(400);
  });
});
