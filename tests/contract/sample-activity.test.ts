import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createTestApi, TEST_CALLER } from './support/harness';
import { ShopDb } from '../../sw/api/storage/db';
import { handleApiRequest } from '../../sw/api/router';
import { seedOrders } from '../../seed/orders';
import { seedUsers } from '../../seed/users';
import { meanRating } from '../../domain/writes/products';
import { sampleActivitySteps, type SampleActivityStatus } from '../../domain/contract/sample-activity';
import { orderImportSample } from '../property/body-specs';
import { figuresFromDashboards, figuresFromRecords, readShopRecords } from '../e2e/support/dashboard-figures';

/*
 * "Fill with a year of sample activity" (issue 25): POST /api/sample-activity generates a
 * year through the shop's write paths, GET reports it, DELETE removes exactly what it added.
 */

/** A hand-made order of the customer (the import sample's fields), dated now so it falls in this month. */
const order = (customerId: number) => {
  const sample = orderImportSample();
  return { ...sample, invoiceId: '#IN0777', createAt: new Date().toISOString(), customer: { ...sample.customer, id: customerId, name: 'Hand Made', email: 'hand@example.com' } };
};

describe('POST /api/sample-activity', () => {
  it('fills a year (2,000 orders) through the write paths: lists, ratings and every dashboard agree with the records', async () => {
    const { db, call, changes } = createTestApi();
    const before = (await call<SampleActivityStatus>('GET', '/api/sample-activity')).body;
    expect(before).toMatchObject({ filled: false, running: null, unavailable: null, counts: { orders: 0, users: 0 } });

    const filled = await call('POST', '/api/sample-activity', { size: 2000 });
    expect(filled.status, JSON.stringify(filled.body)).toBe(201);
    expect(filled.body.added).toMatchObject({ users: 300, orders: 2000, tickets: 40 });
    expect(filled.body.inserted).toBe(Object.values(filled.body.added as Record<string, number>).reduce((sum, n) => sum + n, 0));
    expect((await call('GET', '/api/activity?limit=1')).body.activity[0]).toMatchObject({ resource: 'sample-activity', action: 'created', count: filled.body.inserted });
    for (const kind of ['invoices', 'reviews', 'courses', 'studySessions', 'tasks', 'jobPosts', 'candidates', 'applications']) expect(filled.body.added[kind], kind).toBeGreaterThan(0);
    expect(changes).toEqual(expect.arrayContaining(['orders', 'users', 'invoices', 'reviews', 'products', 'tickets', 'applications', 'study-sessions']));

    const status = (await call<SampleActivityStatus>('GET', '/api/sample-activity')).body;
    expect(status).toMatchObject({ filled: true, running: null, counts: filled.body.added });
    expect((await call('GET', '/api/orders?pageSize=1')).body.meta.total).toBe(seedOrders.length + 2000);
    expect((await call('GET', '/api/users?pageSize=1')).body.meta.total).toBe(seedUsers.length + 300);
    // Searchable at once (the list indexes followed the inserts).
    const newest = (await call('GET', '/api/orders?pageSize=1')).body.orders[0];
    expect((await call('GET', `/api/orders?search=${encodeURIComponent(newest.invoiceId)}`)).body.orders[0].id).toBe(newest.id);

    // Every product's rating and count are those of its stored reviews (the rating rule).
    const products = await db.products.toArray();
    for (const product of products) {
      const ratings = (await db.reviews.where('productId').equals(product.id).toArray()).map((review) => review.rating);
      expect({ rating: product.rating, totalReviews: product.totalReviews }).toEqual({ rating: meanRating(ratings), totalReviews: ratings.length });
    }
    expect(products.filter((product) => product.totalReviews > 0).length).toBeGreaterThanOrEqual(Math.floor(products.length * 0.6));

    // Every dashboard's month and year figures are sums over the records, read through /api.
    const get = async (path: string) => call('GET', path);
    const records = await readShopRecords(get);
    for (const period of ['month', 'year'] as const) {
      const dashboards = await figuresFromDashboards(get, period);
      expect(new Set(dashboards.ranges).size).toBe(1);
      const { invoiceMrr, ...figures } = dashboards.figures;
      const { invoiceMrr: expectedMrr, ...expected } = figuresFromRecords(records, dashboards.range);
      expect(figures).toEqual(expected);
      expect(Math.abs(invoiceMrr - expectedMrr)).toBeLessThanOrEqual(0.01);
      // A month shows a lively shop: many orders, every status, several payment methods.
      expect(figures.orders).toBeGreaterThan(period === 'month' ? 100 : 1900);
      expect(Object.keys(figures.ordersByPayment).length).toBe(4);
    }
    expect(Object.keys(figuresFromRecords(records, (await figuresFromDashboards(get, 'year')).range).ordersByStatus).sort()).toEqual(['delivered', 'new', 'pending', 'return', 'shipping']);
  });

  it('refuses another size, a bad body and a second fill (400, 409), changing nothing', async () => {
    const { call } = createTestApi();
    for (const body of [{ size: 1000 }, { size: '2000' }, {}, { size: 2000, extra: 1 }, { size: 2000, seed: -1 }, 'not json']) {
      const answer = await call('POST', '/api/sample-activity', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/api/orders?pageSize=1')).body.meta.total).toBe(seedOrders.length);
    expect((await call('GET', '/api/sample-activity')).body.filled).toBe(false);
    expect((await call('POST', '/api/sample-activity', { size: 2000 })).status).toBe(201);
    const again = await call('POST', '/api/sample-activity', { size: 2000 });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/remove it first/);
    expect((await call('GET', '/api/orders?pageSize=1')).body.meta.total).toBe(seedOrders.length + 2000);
  });

  it('reports its progress while it runs, and refuses a second fill or a removal meanwhile (409)', async () => {
    const { call } = createTestApi();
    const filling = call('POST', '/api/sample-activity', { size: 2000 });
    const seen: SampleActivityStatus[] = [];
    for (let i = 0; i < 200 && seen.length < 3; i++) {
      const status = (await call<SampleActivityStatus>('GET', '/api/sample-activity')).body;
      if (status.running) seen.push(status);
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({ filled: true, running: { size: 2000 }, counts: { orders: 0 } });
    expect(seen.every(({ running }) => running!.done < running!.total && sampleActivitySteps.includes(running!.step))).toBe(true);
    expect((await call('POST', '/api/sample-activity', { size: 2000 })).body.message).toMatch(/being added already/);
    expect((await call('DELETE', '/api/sample-activity')).status).toBe(409);
    expect((await filling).status).toBe(201);
    expect((await call<SampleActivityStatus>('GET', '/api/sample-activity')).body).toMatchObject({ running: null, counts: { orders: 2000 } });
  });

  it('is refused in a shared team shop’s copy (409), and GET says why', async () => {
    const db = new ShopDb('shop-admin-uid-shop1', { indexedDB: new IDBFactory(), IDBKeyRange }, { shopCopy: true });
    const send = (method: string, body?: unknown) =>
      handleApiRequest(new Request('http://localhost/api/sample-activity', { method, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) }), db, {}, TEST_CALLER);
    const refused = await send('POST', { size: 2000 });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/shared team shop/);
    expect(((await (await send('GET')).json()) as SampleActivityStatus).unavailable).toMatch(/shared team shop/);
    expect((await send('DELETE')).status).toBe(409);
  });
});

