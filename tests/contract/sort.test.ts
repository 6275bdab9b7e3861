import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { compareSortValues, expectError, expectedMeta, freezeClock, matchesText, qs } from './support/helpers';
import type { User } from '../../domain/schema/user';
import type { Product } from '../../domain/schema/product';
import type { Order } from '../../domain/schema/order';
import type { Invoice } from '../../domain/schema/invoice';
import { ORDER_SORTS } from '../unit/support/random-orders';

// Issue 8 §1: sort, order and pageSize on the four lists, checked against a plain JS sort of
// every row (ties in list order: newest first, then the higher id).

type Value = string | number | null | undefined;
type Row = { id: number | string } & Record<string, unknown>;
type Call = [method: string, path: string, body?: unknown];

/** One list as the contract defines it, and how a test writes to it. */
interface ListCase<T extends Row> {
  resource: 'users' | 'products' | 'orders' | 'invoices';
  dateField: keyof T & string;
  /** Sort fields in the contract's order, each with the value it sorts by. */
  sorts: Record<string, (row: T) => Value>;
  dateSorts: readonly string[];
  searchFields: (row: T) => Value[];
  search: string;
  status: string;
  /** A create call that adds a copy of `row`. */
  create: (row: T) => Call;
  /** A call that gives `row` a new text value of the field `renamed` sorts by. */
  rename: (row: T, text: string) => Call;
  renamed: string;
}

let productCopies = 0;

const without = <T extends object>(row: T, ...keys: Array<keyof T>) => {
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
};

const users: ListCase<User & Row> = {
  resource: 'users',
  dateField: 'createAt',
  sorts: {
    createAt: (u) => u.createAt,
    name: (u) => u.name,
    email: (u) => u.email,
    role: (u) => u.role,
    address: (u) => u.address,
    phone: (u) => u.phone,
    status: (u) => u.status,
  },
  dateSorts: ['createAt'],
  searchFields: (u) => [u.name, u.email, u.address, u.phone],
  search: 'a',
  status: 'verified',
  create: (u) => ['POST', '/api/users', without(u, 'id', 'createAt')],
  rename: (u, name) => ['PUT', `/api/users?id=${u.id}`, { ...without(u, 'id', 'createAt'), name }],
  renamed: 'name',
};

const products: ListCase<Product & Row> = {
  resource: 'products',
  dateField: 'createdAt',
  sorts: {
    createdAt: (p) => p.createdAt,
    title: (p) => p.title,
    code: (p) => p.code,
    category: (p) => p.category,
    price: (p) => p.price,
    stock: (p) => p.stock,
    rating: (p) => p.rating,
    status: (p) => p.status,
  },
  dateSorts: ['createdAt'],
  searchFields: (p) => [p.title, p.category, p.code],
  search: 'e',
  status: 'published',
  // A product's code is unique: each copy gets its own (the ties are on the other sort fields).
  create: (p) => ['POST', '/api/products', { ...without(p, 'id', 'createdAt'), code: `${p.code}-COPY-${++productCopies}` }],
  rename: (p, title) => ['PUT', `/api/products?id=${p.id}`, { ...without(p, 'id', 'createdAt'), title }],
  renamed: 'title',
};

const orders: ListCase<Order & Row> = {
  resource: 'orders',
  dateField: 'createAt',
  sorts: ORDER_SORTS,
  dateSorts: ['createAt', 'deliveredAt'],
  searchFields: (o) => [o.invoiceId, o.customer.name],
  search: 'a',
  status: 'delivered',
  create: (o) => ['POST', '/api/orders/bulk', { orders: [without(o, 'id')] }],
  rename: (o, name) => ['PATCH', `/api/orders?id=${o.id}`, { customer: { ...o.customer, name } }],
  renamed: 'customer',
};

/** An invoice's create body: without the fields the server computes (id and sums). */
const invoiceBody = (i: Invoice) => ({
  ...without(i, 'id', 'subTotal', 'tax', 'totalAmount'),
  products: i.products.map((line) => without(line, 'total')),
});

const invoices: ListCase<Invoice & Row> = {
  resource: 'invoices',
  dateField: 'issueDate',
  sorts: {
    issueDate: (i) => i.issueDate,
    id: (i) => i.id,
    customer: (i) => i.customer.name,
    dueDate: (i) => i.dueDate,
    totalAmount: (i) => i.totalAmount,
    status: (i) => i.status,
  },
  dateSorts: ['issueDate', 'dueDate'],
  searchFields: (i) => [i.customer.name, i.billingAddress.address, i.id, i.dueDate, i.totalAmount],
  search: 'a',
  status: 'pending',
  create: (i) => ['POST', '/api/invoices', invoiceBody(i)],
  rename: (i, name) => ['PUT', `/api/invoices?id=${i.id}`, { ...invoiceBody(i), customer: { ...i.customer, name } }],
  renamed: 'customer',
};

