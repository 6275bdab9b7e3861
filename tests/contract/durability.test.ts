import { beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';
import { ShopDb } from '../../sw/api/storage/db';
import { OUT_OF_SPACE, WRITE_INTERRUPTED, handleApiRequest } from '../../sw/api/router';
import { TEST_CALLER } from './support/harness';
import { newProductBody } from './support/helpers';

/**
 * Nothing lost when a write fails (issue #14): IndexedDB refuses a write part-way through,
 * as it does when the device is out of space or the transaction is aborted, and afterwards
 * the store is exactly as before (a full dump of every table, and what the API lists and
 * finds, in-memory indexes included), the answer says what happened, and the same write
 * then succeeds once.
 *
 * The fault comes from a Dexie middleware below everything else (right above IndexedDB),
 * installed by this test only: no hook exists in the app for it. It lets the n-th write
 * request of the call land (half of its rows, when it writes several) and then fails it,
 * for every n until the call writes nothing more, so every cut point of every write is met.
 */

type FaultKind =
  /** The request fails with QuotaExceededError (Firefox and Safari report quota this way). */
  | 'quota'
  /** The transaction aborts with QuotaExceededError as its error (Chromium, at commit). */
  | 'quota-abort'
  /** The transaction is aborted (a crash of the storage, a closed connection). */
  | 'abort';

interface FaultPlan {
  /** Counts write requests only while armed; fails the one numbered `at`. */
  armed: boolean;
  at: number;
  seen: number;
  fired: boolean;
  kind: FaultKind;
}

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** What IndexedDB does to the transaction when the fault hits (the request answers once it has). */
function fail(trans: DBCoreTransaction, kind: FaultKind): Promise<never> {
  if (kind === 'quota') return Promise.reject(quotaError());
  const idbTransaction = trans as unknown as IDBTransaction;
  // The transaction's error, as the browser sets it before firing `abort`.
  if (kind === 'quota-abort') Object.defineProperty(idbTransaction, 'error', { value: quotaError(), configurable: true });
  // The request in flight fails once the transaction has aborted (Dexie hears of the abort first).
  const failed = new Promise<never>((_, reject) =>
    idbTransaction.addEventListener('abort', () => reject(idbTransaction.error ?? new DOMException('The transaction was aborted.', 'AbortError'))),
  );
  idbTransaction.abort();
  return failed;
}

/**
 * The part of a write request that lands before the fault. A request of several rows is one
 * IndexedDB request per row: the first half land, then one fails. A request of one row fails
 * whole (it writes nothing) unless the transaction aborts after it, which undoes it anyway.
 */
function landedPart(req: DBCoreMutateRequest, kind: FaultKind): DBCoreMutateRequest | undefined {
  const rows = req.type === 'add' || req.type === 'put' ? req.values.length : req.type === 'delete' ? req.keys.length : 1;
  if (rows < 2) return kind === 'quota' ? undefined : req;
  const half = Math.ceil(rows / 2);
  if (req.type === 'add' || req.type === 'put') {
    return { ...req, values: req.values.slice(0, half), ...(req.keys ? { keys: req.keys.slice(0, half) } : {}) } as DBCoreMutateRequest;
  }
  if (req.type === 'delete') return { ...req, keys: req.keys.slice(0, half) };
  return undefined;
}

function faultMiddleware(plan: FaultPlan): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'DurabilityFault',
    // Below the app's own middleware (user-countries.ts, level -2): its writes are cut points too.
    level: -3,
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            async mutate(req) {
              // The activity log's entry is written after the write has committed, in a transaction
              // of its own whose failure does not undo the write (router.ts): not a cut point.
              if (!plan.armed || name === 'activity' || (req.trans as unknown as IDBTransaction).mode === 'versionchange') return table.mutate(req);
              plan.seen++;
              if (plan.seen !== plan.at) return table.mutate(req);
              plan.fired = true;
              const landed = landedPart(req, plan.kind);
              if (landed) await table.mutate(landed);
              return fail(req.trans, plan.kind);
            },
          };
        },
      };
    },
  };
}

let db: ShopDb;
let plan: FaultPlan;

beforeEach(() => {
  db = new ShopDb('shop-admin-durability', { indexedDB: new IDBFactory(), IDBKeyRange });
  plan = { armed: false, at: 0, seen: 0, fired: false, kind: 'quota' };
  db.use(faultMiddleware(plan));
});

