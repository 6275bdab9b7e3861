import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDatabases } from '../../sw/api/session';
import { resources } from '../../domain/contract/resource';
import type { SyncStatus } from '../../domain/contract/sync';
import { call, userBody, shopWithTeam, type TestServer } from '../server/support';
import { device, listeningServer } from './device';

/*
 * The team screens' worker side against a real shop server and PostgreSQL: a removed member's
 * device drops the shop's copy, a shop switch makes every screen read again.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer({ pullPageSize: 7 }));
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
    // The next contact is an upload's first sync here: it finds the removal and uploads nothing.
    const upload = await a.api('POST', '/api/sync/upload');
    expect(upload).toEqual({ status: 409, body: { message: 'You are not a member of this shop any more: nothing was uploaded', code: 'notAMemberAnyMore' } });
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

describe('a new shop started with this device’s own data', () => {
  /**
   * What a device shows through /api, every kind the upload carries, without ids (the new shop
   * gives its own): reviews with their authors and dates, tickets with their dates and each
   * reply's author and time, as written (not the uploader at the upload's time).
   */
  async function contents(d: ReturnType<typeof device>) {
    const list = async (path: string, key: string) => (await d.api('GET', `${path}${path.includes('?') ? '&' : '?'}pageSize=100`)).body[key] as Array<Record<string, unknown>>;
    const users = await list('/api/users', 'users');
    const products = await list('/api/products', 'products');
    const orders = await list('/api/orders', 'orders');
    const invoices = await list('/api/invoices', 'invoices');
    const tickets = await list('/api/tickets', 'tickets');
    const reviews = (await d.api('GET', '/api/reviews')).body.reviews as Array<Record<string, unknown>>;
    const productCode = new Map(products.map((p) => [p.id, p.code]));
    const userEmail = new Map(users.map((u) => [u.id, u.email]));
    const reviewer = (r: Record<string, unknown>) => {
      const { id, name, image } = r.user as { id: unknown; name: string; image: string };
      return `${String(id)}/${name}/${image}`;
    };
    return {
      users: users.map((u) => u.email).sort(),
      products: products.map((p) => `${p.code} ${p.rating} ${p.totalReviews}`).sort(),
      orders: orders.map((o) => `${o.createAt} ${o.status} ${o.totalAmount}`).sort(),
      invoices: invoices.map((i) => `${i.issueDate} ${i.status} ${i.totalAmount} ${(i.customer as { name: string }).name}`).sort(),
      invoiceCustomers: invoices.map((i) => userEmail.get((i.customer as { id: number }).id) ?? 'none').sort(),
      reviews: reviews.map((r) => `${productCode.get(r.productId)} ${r.rating} ${r.review} by ${reviewer(r)} at ${r.createdAt} ${r.likes}/${r.dislikes}`).sort(),
      tickets: tickets
        .map((t) => `${t.subject} ${t.status} ${(t.replies as Array<{ message: string }>).map((r) => r.message).join('|')} ${t.productId === null ? 'none' : productCode.get(t.productId)} ${t.attachmentFileId}`)
        .sort(),
      threads: tickets.map((t) => `${t.subject} ${t.createdAt} ${t.updatedAt} ${(t.replies as Array<{ author: string; at: string }>).map((r) => `${r.author} ${r.at}`).join('|')}`).sort(),
    };
  }

  it('uploads the account’s own records once; another device pulls the same shop', async () => {
    const { owner } = await shopWithTeam(server.app);
    const o = device(owner, serverUrl);
    // Besides the sample data: an image, attached to a ticket that has a reply and is closed.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    const file = (await (await o.raw('POST', '/api/files', png, 'image/png')).json()).file as { id: string };
    const productId = (await o.api('GET', '/api/products?pageSize=1')).body.products[0].id;
    const ticket = await o.api('POST', '/api/tickets', { firstName: 'Ida', lastName: 'Berg', email: 'ida@example.com', productId, category: 'products', subject: 'Scratched lid', message: 'It came scratched', attachmentFileId: file.id });
    expect(ticket.status).toBe(201);
    expect((await o.api('POST', `/api/tickets/${ticket.body.ticket.id}/replies`, { message: 'A new one is on its way' })).status).toBe(201);
    expect((await o.api('PATCH', `/api/tickets?id=${ticket.body.ticket.id}`, { status: 'closed' })).status).toBe(200);
    const own = await contents(o);
    expect(own.tickets.find((t) => t.startsWith('Scratched lid'))).toMatch(new RegExp(`^Scratched lid closed A new one is on its way SKU-\\d+ ${file.id}$`));
    const offer = (await o.api('GET', '/api/sync/upload')).body;
    expect(offer.total).toBeGreaterThan(0);
    // The ticket above was a write of the account's own: not only the samples.
    expect(offer.onlySampleData).toBe(false);
    expect((await device(owner, serverUrl).api('GET', '/api/sync/upload')).body).toMatchObject({ onlySampleData: true });
    expect(offer.records.users).toBe(own.users.length);
    // No shop chosen yet.
    expect((await o.api('POST', '/api/sync/upload')).status).toBe(409);

    const created = await call(server.app, 'POST', '/v1/shops', owner, { name: 'Started alone' });
    const shopId = (created.body.shop as { id: string }).id;
    expect(offer.canUpload).toBe(false);
    expect((await o.api('PUT', '/api/sync/shop', { shopId, shopName: 'Started alone' })).status).toBe(200);
    // Once the empty shop has synced, the Team page offers the upload.
    await o.syncNow(shopId);
    expect((await o.api('GET', '/api/sync/upload')).body.canUpload).toBe(true);
    const upload = await o.api('POST', '/api/sync/upload');
    expect(upload.status).toBe(202);
    expect(upload.body.queued).toBeGreaterThan(3);
    expect(upload.body.records).toEqual(offer.records);
    await o.syncNow(shopId);
    expect((await o.api('GET', '/api/sync/status')).body).toMatchObject({ pending: 0, online: true });
    expect((await o.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
    // Once: a second upload is refused (the shop has data now), and nothing more is queued.
    const again = await o.api('POST', '/api/sync/upload');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('only a new, empty shop');
    expect((await o.api('GET', '/api/sync/upload')).body.canUpload).toBe(false);

    // The copy shows what the device had alone; another device of the team pulls the same.
    expect(await contents(o)).toEqual(own);
    // Reviews and replies keep who wrote them (the sample's customers and agents) and when, not the uploader at the upload's time.
    const reviewers = new Set(own.reviews.map((r) => / by [^/]*\/([^/]*)\//.exec(r)![1]!));
    expect(reviewers.size).toBeGreaterThan(3);
    expect(own.threads.some((t) => t.includes('Aisha Bello'))).toBe(true);
    // The audit trail names the uploader as the one who imported them.
    const audit = await call(server.app, 'GET', `/v1/shops/${shopId}/audit?limit=200`, owner);
    const imports = (audit.body.entries as Array<{ name: string; email: string; result: string }>).filter((e) => e.name === 'POST /api/reviews/bulk' || e.name === 'POST /api/tickets/bulk');
    expect(imports.map((e) => `${e.name} ${e.email} ${e.result}`).sort()).toEqual([`POST /api/reviews/bulk ${owner.email} applied`, `POST /api/tickets/bulk ${owner.email} applied`]);
    const b = device(owner, serverUrl);
    await b.api('PUT', '/api/sync/shop', { shopId });
    // Its first sync comes in pages (7 changes each here): the status says how far it is.
    const statuses: Array<Promise<SyncStatus>> = [];
    b.onAnnounce.push(() => statuses.push(b.sync.loopFor(owner.uid, { key: 'shop', shopId }).status()));
    await b.syncNow(shopId);
    expect(await contents(b)).toEqual(own);
    const progress = (await Promise.all(statuses)).flatMap((status) => (status.pulling ? [status.pulling] : []));
    expect(progress.length).toBeGreaterThan(5);
    const total = progress[0]!.pulled + progress[0]!.remaining;
    expect(total).toBeGreaterThan(100);
    expect(progress.every((p) => p.pulled + p.remaining === total && p.remaining > 0)).toBe(true);
    expect(progress.map((p) => p.pulled)).toEqual([...progress.map((p) => p.pulled)].sort((x, y) => x - y));
    expect((await b.api('GET', '/api/sync/status')).body.pulling).toBeUndefined();
    const image = await b.raw('GET', `/api/files/${file.id}`);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
  });

  it('a shop that already has data is not uploaded into', async () => {
    const { shopId, owner } = await shopWithTeam(server.app);
    const writer = device(owner, serverUrl);
    await writer.api('PUT', '/api/sync/shop', { shopId });
    await writer.api('POST', '/api/users', userBody('Gus', 'gus@example.com'));
    await writer.syncNow(shopId);
    const other = device(owner, serverUrl);
    await other.api('PUT', '/api/sync/shop', { shopId });
    const refused = await other.api('POST', '/api/sync/upload');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('already has data');
    expect((await other.api('GET', '/api/users')).body.users.map((u: { name: string }) => u.name)).toEqual(['Gus']);
    // Offline, the new shop cannot be told empty.
    const offline = device(owner, serverUrl);
    offline.net.offline = true;
    await offline.api('PUT', '/api/sync/shop', { shopId });
    expect((await offline.api('POST', '/api/sync/upload')).body.message).toContain('needs a connection');
    expect((await offline.api('PUT', '/api/sync/upload')).status).toBe(405);
  });
});
