import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { AccountDatabases, handleAccountRequest } from '../../../sw/api/session';
import { CustomerPreviews } from '../../../sw/sync/customer-preview';
import { DEMO_PROJECT_ID } from '../../../sw/api/auth-token';
import { CUSTOMER_PREVIEW_SHOP_ID } from '../../../domain/contract/customer-preview';
import { maySee, scopeLeaderOf, viewFor, type ScopeMember } from '../../../domain/sync/scope';
import type { ShopRecord, SyncedKind } from '../../../domain/contract/sync-protocol';
import { emulatorToken } from '../../contract/support/harness';

// The static demo's "See it as a customer" (sw/sync/customer-preview.ts): a build without a shop
// server answers an account's /api from a copy holding what that customer's device would hold.

type Rows = Array<ShopRecord & { id: number | string }>;

function device() {
  const databases = new AccountDatabases({ indexedDB: new IDBFactory(), IDBKeyRange });
  const preview = new CustomerPreviews(databases);
  const token = emulatorToken('visitor', { email: 'demo@shop-admin.test', name: 'Demo Admin' });
  async function call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request = new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
    const response = await handleAccountRequest(request, { projectId: DEMO_PROJECT_ID, databases, preview });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
  /** Every live record of each kind the account's calls answer now. */
  async function everything(): Promise<Record<'users' | 'products' | 'reviews' | 'orders' | 'invoices' | 'tickets', Rows>> {
    const list = async (kind: string) => (await call('GET', `/api/${kind}?pageSize=1000`)).body[kind] as Rows;
    return {
      users: await list('users'),
      products: await list('products'),
      reviews: (await call('GET', '/api/reviews')).body.reviews as Rows,
      orders: await list('orders'),
      invoices: await list('invoices'),
      tickets: await list('tickets'),
    };
  }
  return { call, everything };
}

const ids = (rows: Rows) => rows.map((row) => String(row.id)).sort();

describe('the customer preview of a build without a shop server', () => {
  it('answers exactly the records the scope rule gives the customer, as the customer is shown them; ends with the account’s own data untouched', async () => {
    const { call, everything } = device();
    const own = await everything();
    const kenji = own.users.find((user) => user.name === 'Kenji Watanabe')!;
    expect((await call('GET', '/api/preview/customer')).body).toEqual({ preview: null });

    const started = await call('PUT', '/api/preview/customer', { customerId: kenji.id });
    expect(started).toEqual({ status: 200, body: { preview: { customerId: kenji.id, name: 'Kenji Watanabe', email: kenji.email } } });
    expect((await call('GET', '/api/sync/shop')).body.shop).toMatchObject({ shopId: CUSTOMER_PREVIEW_SHOP_ID, role: 'customer', customerId: String(kenji.id) });

    const member: ScopeMember = { role: 'customer', customerId: String(kenji.id), customerEmail: String(kenji.email) };
    const products = new Map(own.products.map((product) => [product.id, product]));
    const admitted = (kind: SyncedKind, rows: Rows) =>
      rows.filter((record) => {
        const leader = scopeLeaderOf(kind, record);
        return maySee(member, kind, record, leader ? products.get(leader.id) : undefined);
      });
    const seen = await everything();
    for (const kind of ['users', 'products', 'reviews', 'orders', 'invoices', 'tickets'] as const) {
      expect(ids(seen[kind]), kind).toEqual(ids(admitted(kind, own[kind])));
    }
    expect(seen.orders.length).toBeGreaterThan(0);
    expect(seen.invoices.length).toBeGreaterThan(0);
    expect(seen.tickets.length).toBeGreaterThan(0);
    expect(seen.orders.length).toBeLessThan(own.orders.length);
    // Products as a customer sees them: no stock count.
    const product = seen.products[0]!;
    expect(product).toEqual(expect.objectContaining(viewFor(member, 'products', products.get(product.id)!)));
    expect('stock' in product).toBe(false);

    await call('DELETE', '/api/preview/customer');
    expect((await call('GET', '/api/preview/customer')).body).toEqual({ preview: null });
    expect(await everything()).toEqual(own);
  });

  it('decides writes by the customer rule: theirs are made in the preview only, the rest refused', async () => {
    const { call, everything } = device();
    const own = await everything();
    const kenji = own.users.find((user) => user.name === 'Kenji Watanabe')!;
    await call('PUT', '/api/preview/customer', { customerId: kenji.id });
    const { orders } = await everything();
    const deliveredProduct = (orders.find((order) => order.status === 'delivered')!.items as Array<{ id: number }>)[0]!.id;
    const notBought = own.products.find((row) => row.status === 'published' && !orders.some((order) => (order.items as Array<{ id: number }>).some((item) => item.id === row.id)))!;

    const ticket = await call('POST', '/api/tickets', { firstName: 'Kenji', lastName: 'Watanabe', email: 'someone.else@example.com', category: 'orders', subject: 'Box', message: 'Arrived dented.' });
    expect(ticket.status).toBe(201);
    expect(ticket.body.ticket.email).toBe(kenji.email);
    expect((await call('POST', '/api/reviews', { productId: deliveredProduct, rating: 5, review: 'Great.' })).status).toBe(201);
    expect((await call('POST', '/api/reviews', { productId: notBought.id, rating: 5, review: 'Never had it.' })).status).toBe(403);
    expect((await call('POST', '/api/products', { title: 'Mine' })).status).toBe(403);
    expect((await call('DELETE', `/api/users?id=${kenji.id}`)).status).toBe(403);
    const placed = await call('POST', '/api/orders', { items: [{ productId: deliveredProduct, quantity: 1 }], payment: { paymentMethod: 'Paypal', cardNumber: '' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'new', customer: { id: kenji.id } });
    expect((await everything()).tickets.map((row) => row.subject)).toContain('Box');

    await call('DELETE', '/api/preview/customer');
    expect(await everything()).toEqual(own);
  });

  it('refuses an unknown customer (404) and a bad body (400), and changes nothing', async () => {
    const { call } = device();
    expect((await call('PUT', '/api/preview/customer', { customerId: 999_999 })).status).toBe(404);
    expect((await call('PUT', '/api/preview/customer', { customerId: 'x' })).status).toBe(400);
    expect((await call('PUT', '/api/preview/customer', { customerId: 2, extra: true })).status).toBe(400);
    expect((await call('POST', '/api/preview/customer', {})).status).toBe(405);
    expect((await call('GET', '/api/preview/customer')).body).toEqual({ preview: null });
  });
});