const cases = [users, products, orders, invoices] as unknown as Array<ListCase<Row>>;

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

for (const list of cases) {
  const path = `/api/${list.resource}`;
  const fields = Object.keys(list.sorts);
  const defaultOrder = (field: string) => (list.dateSorts.includes(field) ? 'desc' : 'asc');

  /** List order: newest first, then the higher id. */
  const listOrder = (a: Row, b: Row) => {
    const [x, y] = [String(a[list.dateField]), String(b[list.dateField])];
    return x !== y ? (x < y ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  };

  /** Every row, in list order. */
  const allRows = async (): Promise<Row[]> => (await api.call('GET', `${path}?pageSize=1000`)).body[list.resource];

  /** The contract's answer: the matching rows sorted by the field (ties in list order). */
  async function reference(query: { sort: string; order: 'asc' | 'desc'; search?: string; status?: string }): Promise<Row[]> {
    const value = list.sorts[query.sort]!;
    return (await allRows())
      .filter((row) => query.status === undefined || row.status === query.status)
      .filter((row) => query.search === undefined || matchesText(query.search, list.searchFields(row)))
      .sort((a, b) => compareSortValues(value(a), value(b), query.order) || listOrder(a, b));
  }

  /** Every page of a query with this page size, checking each page's meta; the rows concatenated. */
  async function paged(params: Record<string, string>, pageSize: number): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const res = await api.call('GET', `${path}${qs({ ...params, page, pageSize })}`);
      expect(res.status).toBe(200);
      const got: Row[] = res.body[list.resource];
      expect(res.body.meta).toEqual(expectedMeta(page, res.body.meta.total, pageSize));
      rows.push(...got);
      if (page >= res.body.meta.totalPages) return rows;
    }
  }

  const ids = (rows: readonly Row[]) => rows.map((row) => row.id);

  describe(`GET ${path}: sort and order`, () => {
    freezeClock();

    it(`each field (${fields.join(', ')}), asc and desc, pages through the reference sort`, async () => {
      for (const sort of fields) {
        for (const order of ['asc', 'desc'] as const) {
          expect(ids(await paged({ sort, order }, 4)), `${sort} ${order}`).toEqual(ids(await reference({ sort, order })));
        }
      }
    });

    it(`order defaults to desc for a date field (${list.dateSorts.join(', ')}) and asc otherwise, and is case-insensitive`, async () => {
      expect(ids(await paged({}, 1000))).toEqual(ids(await reference({ sort: list.dateField, order: 'desc' })));
      for (const sort of fields) {
        const explicit = ids(await paged({ sort, order: defaultOrder(sort).toUpperCase() }, 1000));
        expect(ids(await paged({ sort }, 1000)), sort).toEqual(explicit);
        expect(ids(await paged({ sort, order: '' }, 1000)), sort).toEqual(explicit);
      }
    });

    it('ties keep list order: copies of one row (equal in every sort field) come newest first, then higher id first, both ways', async () => {
      const [original] = await allRows();
      for (let i = 0; i < 3; i++) {
        const [method, url, body] = list.create(original!);
        expect((await api.call(method, url, body)).status).toBe(201);
      }
      // Sort by a non-date field: the copies tie on it (and, created at the frozen NOW, on the date).
      const sort = fields.find((field) => !list.dateSorts.includes(field) && field !== 'id')!;
      for (const order of ['asc', 'desc'] as const) {
        const got = ids(await paged({ sort, order }, 5));
        expect(got, `${sort} ${order}`).toEqual(ids(await reference({ sort, order })));
        const tied = (await reference({ sort, order })).filter((row) => list.sorts[sort]!(row) === list.sorts[sort]!(original!));
        expect(tied.length).toBeGreaterThanOrEqual(4);
        expect(ids(tied)).toEqual(ids([...tied].sort(listOrder)));
      }
    });

    it('sort combines with search and status', async () => {
      for (const sort of fields) {
        for (const order of ['asc', 'desc'] as const) {
          const query = { sort, order, search: list.search, status: list.status };
          const expected = await reference(query);
          expect(expected.length, 'the query matches some rows').toBeGreaterThan(0);
          expect(ids(await paged(query, 3)), `${sort} ${order}`).toEqual(ids(expected));
        }
      }
    });

    it('a sorted list reflects each create, update and delete made after it', async () => {
      const sort = list.renamed;
      const check = async (when: string) => {
        for (const order of ['asc', 'desc'] as const) expect(ids(await paged({ sort, order }, 7)), `${when}, ${order}`).toEqual(ids(await reference({ sort, order })));
      };
      await check('before');
      const rows = await allRows();
      const [createMethod, createUrl, createBody] = list.create(rows[rows.length - 1]!);
      expect((await api.call(createMethod, createUrl, createBody)).status).toBe(201);
      await check('after a create');
      const [renameMethod, renameUrl, renameBody] = list.rename(rows[2]!, 'Zzz Last In Name Order');
      expect((await api.call(renameMethod, renameUrl, renameBody)).status).toBe(200);
      const renamed = await paged({ sort, order: 'asc' }, 1000);
      expect(renamed[renamed.length - 1]!.id, 'the renamed row sorts last').toBe(rows[2]!.id);
      await check('after an update');
      expect((await api.call('DELETE', `${path}?id=${renamed[0]!.id}`)).status).toBe(200);
      await check('after a delete');
    });
  });

  describe(`GET ${path}: pageSize`, () => {
    it('10, 25 and 50 rows per page; meta carries the page size', async () => {
      const all = await allRows();
      for (const pageSize of [10, 25, 50]) {
        const res = await api.call('GET', `${path}${qs({ pageSize, sort: fields[1]! })}`);
        expect(res.body.meta).toEqual(expectedMeta(1, all.length, pageSize));
        expect(ids(res.body[list.resource])).toEqual(ids((await reference({ sort: fields[1]!, order: 'asc' })).slice(0, pageSize)));
      }
    });

    it('a value that is not a whole number from 1 to 1000 falls back to 10', async () => {
      for (const pageSize of ['0', '-5', '1001', '2.5', 'ten', '']) {
        const res = await api.call('GET', `${path}${qs({ pageSize, page: 2 })}`);
        expect(res.status, pageSize).toBe(200);
        expect(res.body.meta, pageSize).toMatchObject({ page: 2, pageSize: 10, firstIndex: 10 });
      }
      expect((await api.call('GET', `${path}?pageSize=1000`)).body.meta.pageSize).toBe(1000);
    });
  });

  describe(`GET ${path}: bad sort or order`, () => {
    it('an unknown sort field is a 400 naming the allowed fields', async () => {
      for (const sort of ['nope', 'Name', 'constructor', 'id.name']) {
        if (fields.includes(sort)) continue;
        const res = await api.call('GET', `${path}${qs({ sort })}`);
        expectError(res, 400, `Invalid request: sort must be one of ${fields.join(', ')}`);
        expect(res.body.issues).toEqual([{ path: 'sort', message: `must be one of ${fields.join(', ')}` }]);
      }
    });

    it('an order other than asc or desc is a 400', async () => {
      for (const order of ['up', 'ascending', '1']) {
        const res = await api.call('GET', `${path}${qs({ sort: fields[1]!, order })}`);
        expectError(res, 400, 'Invalid request: order must be asc or desc');
        expect(res.body.issues).toEqual([{ path: 'order', message: 'must be asc or desc' }]);
      }
    });
  });
}

