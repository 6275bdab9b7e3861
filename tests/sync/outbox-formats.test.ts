import { readFileSync } from 'node:fs';
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, listeningServer } from './device';
import { productOf, signInCustomer, userRecordFor, Writer } from '../server/customer-shop';
import { newUser, shopWithTeam, tokenFor, type TestServer } from '../server/support';
import { ShopDb } from '../../sw/api/storage/db';
import type { StoredOutboxEntry } from '../../sw/api/storage/sync-write';
import { AccountDatabases } from '../../sw/api/session';
import { LATEST_DB_VERSION } from '../../sw/api/storage/db-version';
import { pushWatched } from '../../sw/sync/stuck';
import { OUTBOX_FORMAT } from '../../sw/sync/outbox-format';

/*
 * Back from the field with an app update in between (docs/sync.md, "The outbox's format"): the
 * outbox a released worker wrote (tests/fixtures/outbox/format-1.json, exactly as it stored it)
 * is read and pushed by this worker against the real server, alongside entries of the current
 * format; and a newer store schema opening a copy with waiting entries keeps them all, in order,
 * and pushes them.
 */

interface Fixture {
  team: StoredOutboxEntry[];
  customer: { madeAgainst: { customerId: number; productId: number }; entries: StoredOutboxEntry[] };
}
const fixture = JSON.parse(readFileSync('tests/fixtures/outbox/format-1.json', 'utf8')) as Fixture;
const fileId = (fixture.team[5]!.body as { id: string }).id;

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());

/** A new shop, and the admin's device synced with it (empty) then offline, its copy holding the old worker's entries as it left them. */
async function adminWithOldOutbox() {
  const team = await shopWithTeam(server.app);
  const a = device(team.admin, serverUrl);
  await a.api('PUT', '/api/sync/shop', { shopId: team.shopId });
  expect((await a.synced(team.shopId)).pending).toBe(0);
  const copy = a.databases.shopCopy(team.admin.uid, team.shopId);
  await copy.outbox.bulkAdd(fixture.team);
  return { ...team, a, copy };
}

/** What the owner's device sees of the shop after a sync: the fixture's user, its products, its image. */
async function seenByOwner(team: Awaited<ReturnType<typeof adminWithOldOutbox>>) {
  const b = device(team.owner, serverUrl);
  await b.api('PUT', '/api/sync/shop', { shopId: team.shopId });
  expect((await b.synced(team.shopId)).pending).toBe(0);
  const users = (await b.api('GET', '/api/users?pageSize=100')).body.users as Array<Record<string, unknown>>;
  const products = (await b.api('GET', '/api/products?pageSize=100')).body.products as Array<{ code: string }>;
  const image = await b.raw('GET', `/api/files/${fileId}`);
  return { b, worker: users.find((user) => user.email === 'field.worker@example.com'), codes: products.map((product) => product.code), image };
}