describe('DELETE /api/sample-activity', () => {
  it('removes exactly the generated records, keeping the sample shop and records made by hand', async () => {
    const { db, call } = createTestApi();
    const before = { orders: seedOrders.length, users: seedUsers.length, reviews: await db.reviews.count(), invoices: await db.invoices.count(), tickets: await db.tickets.count(), applications: await db.applications.count() };
    expect((await call('DELETE', '/api/sample-activity')).status).toBe(404);
    const filled = await call('POST', '/api/sample-activity', { size: 2000 });
    expect(filled.status).toBe(201);

    // Made by hand after the fill: a user, an order for a generated customer, a review.
    const user = await call('POST', '/api/users', { name: 'Hand Made', email: 'hand@example.com', role: 'Buyer', status: 'verified', address: 'Peru', phone: '+1 555 0100' });
    expect(user.status).toBe(201);
    const generatedCustomer = (await call('GET', '/api/orders?pageSize=1')).body.orders[0].customer.id;
    const handOrders = await call('POST', '/api/orders/bulk', { orders: [order(user.body.user.id), order(generatedCustomer)] });
    expect(handOrders.status).toBe(201);
    expect((await call('POST', '/api/reviews', { productId: 2, rating: 1, review: 'By hand' })).status).toBe(201);
    // And one generated order deleted by the admin meanwhile (not counted, not an error).
    const generatedOrder = (await call('GET', '/api/orders?pageSize=1&page=5')).body.orders[0].id;
    expect((await call('DELETE', `/api/orders?id=${generatedOrder}`)).status).toBe(200);

    const counts = (await call<SampleActivityStatus>('GET', '/api/sample-activity')).body.counts;
    expect(counts.orders).toBe(1999);
    const removed = await call('DELETE', '/api/sample-activity');
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toEqual(counts);

    expect((await call('GET', '/api/orders?pageSize=1')).body.meta.total).toBe(before.orders + 2);
    expect((await call('GET', '/api/users?pageSize=1')).body.meta.total).toBe(before.users + 1);
    expect((await call('GET', `/api/users?id=${user.body.user.id}`)).status).toBe(200);
    expect(await db.reviews.count()).toBe(before.reviews + 1);
    expect(await db.invoices.count()).toBe(before.invoices);
    expect(await db.tickets.count()).toBe(before.tickets);
    expect(await db.applications.count()).toBe(before.applications);
    const product = (await call('GET', '/api/products?id=2')).body.product;
    const ratings = (await db.reviews.where('productId').equals(2).toArray()).map((review) => review.rating);
    expect({ rating: product.rating, totalReviews: product.totalReviews }).toEqual({ rating: meanRating(ratings), totalReviews: ratings.length });
    // Dashboards follow the removal (their cached figures were dropped by the writes).
    const year = await call('GET', '/api/dashboards/analytics?period=year');
    expect(year.body.orders.value).toBeLessThan(20);

    expect((await call('GET', '/api/sample-activity')).body).toMatchObject({ filled: false, counts: { orders: 0 } });
    expect((await call('DELETE', '/api/sample-activity')).status).toBe(404);
    // Filled again once removed.
    expect((await call('POST', '/api/sample-activity', { size: 2000 })).status).toBe(201);
  });

  it('is kept by a backup like any records, and forgotten with them by "Reset to sample data"', async () => {
    const { call, send } = createTestApi();
    expect((await call('POST', '/api/sample-activity', { size: 2000 })).status).toBe(201);
    const backup = await (await send('GET', '/api/backup')).text();
    const checked = await send('POST', '/api/backup/check', { body: backup, headers: { 'content-type': 'application/json' } });
    expect(checked.status).toBe(200);
    expect(((await checked.json()) as { backup: { orders: number } }).backup.orders).toBe(seedOrders.length + 2000);
    expect((await call('POST', '/api/backup/reset', {})).status).toBe(200);
    expect((await call('GET', '/api/sample-activity')).body).toMatchObject({ filled: false, counts: { orders: 0, users: 0 } });
    expect((await call('GET', '/api/orders?pageSize=1')).body.meta.total).toBe(seedOrders.length);
  });
});