describe('GET /api/users/ids', () => {
  freezeClock();

  it('answers every matching id in list order: the pages of the same query, concatenated', async () => {
    const queries: Array<Record<string, string>> = [{}, { sort: 'name' }, { sort: 'email', order: 'desc' }, { search: 'a', status: 'verified', sort: 'role' }, { search: 'no such user' }];
    for (const query of queries) {
      const res = await api.call('GET', `/api/users/ids${qs(query)}`);
      expect(res.status).toBe(200);
      const pages: number[] = [];
      for (let page = 1; ; page++) {
        const list = (await api.call('GET', `/api/users${qs({ ...query, page, pageSize: 3 })}`)).body;
        pages.push(...list.users.map((u: User) => u.id));
        if (page >= list.meta.totalPages) break;
      }
      expect(res.body, JSON.stringify(query)).toEqual({ ids: pages, total: pages.length });
    }
  });

  it('reflects writes, and rejects a bad sort or status as the list does', async () => {
    const before = (await api.call('GET', '/api/users/ids?sort=name')).body;
    const [method, url, body] = users.create({ ...(await api.call('GET', '/api/users?id=1')).body.user, name: 'Aaron First' });
    const created = (await api.call(method, url, body)).body.user;
    expect((await api.call('GET', '/api/users/ids?sort=name')).body).toEqual({ ids: [created.id, ...before.ids], total: before.total + 1 });
    expectError(await api.call('GET', '/api/users/ids?sort=price'), 400, /^Invalid request: sort must be one of createAt, name/);
    expectError(await api.call('GET', '/api/users/ids?status=bogus'), 400, /^Invalid request/);
  });
});