async function call(method: string, path: string, body?: unknown) {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const response = await handleApiRequest(new Request(`http://localhost${path}`, init), db, {}, TEST_CALLER);
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** Every row of every table, by table. */
async function dump(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of db.tables) tables[table.name] = await table.toArray();
  return tables;
}

const rowCount = (tables: Record<string, unknown[]>) => Object.values(tables).reduce((sum, rows) => sum + rows.length, 0);

/** What the API answers about a resource: its list total and the matches of a search (through the in-memory indexes). */
async function seen(list: string, search: string): Promise<{ total: number; found: number }> {
  const total = (await call('GET', list)).body.meta.total as number;
  const found = (await call('GET', `${list}?search=${encodeURIComponent(search)}`)).body.meta.total as number;
  return { total, found };
}

const invoiceBody = () => ({
  issueDate: '2027-01-10T09:00:00.000Z',
  dueDate: '2027-02-14T12:00:00.000Z',
  status: 'pending',
  billingAddress: { email: 'faulty.invoice@example.com', phone: '+420 601 555 012', address: 'Národní 10, Praha, Czechia' },
  payment: { paymentMethod: 'Visa Card', cardHolder: 'Quota Quentin', cardNo: '**** 1234' },
  customer: { id: 3, name: 'Quota Quentin', image: '/images/avatars/avatar-03.svg' },
  products: [{ id: 1, title: 'Classic Denim Jacket', quantity: 3, price: 19.99, discount: 10 }],
  shippingCharge: 12.5,
  taxPercent: 7.25,
});

const userBody = (n: number) => ({
  name: `Quota Quentin ${n}`,
  email: `quota.quentin.${n}@example.com`,
  role: 'Buyer',
  status: 'waiting',
  address: 'Czechia',
  phone: `+420 601 555 ${String(100 + n).padStart(3, '0')}`,
});

const orderBody = (n: number) => ({
  invoiceId: `#IN${String(7000 + n).padStart(4, '0')}`,
  createAt: new Date(Date.UTC(2027, 0, 1 + (n % 28), n % 24)).toISOString(),
  deliveredAt: null,
  customer: { id: 2, name: `Quota Customer ${n}`, email: `quota${n}@example.com`, phone: '+1 555 0199' },
  billing: '1 Quota Street',
  shipping: '1 Quota Street',
  status: 'new',
  payment: { id: 1, paymentMethod: 'Paypal', cardNumber: '**** **** **** 4242' },
  items: [{ id: 1, name: 'Widget', image: '/images/products/1.svg', price: 12.5, quantity: 1 }],
  taxAmount: 1.25,
  discountAmount: 0,
  shippingChargeAmount: 5,
});

const ticketBody = () => ({
  firstName: 'Quota',
  lastName: 'Quentin',
  email: 'quota.ticket@example.com',
  productId: 4,
  category: 'products',
  subject: 'Quota ticket',
  message: 'Written while the device ran out of space.',
});

interface Write {
  name: string;
  method: string;
  path: string;
  body: () => unknown;
  /** The list the write changes, a search that finds what it adds, and how the list total changes. */
  list: string;
  search: string;
  added: number;
}

const BULK_ORDERS = 250; // three blocks of orders: the cut lands between them
const BULK_ROWS = 40;

const writes: Write[] = [
  { name: 'create a user', method: 'POST', path: '/api/users', body: () => userBody(0), list: '/api/users', search: 'Quota Quentin', added: 1 },
  {
    name: 'create a product',
    method: 'POST',
    path: '/api/products',
    body: () => newProductBody({ title: 'Quota Lamp', code: 'SKU-QUOTA' }),
    list: '/api/products',
    search: 'Quota Lamp',
    added: 1,
  },
  { name: 'create an invoice', method: 'POST', path: '/api/invoices', body: invoiceBody, list: '/api/invoices', search: 'Quota Quentin', added: 1 },
  { name: 'open a ticket', method: 'POST', path: '/api/tickets', body: ticketBody, list: '/api/tickets', search: 'Quota ticket', added: 1 },
  {
    name: `import ${BULK_ORDERS} orders (bulk)`,
    method: 'POST',
    path: '/api/orders/bulk',
    body: () => ({ orders: Array.from({ length: BULK_ORDERS }, (_, i) => orderBody(i)) }),
    list: '/api/orders',
    search: 'Quota Customer',
    added: BULK_ORDERS,
  },
  {
    name: `import ${BULK_ROWS} users (CSV import's bulk call)`,
    method: 'POST',
    path: '/api/users/bulk',
    body: () => ({ users: Array.from({ length: BULK_ROWS }, (_, i) => userBody(i)) }),
    list: '/api/users',
    search: 'Quota Quentin',
    added: BULK_ROWS,
  },
  {
    name: `import ${BULK_ROWS} products (bulk)`,
    method: 'POST',
    path: '/api/products/bulk',
    body: () => ({ products: Array.from({ length: BULK_ROWS }, (_, i) => newProductBody({ title: `Quota Lamp ${i}`, code: `SKU-QUOTA-${i}` })) }),
    list: '/api/products',
    search: 'Quota Lamp',
    added: BULK_ROWS,
  },
];

