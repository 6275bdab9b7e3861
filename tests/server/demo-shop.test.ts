import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvoices } from '../../seed/invoices';
import { seedOrders } from '../../seed/orders';
import { seedUsers } from '../../seed/users';
import { ensureDemoShop } from '../../server/demo-shop';
import { newUser, productBody, pullAs, pushAs, startTestServer, userBody, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the Demo Shop (npm run start:team)', () => {
  it('is seeded once for its owner, pulls whole, and new records continue past the seed ids and numbers', async () => {
    const owner = newUser('demo');
    const first = await ensureDemoShop(server.db, owner);
    expect(first.created).toBe(true);
    expect(await ensureDemoShop(server.db, owner)).toEqual({ shopId: first.shopId, created: false });

    const pulled = await pullAs(server.app, owner, first.shopId, 'demo-laptop', 0);
    expect(pulled.status).toBe(200);
    expect(pulled.body.cookie).toBe(1);
    expect(pulled.body.changes.filter((c) => c.kind === 'users').length).toBe(seedUsers.length);

    const { id: _id, ...orderRow } = seedOrders[0]!;
    const pushed = await pushAs(server.app, owner, first.shopId, 'demo-laptop', [
      { id: 1, name: 'POST /api/users', query: {}, body: userBody() },
      { id: 2, name: 'POST /api/products', query: {}, body: productBody('SKU-1001') },
      { id: 3, name: 'POST /api/orders/bulk', query: {}, body: { orders: [orderRow] } },
    ]);
    expect(pushed.body.results[0]).toMatchObject({ status: 'applied', created: [{ id: Math.max(...seedUsers.map((u) => u.id)) + 1 }] });
    // The seed's product codes are taken.
    expect(pushed.body.results[1]).toMatchObject({ status: 'rejected', code: 409 });
    expect(pushed.body.results[2], JSON.stringify(pushed.body.results[2])).toMatchObject({ status: 'applied' });
    const orderId = (pushed.body.results[2] as { created?: Array<{ id: number }> }).created?.[0]?.id;
    expect(orderId).toBe(Math.max(...seedOrders.map((o) => o.id)) + 1);
    const later = await pullAs(server.app, owner, first.shopId, 'demo-laptop', 1);
    const order = later.body.changes.find((c) => c.kind === 'orders')?.record;
    const highestNumber = Math.max(...seedOrders.map((o) => Number(o.invoiceId.slice(3))));
    expect(order?.invoiceId).toBe(`#IN${String(highestNumber + 1).padStart(4, '0')}`);
    expect(later.body.changes.filter((c) => c.kind === 'invoices')).toEqual([]);
    expect(pulled.body.changes.filter((c) => c.kind === 'invoices').length).toBe(seedInvoices.length);
  });
});
