import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningServer, shopOnTwoDevices } from './device';
import { productBody, userBody, type TestServer } from '../server/support';
import { seedOrders } from '../../seed/orders';
import { PUSH_BATCH } from '../../sw/sync/push';
import type { ConflictPage, SyncStatus } from '../../domain/contract/sync';

/*
 * Back from the field (issue 35, part 3): device A makes 10,000 writes offline (creations, edits
 * of its new records, edits of records the team also edited, order status changes, deletions,
 * and edits of products the team deleted meanwhile), then comes back. The outbox goes in batches
 * with its progress in the status; a refusal in the middle does not stop the rest; each write is
 * applied once or listed as refused, and both devices end equal.
 */

let server: TestServer;
let serverUrl: string;
beforeAll(async () => {
  ({ server, serverUrl } = await listeningServer());
});
afterAll(() => server?.close());

const WRITES = 10_000;
const { id: _id, subTotalAmount: _s, totalAmount: _t, ...orderFields } = seedOrders.find((order) => order.status === 'pending') ?? seedOrders[0]!;
type Row = Record<string, unknown> & { id: number | string };
type Device = Awaited<ReturnType<typeof shopOnTwoDevices>>['a'];

/** Every record of a kind the device shows, by id (pages of 1,000). */
async function all(d: Device, kind: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const answer = await d.api('GET', `/api/${kind}?pageSize=1000&page=${page}`);
    expect(answer.status).toBe(200);
    const got = answer.body[kind] as Row[];
    rows.push(...got);
    if (got.length < 1000) break;
  }
  return rows.sort((x, y) => String(x.id).localeCompare(String(y.id), 'en', { numeric: true }));
}

