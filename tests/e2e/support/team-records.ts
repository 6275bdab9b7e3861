import { expect, type BrowserContext } from '@playwright/test';
import { seedOrders } from '../../../seed/orders';
import { seedProducts } from '../../../seed/products';
import { TEAM_SERVER_URL } from '../../../scripts/lib/e2e-team.mjs';
import { isPendingId } from '../../../domain/sync/pending';
import { idTokenOf } from './emulator';
import { shown, synced, type Account, type Device, type Row } from './team-devices';

// The records the team journeys write (team-*.spec.ts), and the shop server's own view of them.

/** A body for POST /api/users. */
export const userBody = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, role: 'Tester', status: 'verified', address: 'Norway', phone: '+47 555 01 234' });

export function productBody(code: string) {
  const { id: _id, createdAt: _createdAt, rating: _rating, totalReviews: _totalReviews, ...fields } = seedProducts[0]!;
  return { ...fields, code };
}

/** A pending seed order's fields, for POST /api/orders/bulk (the server gives the id and the sums). */
const { id: _orderId, subTotalAmount: _sub, totalAmount: _total, ...orderFields } = seedOrders.find((order) => order.status === 'pending') ?? seedOrders[0]!;
export { orderFields };

export function invoiceBody(customer: Row, product: Row) {
  return {
    issueDate: '2026-11-20T00:00:00.000Z',
    dueDate: '2026-12-20T00:00:00.000Z',
    status: 'pending',
    billingAddress: { email: customer.email, phone: customer.phone, address: customer.address },
    payment: { paymentMethod: 'Credit Card', cardHolder: customer.name, cardNo: '**** 4242' },
    customer: { id: customer.id, name: customer.name, image: customer.image },
    products: [{ id: product.id, title: product.title, quantity: 2, price: 10, discount: 0 }],
    shippingCharge: 5,
    taxPercent: 10,
  };
}

/** The requests the context's pages and service worker send to the shop server: those that failed, and those answered. */
export function serverRequests(context: BrowserContext) {
  const seen = { failed: [] as string[], answered: [] as string[] };
  context.on('requestfailed', (request) => {
    if (request.url().startsWith(TEAM_SERVER_URL)) seen.failed.push(request.url());
  });
  context.on('requestfinished', (request) => {
    if (request.url().startsWith(TEAM_SERVER_URL)) seen.answered.push(request.url());
  });
  return seen;
}

/** Calls the shop server from the test as `account` (an ID token from the Auth emulator): GET, or POST with a body. */
export async function serverCall(account: Account, path: string, body?: unknown) {
  const token = await idTokenOf(account.email, account.password);
  const res = await fetch(`${TEAM_SERVER_URL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The shop's audit trail (owner or admin): how many times each write was applied and refused, by name ("POST /api/users"). */
export async function auditCounts(account: Account, shopId: string) {
  const { entries } = (await serverCall(account, `/v1/shops/${shopId}/audit?limit=200`)) as { entries: Array<{ name: string; result: string }> };
  const counts: Record<string, number> = {};
  for (const entry of entries.filter((e) => e.name.includes(' /api/'))) counts[`${entry.name} ${entry.result}`] = (counts[`${entry.name} ${entry.result}`] ?? 0) + 1;
  return counts;
}

/** Calls the shop server from the test as `account` with any method: its status and JSON body (none for a 204). */
export async function serverRequest(account: Account, method: string, path: string, body?: unknown) {
  const token = await idTokenOf(account.email, account.password);
  const res = await fetch(`${TEAM_SERVER_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A customer's contact fields for their user record (POST /api/users). */
export interface CustomerFields {
  name: string;
  address: string;
  phone: string;
}

/**
 * A shop's customer as the customer journeys start: their user record made on the owner's device
 * (`admin`), synced until the server has numbered it, then the account invited to the portal
 * through the server (the user page's "Invite to the customer portal"). Answers the record.
 */
export async function invitedCustomer(admin: Device, owner: Account, shopId: string, customer: Account, fields: CustomerFields): Promise<Row> {
  expect((await admin.api('POST', '/api/users', { ...fields, email: customer.email, role: 'Customer', status: 'verified' })).status).toBe(201);
  await synced(admin);
  await expect.poll(async () => (await shown(admin)).users.every((user) => !isPendingId(user.id)), { timeout: 30_000 }).toBe(true);
  const record = (await shown(admin)).users.find((user) => user.name === fields.name)!;
  expect((await serverRequest(owner, 'POST', `/v1/shops/${shopId}/customers`, { userId: record.id })).status).toBe(201);
  return record;
}
