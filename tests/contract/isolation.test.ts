import { describe, expect, it } from 'vitest';
import { AccountDatabases } from '../../sw/api/session';
import { createAccountsApi, emulatorToken, isOrderIndexCache } from './support/harness';
import { newProductBody } from './support/helpers';

/*
 * Two accounts on one device (issue #14, "Nobody where they don't belong"): each signed-in
 * account has its own database, chosen by its token, so account B can neither read, change nor
 * delete what account A made (404, as an id that does not exist), A's list never shows B's
 * records nor B's A's, and A's whole database is unchanged by anything B does. Files too,
 * by guessed id, and the settings, notifications and activity derived per account.
 */

const alice = emulatorToken('alice');
const bob = emulatorToken('bob');
/** A word only the records made here contain, to find them in any answer. */
const ALICE_MARK = 'Alicemark';
const BOB_MARK = 'Bobmark';

type Accounts = ReturnType<typeof createAccountsApi>;
type Id = number | string;

/** Every table of the account's database (not the index's cache), in key order: compared whole before and after. */
async function dump(accounts: Accounts, uid: string) {
  const db = accounts.databases.get(uid);
  const tables = await Promise.all(db.tables.map(async (table) => [table.name, (await table.toArray()).filter((row) => !isOrderIndexCache(table.name, row))] as const));
  return Object.fromEntries(tables);
}

interface RecordCase {
  resource: string;
  /** Makes a record whose text holds `mark` and answers its id. */
  create: (accounts: Accounts, token: string, mark: string) => Promise<Id>;
  /** The path of one record (GET, the update, DELETE). */
  item: (id: Id) => string;
  /** The resource's update: a valid body, so only the account decides the answer. */
  update: { method: 'PUT' | 'PATCH'; body: (mark: string) => unknown };
  /** A list in which a just-made record shows (newest first, or searched by its mark). */
  list: (mark: string) => string;
  /** A bulk write addressing records by id, if the resource has one. */
  bulk?: (id: Id) => { path: string; body: unknown };
  /**
   * How a read of an unknown id answers: 404, or (products and orders, as SPEC's contract has
   * it) 200 with the record `false`; reviews have no read by id (their lists are checked).
   */
  unknownRead?: 'false' | 'no read by id';
}

/** The record in a one-record answer (`{ user: {…} }`). */
const recordOf = (body: Record<string, unknown>) => Object.values(body)[0];
/** The rows of a list answer (`{ users: […], meta }`). */
const rowsOf = (body: Record<string, unknown>) => Object.values(body).find(Array.isArray) as unknown[];

