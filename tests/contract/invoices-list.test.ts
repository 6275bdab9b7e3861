import { describe, it, expect } from 'vitest';
import { seedInvoices } from '../../seed/invoices';
import type { Invoice } from '../../domain/schema/invoice';
import { byId, compareSortValues, expectError, expectFieldError, expectedMeta, matchesText, pageOf, qs } from './support/helpers';
import { api, freshApiEachTest, getInvoice, searchFields, sorted } from './support/invoice-fixtures';

freshApiEachTest();

describe('GET /api/invoices (list)', () => {
  it('answers page 1 by default: the 10 newest invoices by issueDate, with meta', async () => {
    const res = await api.call('GET', '/api/invoices');
    expect(res.status).toBe(200);
    expect(res.body.invoices).toEqual(pageOf(sorted, 1));
    expect(res.body.meta).toEqual(expectedMeta(1, seedInvoices.length));
    expect(res.body.meta.total).toBe(19);
  });

  it('page 2 holds the rest', async () => {
    const res = await api.call('GET', '/api/invoices?page=2');
    expect(res.body.invoices).toEqual(pageOf(sorted, 2));
    expect(res.body.invoices).toHaveLength(seedInvoices.length - 10);
    expect(res.body.meta).toEqual(expectedMeta(2, seedInvoices.length));
  });

  it('a page beyond the end is an empty list with correct meta', async () => {
    const res = await api.call('GET', '/api/invoices?page=3');
    expect(res.status).toBe(200);
    expect(res.body.invoices).toEqual([]);
    expect(res.body.meta).toEqual(expectedMeta(3, seedInvoices.length));
  });

  const seed13 = byId(seedInvoices, 'INV-013');
  const searches: Array<[string, string]> = [
    ['customer name', 'MATEO'],
    ['billing address', 'madrid'],
    ['id', 'inv-01'],
    ['dueDate', seed13.dueDate.slice(0, 10)],
    ['totalAmount as text', String(seed13.totalAmount)],
  ];
  for (const [field, term] of searches) {
    it(`search is a case-insensitive substring match (${field}: ${term})`, async () => {
      const expected = sorted.filter((i) => matchesText(term, searchFields(i)));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(seedInvoices.length);
      const res = await api.call('GET', `/api/invoices${qs({ search: term })}`);
      expect(res.status).toBe(200);
      expect(res.body.invoices).toEqual(pageOf(expected, 1));
      expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
    });
  }

  it('search by totalAmount finds that invoice', async () => {
    const res = await api.call('GET', `/api/invoices${qs({ search: String(seed13.totalAmount) })}`);
    expect(res.body.invoices.map((i: Invoice) => i.id)).toContain('INV-013');
  });

  it('search does not match on other fields (billing email)', async () => {
    const res = await api.call('GET', `/api/invoices${qs({ search: byId(seedInvoices, 'INV-001').billingAddress.email })}`);
    expect(res.status).toBe(200);
    expect(res.body.invoices).toEqual([]);
    expect(res.body.meta.total).toBe(0);
  });

  for (const status of ['pending', 'complete']) {
    it(`status=${status} filters on the lowercase value`, async () => {
      const expected = sorted.filter((i) => i.status === status);
      expect(expected.length).toBeGreaterThan(0);
      const res = await api.call('GET', `/api/invoices${qs({ status })}`);
      expect(res.body.invoices).toEqual(pageOf(expected, 1));
      expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
    });
  }

  it('status is accepted case-insensitively', async () => {
    const res = await api.call('GET', '/api/invoices?status=PENDING');
    expect(res.status).toBe(200);
    expect(res.body.invoices).toEqual(pageOf(sorted.filter((i) => i.status === 'pending'), 1));
  });

  it("status 'all' or empty means no filter", async () => {
    for (const status of ['all', '']) {
      const res = await api.call('GET', `/api/invoices${qs({ status })}`);
      expect(res.body.invoices).toEqual(pageOf(sorted, 1));
      expect(res.body.meta.total).toBe(seedInvoices.length);
    }
  });

  it('an unknown status is a 400 naming status', async () => {
    const res = await api.call('GET', '/api/invoices?status=paid');
    expectError(res, 400);
    expect(res.body.message).toContain('status');
  });

  it('status, search and paging combine', async () => {
    const expected = sorted.filter((i) => i.status === 'complete' && matchesText('2026', searchFields(i)));
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(seedInvoices.length);
    const res = await api.call('GET', `/api/invoices${qs({ status: 'complete', search: '2026', page: 2 })}`);
    expect(res.body.invoices).toEqual(pageOf(expected, 2));
    expect(res.body.meta).toEqual(expectedMeta(2, expected.length));
  });
});

describe('GET /api/invoices?id=', () => {
  it('answers {invoice} for a known id', async () => {
    const res = await getInvoice('INV-003');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invoice: byId(seedInvoices, 'INV-003') });
  });

  it("answers 404 'Invoice not found' for an unknown id", async () => {
    expectError(await getInvoice('INV-999'), 404, 'Invoice not found');
  });
});

describe('GET /api/invoices: sort, and the ids of a query', () => {
  const sortValue: Record<string, (i: Invoice) => string | number> = {
    id: (i) => i.id,
    customer: (i) => i.customer.name,
    dueDate: (i) => i.dueDate,
    totalAmount: (i) => i.totalAmount,
    status: (i) => i.status,
  };
  for (const [field, value] of Object.entries(sortValue)) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sort=${field}&order=${order} orders every row (ties in list order)`, async () => {
        const expected = [...sorted].sort((a, b) => compareSortValues(value(a), value(b), order));
        const res = await api.call('GET', `/api/invoices${qs({ sort: field, order, pageSize: 100 })}`);
        expect(res.body.invoices.map((i: Invoice) => i.id)).toEqual(expected.map((i) => i.id));
      });
    }
  }

  it('an unknown sort field is a 400 naming sort', async () => {
    expectFieldError(await api.call('GET', '/api/invoices?sort=cardNo'), 'sort');
  });

  it('GET /api/invoices/ids answers every matching id in list order: { ids, total }', async () => {
    const pending = sorted.filter((i) => i.status === 'pending');
    expect((await api.call('GET', '/api/invoices/ids?status=pending')).body).toEqual({ ids: pending.map((i) => i.id), total: pending.length });
    const found = sorted.filter((i) => matchesText('madrid', searchFields(i)));
    expect((await api.call('GET', `/api/invoices/ids${qs({ search: 'madrid', sort: 'totalAmount' })}`)).body.ids).toEqual(
      [...found].sort((a, b) => a.totalAmount - b.totalAmount).map((i) => i.id),
    );
  });
});
