import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvoices } from '../../seed/invoices';
import { seedOrders } from '../../seed/orders';
import { seedUsers } from '../../seed/users';
import { DEMO_CUSTOMER_USER_ID, DEMO_SHOP_NAME, demoRecords, ensureDemoShop } from '../../server/demo-shop';
import { call, newUser, productBody, pullAs, pushAs, startTestServer, userBody, type TestServer } from './support';

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
    expect(await ensureDemoShop(server.db, owner)).toEqual({ shopId: first.shopId, created: false, customerSeated: false });

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

describe('the demo customer (customer@shop-admin.test, npm run start:team)', () => {
  it('is seated as the Demo Shop customer Kenji Watanabe, whose orders, invoice and ticket carry their email, and pulls only those', async () => {
    const owner = newUser('demo-owner');
    const customer = { uid: newUser('demo-customer').uid, email: 'Customer@Shop-Admin.test' };
    const seeded = await ensureDemoShop(server.db, owner, customer);
    expect(seeded).toMatchObject({ created: true, customerSeated: true });
    // Once: a second start finds them seated.
    expect(await ensureDemoShop(server.db, owner, customer)).toEqual({ shopId: seeded.shopId, created: false, customerSeated: false });

    const shops = await call(server.app, 'GET', '/v1/shops', customer);
    expect(shops.body.shops).toEqual([{ id: seeded.shopId, name: DEMO_SHOP_NAME, role: 'customer', userId: DEMO_CUSTOMER_USER_ID }]);
    const members = await call(server.app, 'GET', `/v1/shops/${seeded.shopId}/members`, owner);
    expect(members.body.customers).toEqual([{ uid: customer.uid, email: 'customer@shop-admin.test', userId: DEMO_CUSTOMER_USER_ID, joinedAt: expect.any(String) }]);

    const changes: Array<{ kind: string; record?: unknown }> = [];
    let cookie: number | string | null = 0;
    for (let page = 0; page < 20; page++) {
      const pulled = await pullAs(server.app, customer, seeded.shopId, 'customer-phone', cookie);
      expect(pulled.status).toBe(200);
      changes.push(...pulled.body.changes);
      cookie = pulled.body.cookie;
      if (!pulled.body.more) break;
    }
    const of = (kind: string) => changes.filter((change) => change.kind === kind).map((change) => change.record as Record<string, unknown> & { id: number | string });
    expect(of('users')).toEqual([expect.objectContaining({ id: DEMO_CUSTOMER_USER_ID, name: 'Kenji Watanabe', email: 'customer@shop-admin.test' })]);
    const orders = of('orders');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.length).toBe(seedOrders.filter((order) => order.customer.id === DEMO_CUSTOMER_USER_ID).length);
    expect(orders.some((order) => order.status === 'delivered')).toBe(true);
    for (const order of orders) expect(order.customer).toMatchObject({ id: DEMO_CUSTOMER_USER_ID, email: 'customer@shop-admin.test' });
    const invoices = of('invoices');
    expect(invoices.length).toBe(seedInvoices.filter((invoice) => invoice.customer.id === DEMO_CUSTOMER_USER_ID).length);
    expect(invoices.length).toBeGreaterThan(0);
    const tickets = of('tickets');
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) expect(ticket.email).toBe('customer@shop-admin.test');
    expect(of('files')).toEqual([]);
    const products = of('products');
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) expect(product).toMatchObject({ status: 'published', inStock: expect.any(Boolean) });
    expect(products.some((product) => 'stock' in product)).toBe(false);
  });

  it('the records of the other customers keep their seed emails, and a shop without a demo customer is the seed as it is', () => {
    const [users, , , orders, , tickets] = demoRecords('customer@shop-admin.test');
    const plain = demoRecords();
    expect(users![1].filter((user) => user.email === 'customer@shop-admin.test').map((user) => user.id)).toEqual([DEMO_CUSTOMER_USER_ID]);
    expect(orders![1].filter((order) => order.customer && (order.customer as { email: string }).email === 'customer@shop-admin.test').length).toBe(
      seedOrders.filter((order) => order.customer.id === DEMO_CUSTOMER_USER_ID).length,
    );
    expect(tickets![1].filter((ticket) => ticket.email === 'customer@shop-admin.test').length).toBeGreaterThan(0);
    expect(plain[0]![1]).toEqual(seedUsers);
    expect(plain[3]![1]).toEqual(seedOrders);
  });
});
