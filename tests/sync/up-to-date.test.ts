import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUpToDate, type SyncStatus } from '../../domain/contract/sync';
import { isPendingId } from '../../domain/sync/pending';
import { device, listeningServer } from './device';
import { productBody, shopWithTeam, type TestServer } from '../server/support';

/*
 * When a device's status says its copy is up to date (`isUpToDate`: what the team e2e's
 * `synced()` waits for). A push's answer empties the outbox (pending 0) before the pull after
 * it brings the server's records: in between, a record this device created is still listed
 * under its pending id. team-customer-shop.spec read the scarf's id from the owner's device in
 * that moment (synced() then waited for pending 0 only) and sent the customer to
 * /portal/shop/<pending id>: "Product not found", though the customer's copy held the scarf.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());

type Device = ReturnType<typeof device>;
const statusOf = async (d: Device) => (await d.api<SyncStatus>('GET', '/api/sync/status')).body;
const productsOf = async (d: Device) => (await d.api<{ products: Array<{ id: number; code: string }> }>('GET', '/api/products?pageSize=100')).body.products;

describe('a copy up to date', () => {
  it('is not while the pull after a push runs: the product it created is still under its pending id then', async () => {
    const { shopId, owner } = await shopWithTeam(server.app);
    const d = device(owner, serverUrl);
    expect((await d.api('PUT', '/api/sync/shop', { shopId })).status).toBe(200);
    expect((await d.api('POST', '/api/products', { ...productBody('JACKET'), title: 'Harbour Jacket' })).status).toBe(201);
    await d.syncNow(shopId);
    expect(isUpToDate(await statusOf(d))).toBe(true);

    // The pulls wait until released: the push goes through, its pull does not come back yet.
    let release!: () => void;
    const pullsHeld = new Promise<void>((resolve) => (release = resolve));
    d.net.hold = (url) => (url.endsWith('/pull') ? pullsHeld : undefined);
    expect((await d.api('POST', '/api/products', { ...productBody('SCARF'), title: 'Harbour Scarf' })).status).toBe(201);
    const loop = d.sync.loopFor(owner.uid, { key: 'shop', shopId });
    loop.kick();
    await vi.waitFor(async () => expect((await statusOf(d)).pending).toBe(0), { timeout: 10_000 });

    // The push was answered: nothing waits and the server was reached, but the scarf has no server id here yet.
    const meanwhile = await statusOf(d);
    expect(meanwhile).toMatchObject({ online: true, pending: 0, syncing: true });
    expect(isUpToDate(meanwhile)).toBe(false);
    const scarf = (await productsOf(d)).find((product) => product.code === 'SCARF')!;
    expect(isPendingId(scarf.id)).toBe(true);

    release();
    await loop.settled();
    const after = await statusOf(d);
    expect(after.syncing).toBeUndefined();
    expect(isUpToDate(after)).toBe(true);
    const ids = (await productsOf(d)).map((product) => product.id);
    expect(ids).toHaveLength(2);
    expect(ids.filter(isPendingId)).toEqual([]);
  });

  it('is not before a newly chosen copy’s first pull', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const d = device(admin, serverUrl);
    expect((await d.api('PUT', '/api/sync/shop', { shopId })).status).toBe(200);
    const before = await statusOf(d);
    expect(before).toMatchObject({ online: true, pending: 0, lastSyncAt: null, syncing: true });
    expect(isUpToDate(before)).toBe(false);
    await d.syncNow(shopId);
    expect(isUpToDate(await statusOf(d))).toBe(true);
  });
});