describe('an outbox written by the previous format', () => {
  it('is pushed by this worker: each entry applied once, in order, with the current format’s entries after it; the team sees every change', async () => {
    const team = await adminWithOldOutbox();
    const { a, copy, shopId } = team;
    a.net.offline = true;
    // A write by this worker after the update: the 7th entry, of the current format.
    const ticket = await a.api('POST', '/api/tickets', { firstName: 'Ida', lastName: 'Berg', email: 'ida@example.com', category: 'orders', subject: 'Back from the field', message: 'All sent?' });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const stored = await copy.outbox.orderBy(':id').toArray();
    expect(stored.map((entry) => [entry.id, entry.format ?? 1])).toEqual([[1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, OUTBOX_FORMAT]]);

    a.net.offline = false;
    const status = await a.synced(shopId);
    expect(status, JSON.stringify(status)).toMatchObject({ pending: 0, online: true });
    expect(status.error).toBeUndefined();
    expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);

    const seen = await seenByOwner(team);
    // The create, then the replace of the record it created (its pending id named): the replace's fields won.
    expect(seen.worker).toMatchObject({ name: 'Field Worker', phone: '+47 555 09 999', address: 'Tromsø' });
    // The bulk delete named the two products by their pending ids: both gone.
    expect(seen.codes.filter((code) => code.startsWith('FIX-'))).toEqual([]);
    expect(seen.image.status).toBe(200);
    expect(new Uint8Array(await seen.image.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]));
    const tickets = (await seen.b.api('GET', '/api/tickets?pageSize=100')).body.tickets as Array<{ subject: string }>;
    expect(tickets.map((t) => t.subject)).toContain('Back from the field');
  });

  it('pushes a customer’s order written by the previous format: the order is theirs on the server', async () => {
    const team = await shopWithTeam(server.app);
    const { shopId, admin } = team;
    const writer = new Writer(server.app, shopId);
    const annUser = newUser('ann');
    const ann = await userRecordFor(writer, admin, annUser, 'Ann');
    const [p1] = await writer.firstIds(admin, 'admin-setup', [{ name: 'POST /api/products', body: productOf('FIX-P1') }]);
    await signInCustomer(server.app, shopId, admin, ann.id, annUser);
    // The shop as the fixture was written against (a new shop numbers its records from 1).
    expect({ customerId: ann.id, productId: p1 }).toEqual(fixture.customer.madeAgainst);
    const c = device(annUser, serverUrl);
    await c.api('PUT', '/api/sync/shop', { shopId, role: 'customer', customerId: String(ann.id) });
    expect((await c.synced(shopId)).pending).toBe(0);
    await c.databases.shopCopy(annUser.uid, shopId).outbox.bulkAdd(fixture.customer.entries);

    const status = await c.synced(shopId);
    expect(status, JSON.stringify(status)).toMatchObject({ pending: 0, online: true });
    expect((await c.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
    const a = device(admin, serverUrl);
    await a.api('PUT', '/api/sync/shop', { shopId });
    await a.synced(shopId);
    const orders = (await a.api('GET', '/api/orders?pageSize=100')).body.orders as Array<{ customer: { id: number }; items: Array<{ id: number; quantity: number }> }>;
    expect(orders.filter((order) => order.customer.id === ann.id && order.items.some((item) => item.id === p1 && item.quantity === 2))).toHaveLength(1);
  });
});

/** The store as a later app version declares it: one more version, an index added (a test-only upgrade). */
class NextShopDb extends ShopDb {
  constructor(name: string, options: ConstructorParameters<typeof ShopDb>[1]) {
    super(name, options, { shopCopy: true });
    this.version(LATEST_DB_VERSION + 1).stores({ syncConflicts: '++id, type' });
  }
}

describe('a store schema upgrade with waiting entries', () => {
  it('keeps every entry, in order and as stored, and the upgraded store pushes them', async () => {
    const team = await adminWithOldOutbox();
    const { a, copy, shopId, admin } = team;
    a.net.offline = true;
    expect((await a.api('POST', '/api/tickets', { firstName: 'Ida', lastName: 'Berg', email: 'ida@example.com', category: 'orders', subject: 'Back from the field', message: 'All sent?' })).status).toBe(201);
    const before = await copy.outbox.orderBy(':id').toArray();
    expect(before).toHaveLength(7);
    expect(copy.verno).toBe(LATEST_DB_VERSION);
    copy.close();

    const upgraded = new NextShopDb(AccountDatabases.shopCopyName(admin.uid, shopId), { indexedDB: a.indexedDB, IDBKeyRange });
    await upgraded.open();
    expect(upgraded.verno).toBe(LATEST_DB_VERSION + 1);
    expect(await upgraded.outbox.orderBy(':id').toArray()).toEqual(before);

    await pushWatched(upgraded, { serverUrl, shopId, token: async () => tokenFor(admin) });
    expect(await upgraded.outbox.count()).toBe(0);
    expect(await upgraded.syncConflicts.toArray()).toEqual([]);
    upgraded.close();

    const seen = await seenByOwner(team);
    expect(seen.worker).toMatchObject({ name: 'Field Worker', phone: '+47 555 09 999', address: 'Tromsø' });
    expect(seen.codes.filter((code) => code.startsWith('FIX-'))).toEqual([]);
    expect(seen.image.status).toBe(200);
  });
});