/** POSTs `body` to `path` as `token` and answers the id of the record in the answer's `field`. */
async function created(accounts: Accounts, token: string, path: string, body: unknown, field: string): Promise<Id> {
  const answer = await accounts.call('POST', path, token, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body[field].id as Id;
}

const userBody = (mark: string) => ({ name: `Ada ${mark}`, email: `${mark.toLowerCase()}@example.com`, role: 'Staff', status: 'verified', address: '1 Main St', phone: '+1 555 0100' });
const productBody = (mark: string) => newProductBody({ title: `Lamp ${mark}`, code: `SKU-${mark.toUpperCase()}` });
const invoiceBody = (mark: string) => ({
  issueDate: '2099-01-10T09:00:00.000Z',
  dueDate: '2099-02-14T12:00:00.000Z',
  status: 'pending',
  billingAddress: { email: 'tereza.novak@example.com', phone: '+420 601 555 012', address: 'Národní 10, Praha, Czechia' },
  payment: { paymentMethod: 'Visa Card', cardHolder: 'Tereza Novak', cardNo: '**** 1234' },
  customer: { id: 3, name: `Tereza ${mark}`, image: '/images/avatars/avatar-03.svg' },
  products: [{ id: null, title: `Gift wrapping ${mark}`, quantity: 2, price: 35.5, discount: 25 }],
  shippingCharge: 12.5,
  taxPercent: 7.25,
});
const orderBody = (mark: string) => ({
  invoiceId: '#IN9999',
  createAt: '2099-01-01T10:00:00.000Z',
  deliveredAt: null,
  customer: { id: 2, name: `Customer ${mark}`, email: 'customer@example.com', phone: '+1 555 0199' },
  billing: '1 Bulk Street',
  shipping: '1 Bulk Street',
  status: 'new',
  payment: { id: 1, paymentMethod: 'Paypal', cardNumber: '**** **** **** 4242' },
  items: [{ id: 1, name: `Widget ${mark}`, image: '/images/products/1.svg', price: 12.5, quantity: 1 }],
  taxAmount: 1.25,
  discountAmount: 0,
  shippingChargeAmount: 5,
});
const ticketBody = (mark: string) => ({ firstName: 'Bo', lastName: mark, email: 'bo@example.com', category: 'technical', subject: `Help ${mark}`, message: 'Where is my order?' });

/** A collection of the learning and hiring records (`/api/<plural>`, `?id=`). */
function collection(plural: string, singular: string, body: (mark: string) => Record<string, unknown>, patch: (mark: string) => unknown): RecordCase {
  return {
    resource: plural,
    create: (accounts, token, mark) => created(accounts, token, `/api/${plural}`, body(mark), singular),
    item: (id) => `/api/${plural}?id=${id}`,
    update: { method: 'PATCH', body: patch },
    list: () => `/api/${plural}?pageSize=100`,
  };
}

const cases: RecordCase[] = [
  {
    resource: 'users',
    create: (accounts, token, mark) => created(accounts, token, '/api/users', userBody(mark), 'user'),
    item: (id) => `/api/users?id=${id}`,
    update: { method: 'PUT', body: userBody },
    list: (mark) => `/api/users?search=${mark}`,
    bulk: (id) => ({ path: '/api/users/bulk-delete', body: { ids: [id] } }),
  },
  {
    resource: 'products',
    create: (accounts, token, mark) => created(accounts, token, '/api/products', productBody(mark), 'product'),
    item: (id) => `/api/products?id=${id}`,
    update: { method: 'PUT', body: productBody },
    list: (mark) => `/api/products?search=${mark}`,
    bulk: (id) => ({ path: '/api/products/bulk-status', body: { ids: [id], status: 'published' } }),
    unknownRead: 'false',
  },
  {
    resource: 'reviews',
    create: (accounts, token, mark) => created(accounts, token, '/api/reviews', { productId: 1, rating: 5, review: `Great ${mark}` }, 'review'),
    item: (id) => `/api/reviews?id=${id}`,
    update: { method: 'PATCH', body: () => ({ vote: 'like' }) },
    list: () => '/api/reviews?productId=1&pageSize=100',
    unknownRead: 'no read by id',
  },
  {
    resource: 'orders',
    create: async (accounts, token, mark) => {
      const answer = await accounts.call('POST', '/api/orders/bulk', token, { orders: [orderBody(mark)] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.firstId as number;
    },
    item: (id) => `/api/orders?id=${id}`,
    update: { method: 'PATCH', body: () => ({ status: 'shipping' }) },
    list: (mark) => `/api/orders?search=${mark}`,
    bulk: (id) => ({ path: '/api/orders/bulk-delete', body: { ids: [id] } }),
    unknownRead: 'false',
  },
  {
    resource: 'invoices',
    create: (accounts, token, mark) => created(accounts, token, '/api/invoices', invoiceBody(mark), 'invoice'),
    item: (id) => `/api/invoices?id=${id}`,
    update: { method: 'PUT', body: invoiceBody },
    list: () => '/api/invoices',
    bulk: (id) => ({ path: '/api/invoices/bulk-status', body: { ids: [id], status: 'paid' } }),
  },
  {
    resource: 'tickets',
    create: (accounts, token, mark) => created(accounts, token, '/api/tickets', ticketBody(mark), 'ticket'),
    item: (id) => `/api/tickets/${id}`,
    update: { method: 'PATCH', body: () => ({ status: 'closed' }) },
    list: () => '/api/tickets',
    bulk: (id) => ({ path: '/api/tickets/bulk-delete', body: { ids: [id] } }),
  },
  collection('courses', 'course', (mark) => ({ title: `Course ${mark}`, category: 'Ops', lessonsTotal: 12, lessonsDone: 4 }), () => ({ lessonsDone: 11 })),
  collection('study-sessions', 'studySession', (mark) => ({ courseId: 3, startedAt: '2099-01-01T10:00:00.000Z', minutes: mark === ALICE_MARK ? 31 : 32 }), () => ({ minutes: 99 })),
  collection('tasks', 'task', (mark) => ({ title: `Task ${mark}`, courseId: null, dueAt: '2099-01-01T10:00:00.000Z', done: false }), () => ({ done: true })),
  collection('job-posts', 'jobPost', (mark) => ({ title: `Post ${mark}`, department: 'Media', location: 'Remote', status: 'open' }), () => ({ status: 'closed' })),
  collection('candidates', 'candidate', (mark) => ({ name: `Candidate ${mark}`, gender: 'male', email: 'candidate@example.com' }), (mark) => ({ name: `Renamed ${mark}` })),
  collection('applications', 'application', (mark) => ({ jobPostId: 8, candidateId: mark === ALICE_MARK ? 1 : 2, stage: 'shortlisted' }), () => ({ stage: 'hired' })),
];

describe('two accounts on one device: records', () => {
  it.each(cases.map((c) => [c.resource, c] as const))('%s: the other account can neither read, change nor delete them; lists are disjoint; nothing of A changes', async (_resource, c) => {
    const accounts = createAccountsApi();
    const id = await c.create(accounts, alice, ALICE_MARK);
    /** The record as `token`'s account reads it: by id, or from the list. */
    const read = async (token: string, recordId: Id, mark: string) => {
      if (c.unknownRead === 'no read by id') {
        const rows = rowsOf((await accounts.call('GET', c.list(mark), token)).body) as Array<{ id: Id }>;
        return rows.find((row) => row.id === recordId);
      }
      const answer = await accounts.call('GET', c.item(recordId), token);
      if (c.unknownRead === 'false' && recordOf(answer.body) === false) return undefined;
      return answer.status === 404 ? undefined : recordOf(answer.body);
    };
    const alicesRecord = await read(alice, id, ALICE_MARK);
    expect(alicesRecord).toMatchObject({ id });
    // Bob's database exists (seeded) before he tries.
    expect((await accounts.call('GET', c.list(ALICE_MARK), bob)).status).toBe(200);
    const before = await dump(accounts, 'alice');

    // Bob addresses Alice's new record by its id: it does not exist for him.
    if (c.unknownRead !== 'no read by id') {
      const answer = await accounts.call('GET', c.item(id), bob);
      if (c.unknownRead === 'false') expect(answer).toMatchObject({ status: 200, body: { [c.resource.slice(0, -1)]: false } });
      else expect(answer.status).toBe(404);
    }
    expect(await read(bob, id, ALICE_MARK)).toBeUndefined();
    expect((await accounts.call(c.update.method, c.item(id), bob, c.update.body(BOB_MARK))).status).toBe(404);
    expect((await accounts.call('DELETE', c.item(id), bob)).status).toBe(404);
    if (c.bulk) {
      const { path, body } = c.bulk(id);
      const answer = await accounts.call('POST', path, bob, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }

    // Bob makes his own (often the same id in his own database) and changes a sample record of his.
    const bobsId = await c.create(accounts, bob, BOB_MARK);
    const sample = c.resource === 'invoices' ? 'INV-002' : 2;
    expect((await accounts.call('DELETE', c.item(sample), bob)).status).toBe(200);

    // Lists: each account sees its own record and never the other's.
    const bobsRecord = await read(bob, bobsId, BOB_MARK);
    expect(bobsRecord).toMatchObject({ id: bobsId });
    const alicesRows = rowsOf((await accounts.call('GET', c.list(ALICE_MARK), alice)).body);
    const bobsRows = rowsOf((await accounts.call('GET', c.list(BOB_MARK), bob)).body);
    expect(alicesRows).toContainEqual(alicesRecord);
    expect(alicesRows).not.toContainEqual(bobsRecord);
    expect(bobsRows).toContainEqual(bobsRecord);
    expect(bobsRows).not.toContainEqual(alicesRecord);

    // Alice's whole database is as it was, her record and sample record included.
    expect(await dump(accounts, 'alice')).toEqual(before);
    expect(await read(alice, id, ALICE_MARK)).toEqual(alicesRecord);
    expect(await read(alice, sample, ALICE_MARK)).toMatchObject({ id: sample });
  });
});

describe('two accounts on one device: files, settings, notifications, activity', () => {
  const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

  it("files: every id Bob guesses is 404 (no token, in his tab, or with his token); he cannot delete Alice's or use one as his photo", async () => {
    const accounts = createAccountsApi();
    const upload = await accounts.send('POST', '/api/files', { token: alice, clientId: 'alices-tab', body: png(), contentType: 'image/png' });
    expect(upload.status).toBe(201);
    const { url } = ((await upload.json()) as { file: { url: string } }).file;
    const aliceId = url.split('/').pop()!;
    expect((await accounts.send('GET', url, { token: alice })).status).toBe(200);
    expect((await accounts.send('GET', '/api/users', { token: bob, clientId: 'bobs-tab' })).status).toBe(200);
    const before = await dump(accounts, 'alice');

    // Guessed ids: Alice's own, and the ones around it as a guesser would try.
    const guesses = [aliceId, '0b5c6f58-3b1e-4d5e-9f0a-1c2d3e4f5a6b', '1', '0', '-1', 'a', aliceId.slice(0, -1), `${aliceId}0`, aliceId.toUpperCase()];
    for (const guess of guesses) {
      const asBob = await accounts.send('GET', `/api/files/${encodeURIComponent(guess)}`, { token: bob });
      expect([400, 404], `GET /api/files/${guess} as Bob`).toContain(asBob.status);
      const inBobsTab = await accounts.send('GET', `/api/files/${encodeURIComponent(guess)}`, { clientId: 'bobs-tab' });
      expect([400, 404], `GET /api/files/${guess} in Bob's tab`).toContain(inBobsTab.status);
    }
    expect((await accounts.send('DELETE', url, { token: bob })).status).toBe(404);
    const photo = await accounts.call('PATCH', '/api/settings', bob, { profile: { ...(await accounts.call('GET', '/api/settings', bob)).body.settings.profile, photoURL: url } });
    expect(photo.status).toBe(400);

    expect(await dump(accounts, 'alice')).toEqual(before);
    expect((await accounts.send('GET', url, { token: alice })).status).toBe(200);
  });

  it("settings: each account reads and changes only its own", async () => {
    const accounts = createAccountsApi();
    const alicesSettings = (await accounts.call('GET', '/api/settings', alice)).body.settings;
    const bobsSettings = (await accounts.call('GET', '/api/settings', bob)).body.settings;
    expect(bobsSettings.plan.plan).not.toBe('premium');
    const before = await dump(accounts, 'alice');

    const changed = await accounts.call('PATCH', '/api/settings', bob, { plan: { plan: 'premium' }, notifications: { ...bobsSettings.notifications, orders: !bobsSettings.notifications.orders } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.settings.plan.plan).toBe('premium');

    expect(await dump(accounts, 'alice')).toEqual(before);
    expect((await accounts.call('GET', '/api/settings', alice)).body.settings).toEqual(alicesSettings);
  });

  it("notifications and activity: Alice's writes show in hers, never in Bob's", async () => {
    const accounts = createAccountsApi();
    await created(accounts, alice, '/api/reviews', { productId: 1, rating: 4, review: `Fine ${ALICE_MARK}` }, 'review');
    await created(accounts, alice, '/api/users', userBody(ALICE_MARK), 'user');

    const alicesNotifications = (await accounts.call('GET', '/api/notifications?limit=50', alice)).body.notifications as unknown[];
    const bobsNotifications = (await accounts.call('GET', '/api/notifications?limit=50', bob)).body.notifications as unknown[];
    expect(JSON.stringify(alicesNotifications)).toContain(ALICE_MARK);
    expect(JSON.stringify(bobsNotifications)).not.toContain(ALICE_MARK);

    const alicesActivity = (await accounts.call('GET', '/api/activity?limit=100', alice)).body.activity as unknown[];
    const bobsActivity = (await accounts.call('GET', '/api/activity?limit=100', bob)).body.activity as unknown[];
    expect(alicesActivity).toHaveLength(2);
    expect(JSON.stringify(alicesActivity)).toContain(ALICE_MARK);
    expect(bobsActivity).toEqual([]);
  });
});

describe('removing an account’s data from the device (sign-out with "remove this account\'s data")', () => {
  it("deletes its database, records and files, and leaves the other account's", async () => {
    const accounts = createAccountsApi();
    const upload = async (token: string) => {
      const answer = await accounts.send('POST', '/api/files', { token, body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), contentType: 'image/png' });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { file: { url: string } }).file.url;
    };
    const alicesFile = await upload(alice);
    const bobsFile = await upload(bob);
    await created(accounts, alice, '/api/users', userBody(ALICE_MARK), 'user');
    await created(accounts, bob, '/api/users', userBody(BOB_MARK), 'user');
    const bobsBefore = await dump(accounts, 'bob');

    expect(await accounts.call('DELETE', '/api/session/data', alice)).toMatchObject({ status: 200, body: { removed: true } });
    const names = (await accounts.indexedDB.databases()).map((db) => db.name);
    expect(names).not.toContain(AccountDatabases.nameFor('alice'));
    expect(names).toContain(AccountDatabases.nameFor('bob'));

    // On next use Alice starts afresh: the sample data, no file, no user of hers.
    expect((await accounts.send('GET', alicesFile, { token: alice })).status).toBe(404);
    expect((await accounts.call('GET', `/api/users?search=${ALICE_MARK}`, alice)).body.meta.total).toBe(0);
    expect(await dump(accounts, 'bob')).toEqual(bobsBefore);
    expect((await accounts.send('GET', bobsFile, { token: bob })).status).toBe(200);
  });
});