const expectedAnswer: Record<FaultKind, { status: number; message: string; code: string }> = {
  quota: { status: 507, message: OUT_OF_SPACE, code: 'outOfSpace' },
  'quota-abort': { status: 507, message: OUT_OF_SPACE, code: 'outOfSpace' },
  abort: { status: 503, message: WRITE_INTERRUPTED, code: 'writeInterrupted' },
};

describe('a write that fails part-way leaves nothing of it', () => {
  for (const write of writes) {
    for (const kind of ['quota', 'quota-abort', 'abort'] as const) {
      it(`${write.name}: ${kind} at every write request → ${expectedAnswer[kind].status}, store unchanged; then it succeeds once`, async () => {
        // Warm the in-memory indexes (list order and search) so a phantom row in them would show.
        const before = await seen(write.list, write.search);
        expect(before.found).toBe(0);
        const stored = await dump();

        let cutPoints = 0;
        for (let at = 1; ; at++) {
          Object.assign(plan, { armed: true, at, seen: 0, fired: false, kind });
          const answer = await call(write.method, write.path, write.body());
          plan.armed = false;
          if (!plan.fired) {
            // Past the write's last request: it went through, once.
            expect(answer.status).toBe(201);
            break;
          }
          cutPoints++;
          expect(answer, `fault at write request ${at}`).toEqual({ status: expectedAnswer[kind].status, body: { message: expectedAnswer[kind].message, code: expectedAnswer[kind].code } });
          const afterFault = await dump();
          for (const table of Object.keys(stored)) expect(afterFault[table], `${table} after a fault at write request ${at}`).toEqual(stored[table]);
          expect(await seen(write.list, write.search), `fault at write request ${at}`).toEqual(before);
        }
        expect(cutPoints).toBeGreaterThan(0);

        const after = await seen(write.list, write.search);
        expect(after).toEqual({ total: before.total + write.added, found: write.added });
        // Rows lost: 0. Every row stored before is still there, unchanged, in tables the write does not own.
        const now = await dump();
        expect(rowCount(now)).toBeGreaterThan(rowCount(stored));
      });
    }
  }
});

describe('a failed update or delete changes nothing', () => {
  const changes: Array<{ name: string; method: string; path: string; body?: () => Promise<unknown> }> = [
    { name: 'rename a user', method: 'PUT', path: '/api/users', body: async () => ({ ...(await call('GET', '/api/users?id=1')).body.user, name: 'Renamed Quentin' }) },
    { name: 'delete a product (to the trash, with its reviews)', method: 'DELETE', path: '/api/products?id=1' },
    { name: 'change an order status', method: 'PATCH', path: '/api/orders?id=1', body: async () => ({ status: 'return' }) },
    { name: 'delete users in bulk', method: 'POST', path: '/api/users/bulk-delete', body: async () => ({ ids: [1, 2, 3, 4] }) },
  ];
  for (const change of changes) {
    it(`${change.name}: a quota fault at every write request leaves the store as it was`, async () => {
      const stored = await dump();
      let cutPoints = 0;
      for (let at = 1; ; at++) {
        const body = change.body ? await change.body() : undefined;
        Object.assign(plan, { armed: true, at, seen: 0, fired: false, kind: 'quota-abort' });
        const answer = await call(change.method, change.path, body);
        plan.armed = false;
        if (!plan.fired) {
          expect(answer.status).toBe(200);
          break;
        }
        cutPoints++;
        expect(answer).toEqual({ status: 507, body: { message: OUT_OF_SPACE, code: 'outOfSpace' } });
        expect(await dump()).toEqual(stored);
      }
      expect(cutPoints).toBeGreaterThan(0);
      expect(await dump()).not.toEqual(stored);
    });
  }
});
