import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './harness';
import { seedInvoices } from '../../seed/invoices';
import type { Invoice } from '../../sw/api/schema/invoice';
import {
  byId,
  expectError,
  expectFieldError,
  expectNow,
  expectedMeta,
  freezeClock,
  matchesText,
  newestFirst,
  NOW,
  pageOf,
  qs,
  round2,
} from './helpers';

const sorted = newestFirst(seedInvoices, (i) => i.issueDate);
const searchFields = (i: Invoice) => [i.customer.name, i.billingAddress.address, i.id, i.dueDate, String(i.totalAmount)];

interface Line {
  id: number;
  title: string;
  quantity: number;
  price: number;
  discount: number;
}

/** A valid create body: no id, no totalAmount, no issueDate, lines without total. */
function newInvoice() {
  return {
    dueDate: '2027-02-14T12:00:00.000Z',
    status: 'pending',
    billingAddress: { email: 'tereza.novak@example.com', phone: '+420 601 555 012', address: 'Národní 10, Praha, Czechia' },
    payment: { paymentMethod: 'Visa Card', cardHolder: 'Tereza Novak', cardNo: '**** **** **** 1234', cardCVC: '***' },
    customer: { id: 3, name: 'Tereza Novak', image: '/images/avatars/avatar-03.svg' },
    products: [
      { id: 1, title: 'Classic Denim Jacket', quantity: 3, price: 19.99, discount: 10 },
      { id: 2, title: 'Wireless Noise-Cancelling Headphones', quantity: 1, price: 250, discount: 0 },
      { id: 5, title: 'Leather Card Wallet', quantity: 2, price: 35.5, discount: 25 },
    ] as Line[],
    shippingCharge: 12.5,
    tax: 7.25,
  };
}

const lineTotal = (l: Line) => round2(l.price * l.quantity * (1 - l.discount / 100));
function expectTotals(invoice: Invoice, body: { products: Line[]; shippingCharge: number; tax: number }) {
  expect(invoice.products).toHaveLength(body.products.length);
  body.products.forEach((line, i) => {
    expect(invoice.products[i]).toMatchObject({ ...line });
    expect(invoice.products[i]?.total).toBeCloseTo(lineTotal(line), 2);
  });
  const expected = round2(body.products.reduce((s, l) => s + lineTotal(l), 0) + body.shippingCharge + body.tax);
  expect(invoice.totalAmount).toBeCloseTo(expected, 2);
}

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

async function invoiceCount(): Promise<number> {
  return (await api.call('GET', '/api/invoices')).body.meta.total;
}
async function getInvoice(id: string) {
  return api.call('GET', `/api/invoices${qs({ id })}`);
}

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

