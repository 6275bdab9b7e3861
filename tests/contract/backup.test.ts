import { describe, it, expect, beforeEach, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { Table } from 'dexie';
import { TEST_CALLER, isOrderIndexCache, type ApiAnswer } from './support/harness';
import { freezeClock, newProductBody } from './support/helpers';
import { ShopDb } from '../../sw/api/storage/db';
import { handleApiRequest } from '../../sw/api/router';
import type { Resource } from '../../sw/api/context';
import { LATEST_DB_VERSION } from '../../sw/api/storage/db-version';
import { orderStore } from '../../sw/api/orders/store/order-store';
import { seedOrders } from '../../seed/orders';

/*
 * Backup and restore (issue 14): GET /api/backup writes the account's whole store to one
 * file, POST /api/backup puts it back (checked first, all or nothing), POST
 * /api/backup/check checks a file without writing, POST /api/backup/reset puts back the
 * sample shop. "Nothing changed" is checked against a full dump of every table.
 */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4, 250, 251]);

/**
 * The API over `db` (as tests/contract/harness.ts's, but on a database the test opens, so a
 * second connection to it can stand for a restarted worker).
 */
function apiOn(db: ShopDb) {
  const changes: Resource[] = [];
  const send = (method: string, path: string, init: RequestInit = {}) =>
    handleApiRequest(new Request(`http://localhost${path}`, { ...init, method }), db, { onChange: (resource) => changes.push(resource) }, TEST_CALLER);
  async function call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const res = await send(method, path, body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }
  async function upload(bytes: Uint8Array<ArrayBuffer>, type: string): Promise<ApiAnswer> {
    const res = await send('POST', '/api/files', { body: bytes, headers: { 'content-type': type } });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }
  return { db, send, call, upload, changes };
}

/** A new account's database (seeded on first use), alone in its own fake IndexedDB. */
function newAccountDb(factory = new IDBFactory()): ShopDb {
  return new ShopDb('shop-admin-test', { indexedDB: factory, IDBKeyRange });
}

type Api = ReturnType<typeof apiOn>;
let factory: IDBFactory;
let api: Api;
beforeEach(() => {
  factory = new IDBFactory();
  api = apiOn(newAccountDb(factory));
});

