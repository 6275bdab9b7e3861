import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningServer, shopOnTwoDevices } from './device';
import { productBody, userBody, type TestServer } from '../server/support';
import type { ConflictPage, ConflictsBulkAnswer, SyncConflict } from '../../domain/contract/sync';

/*
 * Back from days apart with many conflicts (docs/sync.md, "The Sync page"): device A edited 60
 * users' phones and 3 products' prices offline while B changed the same phones and deleted the
 * products. A's Sync page lists them a page at a time, filtered by kind and type, counts them in
 * the header until the page is opened, and puts back or dismisses many at once.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());

const USERS = 60;

async function daysApart() {
  const team = await shopOnTwoDevices(server, serverUrl);
  const { shopId, a, b } = team;
  for (let i = 0; i < USERS; i++) expect((await b.api('POST', '/api/users', userBody(`Member ${i}`, `member${i}@example.com`))).status).toBe(201);
  for (const code of ['GONE-1', 'GONE-2', 'GONE-3']) expect((await b.api('POST', '/api/products', productBody(code))).status).toBe(201);
  await b.synced(shopId);
  await a.synced(shopId);
  const users = (await a.api('GET', '/api/users?pageSize=100')).body.users as Array<Record<string, unknown> & { id: number }>;
  const products = (await a.api('GET', '/api/products?pageSize=100')).body.products as Array<Record<string, unknown> & { id: number }>;
  expect(users).toHaveLength(USERS);

  a.net.offline = true;
  for (const user of users) expect((await a.api('PUT', `/api/users?id=${user.id}`, { ...user, phone: `+47 555 10 ${String(user.id).slice(-3)}` })).status).toBe(200);
  for (const product of products) expect((await a.api('PUT', `/api/products?id=${product.id}`, { ...product, price: 1 })).status).toBe(200);
  for (const user of users) {
    const onB = (await b.api('GET', `/api/users?id=${user.id}`)).body.user;
    expect((await b.api('PUT', `/api/users?id=${user.id}`, { ...onB, phone: '+47 555 99 999' })).status).toBe(200);
  }
  expect((await b.api('POST', '/api/products/bulk-delete', { ids: products.map((p) => p.id) })).status).toBe(200);
  await b.synced(shopId);
  a.net.offline = false;
  expect(await a.synced(shopId)).toMatchObject({ online: true, pending: 0 });
  return { ...team, users, products };
}

const page = async (d: Awaited<ReturnType<typeof daysApart>>['a'], query: string) => {
  const answer = await d.api<ConflictPage>('GET', `/api/sync/conflicts?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('the Sync page’s list after days apart', () => {
  it('pages, filters by kind and type, counts what is not seen yet, and takes bulk put-back and dismiss', async () => {
    const { shopId, a, b, users } = await daysApart();
    const status = (await a.api('GET', '/api/sync/status')).body;
    expect(status.unseenConflicts).toBe(USERS + 3);

    // Pages of 50, newest first; the ids of every match for "select all matching".
    const first = await page(a, 'page=1&pageSize=50');
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: USERS + 3, all: USERS + 3, kinds: { users: USERS, products: 3 } });
    expect(first.conflicts).toHaveLength(50);
    expect(first.ids).toHaveLength(USERS + 3);
    const second = await page(a, 'page=2&pageSize=50');
    expect(second.conflicts).toHaveLength(USERS + 3 - 50);
    const listed = [...first.conflicts, ...second.conflicts];
    expect(listed.map((c) => c.id)).toEqual(first.ids);
    expect(listed.map((c) => c.at)).toEqual(listed.map((c) => c.at).sort().reverse());

    const overwritten = await page(a, 'kind=users&type=overwritten');
    expect(overwritten.total).toBe(USERS);
    expect(overwritten.conflicts.every((c: SyncConflict) => c.type === 'overwritten' && c.kind === 'users' && c.field === 'phone')).toBe(true);
    const refused = await page(a, 'type=refused');
    expect(refused.total).toBe(3);
    expect(refused.conflicts.every((c) => c.type !== 'overwritten' && c.name === 'PUT /api/products')).toBe(true);
    expect((await page(a, 'kind=orders')).total).toBe(0);
    // The whole list as before, without a query.
    expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toHaveLength(USERS + 3);

    // Bad queries and bodies: a 400 that changes nothing.
    for (const query of ['kind=cats', 'type=lost', 'page=0', 'pageSize=500', 'page=x']) expect((await a.api('GET', `/api/sync/conflicts?${query}`)).status, query).toBe(400);
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: [0] }, { ids: 3 }]) expect((await a.api('POST', '/api/sync/conflicts/dismiss', body)).status, JSON.stringify(body)).toBe(400);
    expect((await a.api('POST', '/api/sync/conflicts/put-back', { ids: [1.5] })).status).toBe(400);
    expect((await page(a, 'page=1')).all).toBe(USERS + 3);

    // The page is opened: the header's count goes.
    expect((await a.api('POST', '/api/sync/conflicts/seen', {})).status).toBe(200);
    expect((await a.api('GET', '/api/sync/status')).body.unseenConflicts).toBeUndefined();

    // Put back three phones and a refused price (its product is gone: that one fails, with why).
    const three = overwritten.ids.slice(0, 3);
    const putBack = await a.api<ConflictsBulkAnswer>('POST', '/api/sync/conflicts/put-back', { ids: [...three, refused.ids[0]] });
    expect(putBack.status, JSON.stringify(putBack.body)).toBe(200);
    expect([...putBack.body.done].sort()).toEqual([...three].sort());
    expect(putBack.body.failed).toEqual([{ id: refused.ids[0], status: 404, message: expect.any(String) }]);
    const backIds = listed.filter((c) => three.includes(c.id!)).map((c) => (c.type === 'overwritten' ? c.recordId : undefined));
    await a.synced(shopId);
    await b.synced(shopId);
    for (const id of backIds) {
      const mine = users.find((user) => user.id === id)!;
      expect((await b.api('GET', `/api/users?id=${id}`)).body.user.phone).toBe(`+47 555 10 ${String(mine.id).slice(-3)}`);
    }

    // Dismiss every other user entry at once, and one already gone.
    const rest = (await page(a, 'kind=users')).ids;
    expect(rest).toHaveLength(USERS - 3);
    const dismissed = await a.api<ConflictsBulkAnswer>('POST', '/api/sync/conflicts/dismiss', { ids: [...rest, three[0]] });
    expect(dismissed.body.done).toHaveLength(USERS - 3);
    expect(dismissed.body.failed).toEqual([{ id: three[0], status: 404, message: expect.any(String) }]);
    const left = await page(a, 'page=1');
    expect(left).toMatchObject({ total: 3, kinds: { products: 3 } });
    // The dismissed phones stay as the server kept them.
    expect((await a.api('GET', `/api/users?id=${users.find((user) => !backIds.includes(user.id))!.id}`)).body.user.phone).toBe('+47 555 99 999');
    expect((await a.api('GET', '/api/sync/status')).body.unseenConflicts).toBeUndefined();
  });
});
