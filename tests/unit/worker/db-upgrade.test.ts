import { LATEST_DB_VERSION } from '../../../sw/api/storage/db-version';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../../sw/api/storage/db';
import { handleApiRequest } from '../../../sw/api/router';
import { seedProducts } from '../../../seed/products';
import { seedReviews } from '../../../seed/reviews';
import { invoiceSchema } from '../../../domain/schema/invoice';
import type { InvoiceBeforeV6 } from '../../../sw/api/invoices/invoice-upgrade';
import { seedUsers } from '../../../seed/users';
import { seedInvoices } from '../../../seed/invoices';
import { seedLearning } from '../../../seed/learning';
import { seedJobs } from '../../../seed/jobs';
import { seedTickets } from '../../../seed/tickets';

describe('upgrading a version 4 database (to version 5 and on)', () => {
  it('keeps products and reviews as they were and indexes code and [productId+createdAt]', async () => {
    const indexedDB = new IDBFactory();
    // The tables as version 4 of the app left them (a product with one image, as older seeds had).
    const old = new Dexie('upgrade-to-5', { indexedDB, IDBKeyRange });
    old.version(4).stores({
      users: '++id, createAt, status, [status+createAt]',
      products: '++id, createdAt, status, [status+createdAt]',
      reviews: '++id, productId, createdAt',
      orderBlocks: 'id',
      counters: 'name',
      invoices: 'id, issueDate, status, [status+issueDate]',
      files: 'id, createdAt',
      trash: '[resource+key], deletedAt',
      activity: '++id, at',
    });
    const products = seedProducts.map((p) => (p.id === 3 ? { ...p, images: [p.featureImage] } : p));
    await old.table('products').bulkAdd(products);
    await old.table('reviews').bulkAdd(seedReviews);
    old.close();

    const db = new ShopDb('upgrade-to-5', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(5);
    expect(await db.products.toArray()).toEqual(products);
    expect(await db.reviews.toArray()).toEqual(seedReviews);
    expect(await db.products.where('code').equalsIgnoreCase('sku-1003').primaryKeys()).toEqual([3]);
    const reviewsOf2 = await db.reviews.where('[productId+createdAt]').between([2, Dexie.minKey], [2, Dexie.maxKey]).primaryKeys();
    expect(reviewsOf2).toEqual(seedReviews.filter((r) => r.productId === 2).map((r) => r.id));

    // The API uses the new index at once: a taken code is a 409.
    const body = { ...products[0]!, id: undefined, createdAt: undefined, code: 'sku-1003' };
    const res = await handleApiRequest(new Request('http://localhost/api/products', { method: 'POST', body: JSON.stringify(body) }), db);
    expect(res.status).toBe(409);
    db.close();
  });
});

/** Version 5's tables (the same stores as version 4, with products' code and reviews' [productId+createdAt]). */
const VERSION_5_STORES = {
  users: '++id, createAt, status, [status+createAt]',
  products: '++id, createdAt, status, [status+createdAt], code',
  reviews: '++id, productId, createdAt, [productId+createdAt]',
  orderBlocks: 'id',
  counters: 'name',
  invoices: 'id, issueDate, status, [status+issueDate]',
  files: 'id, createdAt',
  trash: '[resource+key], deletedAt',
  activity: '++id, at',
};

/** An invoice as version 5 stored it: a tax amount, a masked CVC, no subtotal or tax percentage. */
function oldInvoice(id: string, lines: Array<[quantity: number, price: number, discount: number, total: number]>, shippingCharge: number, tax: number, totalAmount: number): InvoiceBeforeV6 {
  return {
    id,
    issueDate: '2026-03-01T10:00:00.000Z',
    dueDate: '2026-03-31T10:00:00.000Z',
    status: 'pending',
    billingAddress: { email: 'ana@example.com', phone: '+34 600 000 000', address: 'Calle Mayor 1, Madrid' },
    payment: { paymentMethod: 'Visa Card', cardHolder: 'Ana Ruiz', cardNo: '**** **** **** 4242', cardCVC: '***' },
    customer: { id: 8, name: 'Ana Ruiz', image: '/images/avatars/avatar-08.svg' },
    products: lines.map(([quantity, price, discount, total], i) => ({ id: i + 1, title: `Item ${i + 1}`, quantity, price, discount, total })),
    shippingCharge,
    tax,
    totalAmount,
  };
}

describe('upgrading a version 5 database to version 6 (invoices)', () => {
  it('drops the CVC, adds subTotal and taxPercent keeping every billed amount, and starts the id counter past the highest id', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('upgrade-to-6', { indexedDB, IDBKeyRange });
    old.version(5).stores(VERSION_5_STORES);
    const untaxed = oldInvoice('INV-001', [[2, 12.5, 0, 25]], 0, 0, 25);
    // Lines 53.97 + 250 = 303.97; tax 7.25 is 2.385… % of it → 2.39 %.
    const taxed = oldInvoice('INV-002', [[3, 19.99, 10, 53.97], [1, 250, 0, 250]], 12.5, 7.25, 323.72);
    // A tax above the subtotal (entered by hand): kept, its percentage capped at 100.
    const overTaxed = oldInvoice('INV-007', [[1, 10, 0, 10]], 0, 15, 25);
    await old.table('invoices').bulkAdd([untaxed, taxed, overTaxed]);
    old.close();

    const db = new ShopDb('upgrade-to-6', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(6);
    const upgraded = await db.invoices.toArray();
    expect(upgraded.map((i) => [i.id, i.subTotal, i.taxPercent, i.tax, i.totalAmount])).toEqual([
      ['INV-001', 25, 0, 0, 25],
      ['INV-002', 303.97, 2.39, 7.25, 323.72],
      ['INV-007', 10, 100, 15, 25],
    ]);
    for (const invoice of upgraded) {
      expect(invoiceSchema.parse(invoice)).toEqual(invoice);
      expect(invoice.payment).toEqual({ paymentMethod: 'Visa Card', cardHolder: 'Ana Ruiz', cardNo: '**** **** **** 4242' });
      expect(Math.round((invoice.subTotal + invoice.tax + invoice.shippingCharge) * 100) / 100).toBe(invoice.totalAmount);
    }
    const before = [untaxed, taxed, overTaxed];
    upgraded.forEach((invoice, i) => expect(invoice.products).toEqual(before[i]!.products));
    expect(await db.counters.get('invoices')).toEqual({ name: 'invoices', nextId: 8 });

    // The API goes on from there: the next id is INV-008, and saving the invoice computes its tax from the percentage.
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await handleApiRequest(new Request(`http://localhost${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) }), db);
      return { status: res.status, body: await res.json() };
    };
    expect((await call('GET', '/api/invoices/next-id')).body).toEqual({ id: 'INV-008' });
    const { id: _id, subTotal: _subTotal, tax: _tax, totalAmount: _total, products, ...fields } = upgraded[1]!;
    const saved = await call('PUT', '/api/invoices?id=INV-002', { ...fields, products: products.map(({ total: _line, ...line }) => line) });
    expect(saved.status).toBe(200);
    expect(saved.body.invoice).toMatchObject({ subTotal: 303.97, taxPercent: 2.39, tax: 7.26, totalAmount: 323.73 }); // 30397 × 2.39 % = 726.49 → 726
    db.close();
  });

  it('a new database starts its counter past the seed invoices', async () => {
    const db = new ShopDb('fresh', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(await db.counters.get('invoices')).toEqual({ name: 'invoices', nextId: 20 });
    db.close();
  });
});

describe('upgrading a version 6 database to version 7 (learning and hiring records)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps every existing table as it was and adds the new tables with the sample records, dated from the upgrade', async () => {
    const upgradedAt = '2027-03-10T08:30:00.000Z';
    vi.setSystemTime(new Date(upgradedAt));
    const indexedDB = new IDBFactory();
    // Version 6 changed no store: its tables are version 5's.
    const old = new Dexie('upgrade-to-7', { indexedDB, IDBKeyRange });
    old.version(6).stores(VERSION_5_STORES);
    const users = seedUsers.slice(0, 3);
    const invoices = seedInvoices.slice(0, 2);
    await old.table('users').bulkAdd(users);
    await old.table('invoices').bulkAdd(invoices);
    await old.table('counters').put({ name: 'invoices', nextId: 42 });
    old.close();

    const db = new ShopDb('upgrade-to-7', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(LATEST_DB_VERSION);
    expect(await db.users.toArray()).toEqual(users);
    expect(await db.invoices.toArray()).toEqual(invoices);
    expect(await db.counters.get('invoices')).toEqual({ name: 'invoices', nextId: 42 });
    expect(await db.products.count()).toBe(0);

    const learning = seedLearning(Date.parse(upgradedAt));
    const jobs = seedJobs(Date.parse(upgradedAt));
    expect(await db.courses.toArray()).toEqual(learning.courses);
    expect(await db.studySessions.toArray()).toEqual(learning.studySessions);
    expect(await db.tasks.toArray()).toEqual(learning.tasks);
    expect(await db.jobPosts.toArray()).toEqual(jobs.jobPosts);
    expect(await db.candidates.toArray()).toEqual(jobs.candidates);
    expect(await db.applications.toArray()).toEqual(jobs.applications);
    // The new indexes answer at once.
    const lastWeek = new Date(Date.parse(upgradedAt) - 7 * 86_400_000).toISOString();
    expect(await db.studySessions.where('startedAt').aboveOrEqual(lastWeek).count()).toBeGreaterThan(0);
    expect(await db.applications.where('[jobPostId+candidateId]').equals([jobs.applications[0]!.jobPostId, jobs.applications[0]!.candidateId]).count()).toBe(1);
    expect(await db.candidates.where('email').equalsIgnoreCase(jobs.candidates[0]!.email.toUpperCase()).count()).toBe(1);

    // The API serves them: ticking a seeded task persists.
    const task = learning.tasks.find((t) => !t.done)!;
    const res = await handleApiRequest(new Request(`http://localhost/api/tasks?id=${task.id}`, { method: 'PATCH', body: JSON.stringify({ done: true }) }), db);
    expect(res.status).toBe(200);
    expect((await db.tasks.get(task.id))?.done).toBe(true);
    db.close();
  });

  it('a new database is seeded with them too, dated from its creation', async () => {
    const createdAt = '2028-01-01T00:00:00.000Z';
    vi.setSystemTime(new Date(createdAt));
    const db = new ShopDb('fresh-7', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(await db.courses.toArray()).toEqual(seedLearning(Date.parse(createdAt)).courses);
    expect(await db.applications.toArray()).toEqual(seedJobs(Date.parse(createdAt)).applications);
    db.close();
  });
});

/** Version 7's stores: version 5's and the learning and hiring tables. */
const VERSION_7_STORES = {
  ...VERSION_5_STORES,
  courses: '++id',
  studySessions: '++id, courseId, startedAt',
  tasks: '++id, courseId, dueAt',
  jobPosts: '++id, postedAt, status',
  candidates: '++id, email',
  applications: '++id, jobPostId, candidateId, appliedAt, [jobPostId+candidateId]',
};

describe('upgrading a version 7 database to version 8 (support tickets, FAQ votes, settings)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps every row of every existing table and adds the sample tickets, dated from the upgrade', async () => {
    const createdAt = Date.parse('2027-02-01T10:00:00.000Z');
    const upgradedAt = '2027-05-20T16:45:00.000Z';
    const indexedDB = new IDBFactory();
    const old = new Dexie('upgrade-to-8', { indexedDB, IDBKeyRange });
    old.version(7).stores(VERSION_7_STORES);
    const learning = seedLearning(createdAt);
    const jobs = seedJobs(createdAt);
    const rows: Record<string, unknown[]> = {
      users: seedUsers.slice(0, 4),
      products: seedProducts.slice(0, 3),
      reviews: seedReviews.slice(0, 5),
      orderBlocks: [{ id: 0, packed: 'an order block as stored' }],
      counters: [{ name: 'invoices', nextId: 23 }, { name: 'orders', nextId: 501 }],
      invoices: seedInvoices.slice(0, 2),
      files: [{ id: '0b5c6f58-3b1e-4d5e-9f0a-1c2d3e4f5a6b', type: 'image/png', size: 3, createdAt: '2027-02-02T00:00:00.000Z', bytes: new Uint8Array([1, 2, 3]).buffer }],
      trash: [{ resource: 'users', key: 9, deletedAt: '2027-05-20T10:00:00.000Z', record: { id: 9 }, files: [] }],
      activity: [{ id: 1, at: '2027-05-20T10:00:00.000Z', resource: 'users', action: 'deleted', recordId: 9, label: null, count: 1 }],
      courses: learning.courses,
      studySessions: learning.studySessions,
      tasks: learning.tasks,
      jobPosts: jobs.jobPosts,
      candidates: jobs.candidates,
      applications: jobs.applications,
    };
    for (const [table, tableRows] of Object.entries(rows)) await old.table(table).bulkAdd(tableRows);
    old.close();

    vi.setSystemTime(new Date(upgradedAt));
    const db = new ShopDb('upgrade-to-8', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(LATEST_DB_VERSION);
    for (const [table, tableRows] of Object.entries(rows)) expect(await db.table(table).toArray(), table).toEqual(tableRows);
    expect(await db.tickets.toArray()).toEqual(seedTickets(Date.parse(upgradedAt)));
    expect(await db.faqVotes.count()).toBe(0);
    expect(await db.settings.count()).toBe(0);
    // The new indexes answer at once.
    expect(await db.tickets.where('[status+createdAt]').between(['open', ''], ['open', '\uffff']).count()).toBe(seedTickets(0).filter((t) => t.status === 'open').length);

    // The API serves them: a reply to a seeded ticket persists.
    const res = await handleApiRequest(new Request('http://localhost/api/tickets/1/replies', { method: 'POST', body: JSON.stringify({ message: 'Looking into it.' }) }), db);
    expect(res.status).toBe(201);
    expect((await db.tickets.get(1))?.replies.at(-1)?.message).toBe('Looking into it.');
    db.close();
  });

  it('a new database starts with the sample tickets, dated from its creation', async () => {
    const createdAt = '2028-03-03T03:00:00.000Z';
    vi.setSystemTime(new Date(createdAt));
    const db = new ShopDb('fresh-8', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(await db.tickets.toArray()).toEqual(seedTickets(Date.parse(createdAt)));
    db.close();
  });
});