/** A value with its ArrayBuffers as byte lists (toEqual does not compare an ArrayBuffer's bytes). */
function comparable(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return { arrayBuffer: Array.from(new Uint8Array(value)) };
  if (ArrayBuffer.isView(value)) return { [value.constructor.name]: Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  return value;
}

/** Every row of every table (the derived figures too, unless left out; never the index's cache), in key order. */
async function dump(db: ShopDb, { withDerived = true } = {}): Promise<Record<string, unknown>> {
  const tables = db.tables.filter((table) => withDerived || table.name !== 'derived');
  const rows = await Promise.all(tables.map((table) => table.toArray()));
  return Object.fromEntries(tables.map((table, i) => [table.name, comparable((rows[i] ?? []).filter((row) => !isOrderIndexCache(table.name, row)))]));
}

/** What the order index and the aggregates answer: lists, a search, a deep page, counts, dashboards. */
async function orderAnswers(a: Api): Promise<unknown[]> {
  const paths = [
    '/api/orders?page=1',
    '/api/orders?page=3&status=pending',
    '/api/orders?search=an&sort=totalAmount&order=desc',
    '/api/orders/histories',
    '/api/orders/analytics',
    '/api/orders/ids?status=delivered',
    '/api/users?search=a&page=2',
    '/api/products?sort=price',
    '/api/dashboards/sales?period=year',
    '/api/dashboards/analytics?period=year',
    '/api/notifications',
  ];
  const answers: unknown[] = [];
  for (const path of paths) {
    const res = await a.call('GET', path);
    answers.push([path, res.status, res.body]);
  }
  return answers;
}

/** Makes every bulkAdd to this table fail as a full disk does (until the spy is restored). */
function failWritesTo(tableName: string) {
  const tablePrototype = Object.getPrototypeOf(api.db.tickets) as Table;
  const bulkAdd = tablePrototype.bulkAdd;
  return vi.spyOn(tablePrototype, 'bulkAdd').mockImplementation(function (this: Table, ...args: Parameters<Table['bulkAdd']>) {
    if (this.name === tableName) return Promise.reject(new DOMException('The quota was exceeded', 'QuotaExceededError'));
    return bulkAdd.apply(this, args);
  } as Table['bulkAdd']);
}

async function exportText(a: Api = api): Promise<string> {
  const res = await a.send('GET', '/api/backup');
  expect(res.status).toBe(200);
  return res.text();
}

async function post(path: string, body: string, a: Api = api): Promise<ApiAnswer> {
  const res = await a.send('POST', path, { body, headers: { 'content-type': 'application/json' } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** Makes data in every table the seed leaves empty: a file (used by a product), the trash, the activity log, a vote, settings. */
async function useEveryTable(a: Api = api): Promise<{ fileUrl: string }> {
  const upload = await a.upload(new Uint8Array(PNG), 'image/png');
  expect(upload.status).toBe(201);
  const fileUrl: string = upload.body.file.url;
  const product = await a.call('POST', '/api/products', newProductBody({ featureImage: fileUrl, images: [fileUrl, '/images/products/product-04.svg'] }));
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  expect((await a.call('DELETE', '/api/users?id=3')).status).toBe(200);
  expect((await a.call('POST', '/api/faqs/1/vote', { helpful: true })).status).toBe(200);
  expect((await a.call('PATCH', '/api/settings', { notifications: { orders: false, stock: true, reviews: true, security: true, newsletters: false, meetups: false } })).status).toBe(200);
  expect((await a.call('PATCH', '/api/orders?id=2', { status: 'return' })).status).toBe(200);
  return { fileUrl };
}

/** Changes in many tables, none of which a restore may leave behind. */
async function changeThings(a: Api = api): Promise<void> {
  expect((await a.call('DELETE', '/api/products?id=1')).status).toBe(200);
  expect((await a.call('PATCH', '/api/orders?id=5', { status: 'delivered' })).status).toBe(200);
  expect((await a.call('DELETE', '/api/orders?id=7')).status).toBe(200);
  expect((await a.call('POST', '/api/faqs/2/vote', { helpful: false })).status).toBe(200);
  expect((await a.upload(new Uint8Array(PNG), 'image/png')).status).toBe(201);
}

describe('GET /api/backup', () => {
  freezeClock();

  it('answers one dexie-export-import file of this account: every table but the derived figures, the files in base64', async () => {
    const { fileUrl } = await useEveryTable();
    const res = await api.send('GET', '/api/backup');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="shop-admin-admin@example.com-2027-01-15.json"');
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(new TextEncoder().encode(text).byteLength);
    const file = JSON.parse(text);
    expect(file.formatName).toBe('dexie');
    expect(file.formatVersion).toBe(1);
    expect(file.data.databaseName).toBe(api.db.name);
    expect(file.data.databaseVersion).toBe(LATEST_DB_VERSION);
    const names = api.db.tables.map((table) => table.name).filter((name) => !['derived', 'outbox', 'syncState', 'syncConflicts'].includes(name));
    expect(file.data.tables.map((t: { name: string }) => t.name).sort()).toEqual([...names].sort());
    for (const table of file.data.tables) expect(table.rowCount).toBe(await api.db.table(table.name).count());
    const files = file.data.data.find((t: { tableName: string }) => t.tableName === 'files');
    expect(files.rows).toHaveLength(1);
    expect(`/api/files/${files.rows[0].id}`).toBe(fileUrl);
    expect(files.rows[0].$types).toEqual({ bytes: 'arraybuffer' });
    expect(files.rows[0].bytes).toBe(Buffer.from(PNG).toString('base64'));
  });

  it('needs no body and changes nothing', async () => {
    const before = await dump(api.db);
    await exportText();
    expect(await dump(api.db)).toEqual(before);
  });
});

describe('POST /api/backup: a round trip restores every table exactly', () => {
  freezeClock();

  it('export → wipe every table → restore: every row back (the files’ bytes too), the indexes and dashboards answer as before', async () => {
    const { fileUrl } = await useEveryTable();
    const before = await dump(api.db);
    const answersBefore = await orderAnswers(api);
    const text = await exportText();

    await changeThings();
    await Promise.all(api.db.tables.map((table) => table.clear()));
    api.changes.length = 0;

    const res = await post('/api/backup', text);
    expect(res.status).toBe(200);
    expect(res.body.restored).toBe(true);
    expect(res.body.counts.orders).toBe(seedOrders.length);
    expect(res.body.counts.files).toBe(1);
    expect(await dump(api.db, { withDerived: false })).toEqual(await withoutDerived(before));
    expect(await orderAnswers(api)).toEqual(answersBefore);
    const image = await api.send('GET', fileUrl);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    // Open tabs are told that everything changed; a restore is not an entry of the (restored) log.
    expect(new Set(api.changes)).toEqual(new Set(['users', 'products', 'reviews', 'orders', 'invoices', 'files', 'courses', 'study-sessions', 'tasks', 'job-posts', 'candidates', 'applications', 'settings', 'tickets', 'faqs']));
    expect(await api.db.activity.toArray()).toEqual(before.activity);
  });

  it('after writes that warmed every in-memory index, a restore leaves none of them stale', async () => {
    const before = await dump(api.db, { withDerived: false });
    const answersBefore = await orderAnswers(api);
    const text = await exportText();
    await changeThings();
    // The indexes now know the changes (each list was read after them).
    expect(await orderAnswers(api)).not.toEqual(answersBefore);
    expect((await post('/api/backup', text)).status).toBe(200);
    expect(await dump(api.db, { withDerived: false })).toEqual(before);
    expect(await orderAnswers(api)).toEqual(answersBefore);
    // The derived figures equal a build from the restored rows: a restarted worker (a new store) answers the same.
    const restarted = apiOn(newAccountDb(factory));
    expect(await orderAnswers(restarted)).toEqual(answersBefore);
  });

  it('at 10,000 orders (bulk-inserted through the order store): every order back, the index answers as before', async () => {
    const templates = seedOrders.map(({ id: _id, ...order }) => order);
    const orders = Array.from({ length: 10_000 }, (_, i) => ({ ...structuredClone(templates[i % templates.length]!), invoiceId: `#IN${String(20_000 + i)}` }));
    await orderStore(api.db).insertMany(orders);
    await useEveryTable();
    const total = (await api.call('GET', '/api/orders')).body.meta.total;
    expect(total).toBe(seedOrders.length + 10_000 - 0);
    const before = await dump(api.db, { withDerived: false });
    const answersBefore = await orderAnswers(api);
    const deepPage = (await api.call('GET', '/api/orders?page=900')).body;
    const text = await exportText();

    expect((await post('/api/backup/reset', '')).status).toBe(200);
    expect((await api.call('GET', '/api/orders')).body.meta.total).toBe(seedOrders.length);

    const res = await post('/api/backup', text);
    expect(res.status).toBe(200);
    expect(res.body.counts.orders).toBe(total);
    expect(await dump(api.db, { withDerived: false })).toEqual(before);
    expect(await orderAnswers(api)).toEqual(answersBefore);
    expect((await api.call('GET', '/api/orders?page=900')).body).toEqual(deepPage);
  }, 120_000);
});

async function withoutDerived(full: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { derived: _derived, ...rest } = full;
  return rest;
}

describe('POST /api/backup: a file that is not a good backup of this account is refused, and nothing changes', () => {
  freezeClock();

  /** The exported file, changed by `edit`. */
  async function edited(edit: (file: { formatName: string; formatVersion: number; data: any }) => void): Promise<string> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const file = JSON.parse(await exportText());
    edit(file);
    return JSON.stringify(file);
  }
  const rowsOf = (file: { data: { data: Array<{ tableName: string; rows: any[] }> } }, table: string) => file.data.data.find((t) => t.tableName === table)!.rows; // eslint-disable-line @typescript-eslint/no-explicit-any
  const setCount = (file: { data: { tables: Array<{ name: string; rowCount: number }> } }, table: string, rowCount: number) => {
    file.data.tables.find((t) => t.name === table)!.rowCount = rowCount;
  };

  const cases: Array<[string, () => Promise<string>, number, RegExp]> = [
    ['an empty body', async () => '', 400, /not a Shop Admin backup: it is empty/],
    ['not JSON', async () => 'name,email\nAmelia,amelia@example.com', 400, /not valid JSON/],
    ['a file cut short', async () => (await exportText()).slice(0, 5_000), 400, /not valid JSON \(damaged, or cut short\)/],
    ['JSON that is not an export', async () => JSON.stringify({ users: [] }), 400, /^This file is not a Shop Admin backup$/],
    ['another format', async () => edited((f) => (f.formatName = 'other-tool')), 400, /^This file is not a Shop Admin backup$/],
    ['another format version', async () => edited((f) => (f.formatVersion = 2)), 400, /file format \(version 2\)/],
    ['another app’s database', async () => edited((f) => (f.data.databaseName = 'todo-app')), 400, /copy of another database \(todo-app\)/],
    ['another account’s backup', async () => edited((f) => (f.data.databaseName = 'shop-admin-someone-else')), 403, /belongs to another account/],
    ['another schema version', async () => edited((f) => (f.data.databaseVersion = LATEST_DB_VERSION - 1)), 400, new RegExp(`data version ${LATEST_DB_VERSION - 1}; this app's is ${LATEST_DB_VERSION}`)],
    ['a table missing', async () => edited((f) => {
      f.data.tables = f.data.tables.filter((t: { name: string }) => t.name !== 'invoices');
      f.data.data = f.data.data.filter((t: { tableName: string }) => t.tableName !== 'invoices');
    }), 400, /incomplete: it has no invoices/],
    ['an unknown table', async () => edited((f) => f.data.tables.push({ name: 'secrets', schema: 'id', rowCount: 0 })), 400, /tables this app does not have: secrets/],
    ['a table of another layout', async () => edited((f) => (f.data.tables.find((t: { name: string }) => t.name === 'users').schema = 'id')), 400, /users table is laid out differently/],
    ['rows missing from a table', async () => edited((f) => rowsOf(f, 'users').pop()), 400, /users should have \d+ rows and has \d+/],
    ['a user that fails its schema', async () => edited((f) => (rowsOf(f, 'users')[1].email = 'not-an-email')), 400, /Row 2 of users is not valid: email: Invalid email address/],
    ['an order that fails its schema (inside its block)', async () => edited((f) => {
      const block = rowsOf(f, 'orderBlocks')[0];
      const orders = JSON.parse(block.json);
      orders[0].status = 'lost';
      block.json = JSON.stringify(orders);
    }), 400, /Row 1 of orderBlocks is not valid: orders\.0\.status/],
    ['an order in the wrong block', async () => edited((f) => {
      const block = rowsOf(f, 'orderBlocks')[0];
      const orders = JSON.parse(block.json);
      orders[0].id = 150;
      block.json = JSON.stringify(orders);
    }), 400, /does not belong in block 0/],
    ['a row repeating a key', async () => edited((f) => {
      rowsOf(f, 'products').push(rowsOf(f, 'products')[0]);
      setCount(f, 'products', rowsOf(f, 'products').length);
    }), 400, /Row \d+ of products repeats the key 1/],
    ['a file whose bytes are not its image type', async () => edited((f) => (rowsOf(f, 'files')[0].bytes = Buffer.from('<html>').toString('base64'))), 400, /Row 1 of files is not valid: bytes/],
    ['a value of a type no table holds', async () => edited((f) => (rowsOf(f, 'files')[0].$types = { bytes: 'blob2' })), 400, /bytes holds a value of type blob2/],
    // Was a 500 with Object.prototype.toString gone: the revive followed `__proto__` to the prototype.
    ['a value to revive through __proto__', async () => edited((f) => (rowsOf(f, 'users')[0].$types = { '__proto__.toString': 'undef' })), 400, /\$types names __proto__\.toString, which it does not hold/],
    ['a trashed record that fails its schema', async () => edited((f) => (rowsOf(f, 'trash')[0].record.status = 'zombie')), 400, /Row 1 of trash is not valid: record\.status/],
    ['an id counter behind the orders', async () => edited((f) => (rowsOf(f, 'counters').find((c: { name: string }) => c.name === 'orders').nextId = 2)), 400, /order id counter \(2\) is behind its orders/],
  ];

  for (const [name, make, status, message] of cases) {
    it(`${name} → ${status}, nothing changed (POST /api/backup and /api/backup/check)`, async () => {
      await useEveryTable();
      const text = await make();
      await changeThings();
      const before = await dump(api.db);
      const answersBefore = await orderAnswers(api);
      api.changes.length = 0;
      for (const path of ['/api/backup/check', '/api/backup']) {
        const res = await post(path, text);
        expect(res.status, path).toBe(status);
        expect(res.body.message, path).toMatch(message);
      }
      expect(await dump(api.db)).toEqual(before);
      expect(await orderAnswers(api)).toEqual(answersBefore);
      expect(api.changes).toEqual([]);
    });
  }

  it('a write that fails half way (the device runs out of space) leaves everything as it was: 507, all or nothing', async () => {
    await useEveryTable();
    const text = await exportText();
    await changeThings();
    const before = await dump(api.db);
    const answersBefore = await orderAnswers(api);
    const failing = failWritesTo('tickets');
    const res = await post('/api/backup', text);
    failing.mockRestore();
    expect(res.status).toBe(507);
    expect(res.body.message).toMatch(/^This device is out of storage space, so nothing was saved\./);
    expect(await dump(api.db)).toEqual(before);
    expect(await orderAnswers(api)).toEqual(answersBefore);
  });
});

describe('POST /api/backup/check', () => {
  freezeClock();

  it('answers what the file holds and what the account holds now, and writes nothing', async () => {
    await useEveryTable();
    const text = await exportText();
    await changeThings();
    const before = await dump(api.db);
    const res = await post('/api/backup/check', text);
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(res.body.backup).toMatchObject({ orders: seedOrders.length, files: 1, faqVotes: 1, settings: 1, users: (await api.db.users.count()) });
    expect(res.body.current).toMatchObject({ orders: seedOrders.length - 1, files: 2, faqVotes: 2 });
    expect(await dump(api.db)).toEqual(before);
  });
});

describe('POST /api/backup/reset', () => {
  freezeClock();

  it('puts back the sample shop a new account starts with, all of it (the order index and dashboards answer as a new account’s)', async () => {
    const fresh = apiOn(newAccountDb());
    // The new account's database, opened (and seeded) at this moment.
    const freshDump = await dump(fresh.db);
    const freshAnswers = await orderAnswers(fresh);

    await useEveryTable();
    await changeThings();
    await orderAnswers(api);
    api.changes.length = 0;
    const res = await post('/api/backup/reset', '');
    expect(res.status).toBe(200);
    expect(res.body.reset).toBe(true);
    expect(res.body.counts).toMatchObject({ orders: seedOrders.length, files: 0, trash: 0, activity: 0, faqVotes: 0, settings: 0 });
    expect(await dump(api.db)).toEqual(freshDump);
    expect(await orderAnswers(api)).toEqual(freshAnswers);
    expect(api.changes).toContain('orders');
  });

  it('is all or nothing: a failure half way leaves the account as it was', async () => {
    await useEveryTable();
    const before = await dump(api.db);
    // Invoices are written after the users, products, reviews and order blocks.
    const failing = failWritesTo('invoices');
    const res = await post('/api/backup/reset', '');
    failing.mockRestore();
    expect(res.status).toBe(507);
    expect(await dump(api.db)).toEqual(before);
    expect((await api.call('GET', '/api/orders/histories')).status).toBe(200);
  });
});

describe('/api/backup methods', () => {
  it('answers 405 for other methods', async () => {
    expect((await api.call('DELETE', '/api/backup')).status).toBe(405);
    expect((await api.call('GET', '/api/backup/reset')).status).toBe(405);
    expect((await api.call('GET', '/api/backup/check')).status).toBe(405);
  });
});