async function ok(d: Device, method: string, path: string, body?: unknown, status = 200) {
  const answer = await d.api(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  return answer.body;
}

describe('10,000 writes made offline', () => {
  it('are sent in batches with their progress, each applied once or refused with its reason, refusals in the middle not stopping the rest; both devices end equal', { timeout: 20 * 60_000 }, async () => {
    const { shopId, a, b } = await shopOnTwoDevices(server, serverUrl);
    // The team's records before the trip: 50 members, 20 products, 30 orders.
    for (let i = 0; i < 50; i++) await ok(b, 'POST', '/api/users', userBody(`Member ${i}`, `member${i}@example.com`), 201);
    for (let i = 0; i < 20; i++) await ok(b, 'POST', '/api/products', productBody(`FIELD-${i}`), 201);
    await ok(b, 'POST', '/api/orders/bulk', { orders: Array.from({ length: 30 }, () => orderFields) }, 201);
    await b.synced(shopId);
    await a.synced(shopId);
    const members = await all(a, 'users');
    const products = await all(a, 'products');
    const orders = await all(a, 'orders');
    expect([members.length, products.length, orders.length]).toEqual([50, 20, 30]);

    // Away: A writes; B edits the members' phones and deletes 5 products meanwhile.
    a.net.offline = true;
    const writingAt = performance.now();
    let writes = 0;
    const write = async (method: string, path: string, body?: unknown, status = 200) => {
      writes++;
      return ok(a, method, path, body, status);
    };
    const created: Row[] = [];
    for (let i = 0; i < 3_000; i++) created.push((await write('POST', '/api/users', userBody(`Field ${i}`, `field${i}@example.com`), 201)).user as Row);
    for (let i = 0; i < 2_000; i++) {
      const user = created[i % created.length]!;
      await write('PUT', `/api/users?id=${user.id}`, { ...userBody(`Field ${i % created.length}`, `field${i % created.length}@example.com`), role: `Picker ${i}` });
    }
    // Edits of products the team deletes meanwhile: refused (the product is gone), in the middle of the outbox.
    const gone = products.slice(0, 5);
    for (let i = 0; i < 500; i++) {
      const product = products[i % products.length]!;
      await write('PUT', `/api/products?id=${product.id}`, { ...product, price: 10 + (i % 7) });
    }
    const statuses = ['new', 'pending'] as const;
    for (let i = 0; i < 1_500; i++) await write('PATCH', `/api/orders?id=${orders[i % orders.length]!.id}`, { status: statuses[Math.floor(i / orders.length) % 2] });
    // The members: their phones once each (the team changes them too: overwritten), their addresses often (merged).
    for (const member of members) await write('PUT', `/api/users?id=${member.id}`, { ...member, phone: '+47 555 00 001' });
    for (let i = 0; i < 1_950; i++) {
      const member = members[i % members.length]!;
      await write('PUT', `/api/users?id=${member.id}`, { ...member, phone: '+47 555 00 001', address: `Field camp ${i}` });
    }
    for (const user of created.slice(2_000)) await write('DELETE', `/api/users?id=${user.id}`);
    expect(writes).toBe(WRITES);
    console.log(`10,000 writes made offline in ${((performance.now() - writingAt) / 1000).toFixed(1)} s`);
    expect((await a.api<SyncStatus>('GET', '/api/sync/status')).body.pending).toBe(WRITES);

    for (const member of members) await ok(b, 'PUT', `/api/users?id=${member.id}`, { ...member, phone: '+47 555 99 999' });
    await ok(b, 'POST', '/api/products/bulk-delete', { ids: gone.map((product) => product.id) });
    await b.synced(shopId);

    // Back: the status tells the push's progress, batch by batch.
    const progress: Array<{ sent: number; total: number }> = [];
    const watch = setInterval(() => {
      void a.api<SyncStatus>('GET', '/api/sync/status').then(({ body }) => body.pushing && progress.push(body.pushing));
    }, 50);
    a.net.offline = false;
    const startedAt = performance.now();
    const after = await a.synced(shopId).finally(() => clearInterval(watch));
    const seconds = (performance.now() - startedAt) / 1000;
    expect(after).toMatchObject({ online: true, pending: 0 });
    expect(after.pushing).toBeUndefined();
    expect(progress.length).toBeGreaterThan(2);
    // From the push's start (none sent yet), then after each batch.
    expect(progress.every(({ sent, total }) => total === WRITES && sent >= 0 && sent < total && sent % PUSH_BATCH === 0)).toBe(true);
    expect(progress.map(({ sent }) => sent)).toEqual([...progress.map(({ sent }) => sent)].sort((x, y) => x - y));
    console.log(`10,000 writes pushed and pulled in ${seconds.toFixed(1)} s (${progress.length} progress reads)`);

    // Each write reached the server once: 10,000 audit rows of A's client, one per mutation id.
    const { rows } = await server.db.query<{ result: string; n: string; ids: string; top: string }>(
      `SELECT result, count(*) AS n, count(DISTINCT mutation_id) AS ids, max(mutation_id) AS top FROM audit
       WHERE shop_id = $1 AND client_id = (SELECT client_id FROM clients WHERE shop_id = $1 AND last_mutation_id = $2) GROUP BY result`,
      [shopId, WRITES],
    );
    const byResult = Object.fromEntries(rows.map((row) => [row.result, Number(row.n)]));
    const refusedEdits = 500 / products.length * gone.length;
    expect(byResult).toEqual({ applied: WRITES - refusedEdits, rejected: refusedEdits });
    expect(rows.reduce((sum, row) => sum + Number(row.ids), 0)).toBe(WRITES);

    // Refused and overwritten are listed on A's Sync page with their reasons.
    const refused = (await a.api<ConflictPage>('GET', '/api/sync/conflicts?type=refused&pageSize=100')).body;
    expect(refused.total).toBe(refusedEdits);
    expect(refused.conflicts.every((c) => c.type !== 'overwritten' && c.name === 'PUT /api/products' && gone.some((p) => String(p.id) === String(c.query?.id)))).toBe(true);
    const overwritten = (await a.api<ConflictPage>('GET', '/api/sync/conflicts?type=overwritten&kind=users&pageSize=100')).body;
    expect(overwritten.total).toBe(members.length);

    // Both devices equal: 50 members (the team's phones, A's last addresses), 2,000 of A's users, the products left, the orders' last status.
    await b.synced(shopId);
    await a.synced(shopId);
    const [usersA, usersB] = [await all(a, 'users'), await all(b, 'users')];
    expect(usersA).toEqual(usersB);
    expect(usersA).toHaveLength(50 + 2_000);
    expect(usersA.filter((user) => user.phone === '+47 555 99 999')).toHaveLength(50);
    expect(usersA.filter((user) => String(user.address).startsWith('Field camp'))).toHaveLength(50);
    expect(usersA.filter((user) => String(user.role).startsWith('Picker'))).toHaveLength(2_000);
    expect(await all(a, 'products')).toEqual(await all(b, 'products'));
    expect((await all(a, 'products')).map((p) => p.code)).toEqual(products.slice(5).map((p) => p.code));
    const ordersA = await all(a, 'orders');
    expect(ordersA).toEqual(await all(b, 'orders'));
    expect(ordersA.every((order) => order.status === statuses[Math.floor(1_499 / 30) % 2])).toBe(true);
  });
});