describe('POST /api/invoices', () => {
  freezeClock();

  it('creates INV-020 with computed line totals and totalAmount, issueDate now, customer from the body', async () => {
    const body = newInvoice();
    const res = await api.call('POST', '/api/invoices', body);
    expect(res.status).toBe(201);
    const invoice = res.body.invoice;
    expect(invoice.id).toBe('INV-020');
    expectTotals(invoice, body);
    expectNow(invoice.issueDate);
    expect(invoice).toMatchObject({
      dueDate: body.dueDate,
      status: body.status,
      billingAddress: body.billingAddress,
      payment: body.payment,
      customer: body.customer,
      shippingCharge: body.shippingCharge,
      tax: body.tax,
    });
    expect(api.changes).toEqual(['invoices']);
  });

  it('persists; the new invoice is first in the list and total is 20', async () => {
    const created = (await api.call('POST', '/api/invoices', newInvoice())).body.invoice;
    expect((await getInvoice('INV-020')).body).toEqual({ invoice: created });
    const list = await api.call('GET', '/api/invoices');
    expect(list.body.invoices[0]).toEqual(created);
    expect(list.body.meta).toEqual(expectedMeta(1, 20));
  });

  it('a second POST gets INV-021', async () => {
    expect((await api.call('POST', '/api/invoices', newInvoice())).body.invoice.id).toBe('INV-020');
    const second = await api.call('POST', '/api/invoices', newInvoice());
    expect(second.status).toBe(201);
    expect(second.body.invoice.id).toBe('INV-021');
    expect(await invoiceCount()).toBe(21);
    expect(api.changes).toEqual(['invoices', 'invoices']);
  });

  it('keeps an issueDate the client sends', async () => {
    const issueDate = '2027-01-02T08:00:00.000Z';
    const res = await api.call('POST', '/api/invoices', { ...newInvoice(), issueDate });
    expect(res.status).toBe(201);
    expect(res.body.invoice.issueDate).toBe(issueDate);
  });

  it('dueDate before issueDate is a 400 naming dueDate, and nothing changes', async () => {
    const res = await api.call('POST', '/api/invoices', { ...newInvoice(), dueDate: '2027-01-01T00:00:00.000Z' });
    expect(Date.parse('2027-01-01T00:00:00.000Z')).toBeLessThan(Date.parse(NOW));
    expectFieldError(res, 'dueDate');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });

  it('an unmasked cardCVC is a 400, and nothing changes', async () => {
    const body = newInvoice();
    const res = await api.call('POST', '/api/invoices', { ...body, payment: { ...body.payment, cardCVC: '123' } });
    expectFieldError(res, 'cardCVC');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });

  it("a missing body is 400 'Invalid request'", async () => {
    expectError(await api.call('POST', '/api/invoices'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });

  it('a wrong type is a 400 naming the field, and nothing changes', async () => {
    expectFieldError(await api.call('POST', '/api/invoices', { ...newInvoice(), tax: 'none' }), 'tax');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });
});

describe('PUT /api/invoices', () => {
  const seed2 = byId(seedInvoices, 'INV-002');
  function replacement() {
    const { id: _id, totalAmount: _total, products, ...rest } = seed2;
    return {
      ...rest,
      id: 'INV-002',
      status: 'pending',
      products: [
        ...products.map(({ total: _lineTotal, ...line }) => ({ ...line, quantity: line.quantity + 1 })),
        { id: 9, title: 'Dotted Hardcover Notebook', quantity: 4, price: 12.99, discount: 15 },
      ] as Line[],
      shippingCharge: 5,
      tax: 3.5,
    };
  }

  it('replaces the invoice and recomputes its totals', async () => {
    const body = replacement();
    const res = await api.call('PUT', '/api/invoices?id=INV-002', body);
    expect(res.status).toBe(200);
    const invoice = res.body.invoice;
    expect(invoice.id).toBe('INV-002');
    expect(invoice.status).toBe('pending');
    expectTotals(invoice, body);
    expect(invoice.totalAmount).not.toBeCloseTo(seed2.totalAmount, 2);
    expect(api.changes).toEqual(['invoices']);
    expect((await getInvoice('INV-002')).body).toEqual({ invoice });
    expect(await invoiceCount()).toBe(19);
  });

  it("an unknown id is 404 'Invoice not found'", async () => {
    expectError(await api.call('PUT', '/api/invoices?id=INV-999', { ...replacement(), id: 'INV-999' }), 404, 'Invoice not found');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });

  it("without the id param is 400 'Invalid request'", async () => {
    expectError(await api.call('PUT', '/api/invoices', replacement()), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect((await getInvoice('INV-002')).body.invoice).toEqual(seed2);
  });

  it("without a body is 400 'Invalid request'", async () => {
    expectError(await api.call('PUT', '/api/invoices?id=INV-002'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect((await getInvoice('INV-002')).body.invoice).toEqual(seed2);
  });

  it('dueDate before issueDate is a 400 naming dueDate, and nothing changes', async () => {
    const res = await api.call('PUT', '/api/invoices?id=INV-002', { ...replacement(), dueDate: '2025-01-01T00:00:00.000Z' });
    expectFieldError(res, 'dueDate');
    expect(api.changes).toEqual([]);
    expect((await getInvoice('INV-002')).body.invoice).toEqual(seed2);
  });
});

describe('DELETE /api/invoices', () => {
  it('removes the invoice and returns {invoice}', async () => {
    const res = await api.call('DELETE', '/api/invoices?id=INV-001');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invoice: byId(seedInvoices, 'INV-001') });
    expect(api.changes).toEqual(['invoices']);
    expectError(await getInvoice('INV-001'), 404, 'Invoice not found');
    expect(await invoiceCount()).toBe(18);
  });

  it("an unknown id is 404 'Invoice not found'", async () => {
    expectError(await api.call('DELETE', '/api/invoices?id=INV-999'), 404, 'Invoice not found');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });

  it("without the id param is 400 'Invalid request'", async () => {
    expectError(await api.call('DELETE', '/api/invoices'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });
});
