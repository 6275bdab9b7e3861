import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi, type ApiAnswer } from './harness';
import { seedInvoices } from '../../seed/invoices';
import type { Invoice } from '../../domain/schema/invoice';
import { computeInvoiceTotals } from '../../domain/schema/invoice-totals';
import {
  byId,
  compareSortValues,
  expectError,
  expectFieldError,
  expectedMeta,
  freezeClock,
  matchesText,
  newestFirst,
  NOW,
  pageOf,
  qs,
} from './helpers';

const sorted = newestFirst(seedInvoices, (i) => i.issueDate);
const searchFields = (i: Invoice) => [i.customer.name, i.billingAddress.address, i.id, i.dueDate, String(i.totalAmount)];

interface Line {
  id: number | null;
  title: string;
  quantity: number;
  price: number;
  discount: number;
}

/** A valid create body: the invoice without id, subTotal, tax, totalAmount and the lines' totals. */
function newInvoice() {
  return {
    issueDate: '2027-01-10T09:00:00.000Z',
    dueDate: '2027-02-14T12:00:00.000Z',
    status: 'pending',
    billingAddress: { email: 'tereza.novak@example.com', phone: '+420 601 555 012', address: 'Národní 10, Praha, Czechia' },
    payment: { paymentMethod: 'Visa Card', cardHolder: 'Tereza Novak', cardNo: '**** 1234' },
    customer: { id: 3, name: 'Tereza Novak', image: '/images/avatars/avatar-03.svg' },
    products: [
      { id: 1, title: 'Classic Denim Jacket', quantity: 3, price: 19.99, discount: 10 },
      { id: 2, title: 'Wireless Noise-Cancelling Headphones', quantity: 1, price: 250, discount: 0 },
      { id: null, title: 'Gift wrapping (typed line)', quantity: 2, price: 35.5, discount: 25 },
    ] as Line[],
    shippingCharge: 12.5,
    taxPercent: 7.25,
  };
}
type InvoiceBody = ReturnType<typeof newInvoice>;

/**
 * newInvoice's sums, by hand in cents: 5997 × 0.9 = 5397.3 → 5397; 25000; 7100 × 0.75 = 5325;
 * subtotal 35722; tax 35722 × 7.25 % = 2589.845 → 2590; total 35722 + 2590 + 1250.
 */
const NEW_INVOICE_SUMS = { lines: [53.97, 250, 53.25], subTotal: 357.22, tax: 25.9, totalAmount: 395.62 };

/** The invoice the API must store for a body: the body's fields and the shared function's sums. */
function expectedInvoice(id: string, body: InvoiceBody): Invoice {
  const { products, subTotal, tax, totalAmount } = computeInvoiceTotals(body);
  return { ...(body as unknown as Omit<Invoice, 'id' | 'products' | 'subTotal' | 'tax' | 'totalAmount'>), id, products: products as Invoice['products'], subTotal, tax, totalAmount };
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
const nextId = async (): Promise<string> => (await api.call('GET', '/api/invoices/next-id')).body.id;
/** Every invoice as stored and the id counter: a rejected call leaves both unchanged. */
const stored = async () => ({ invoices: await api.db.invoices.toArray(), counter: await api.db.counters.get('invoices') });

/** A 400 with an issue under `path` (and its message matching `message`, when given). */
function expectIssue(res: ApiAnswer, path: string, message?: RegExp) {
  expectFieldError(res, path);
  const issue = (res.body.issues as Array<{ path: string; message: string }>).find((i) => i.path === path);
  expect(issue, `an issue under ${path} in ${JSON.stringify(res.body.issues)}`).toBeDefined();
  if (message) expect(issue!.message).toMatch(message);
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

describe('GET /api/invoices/next-id', () => {
  it("answers the id the next create gets, without taking it: { id: 'INV-020' }", async () => {
    expect((await api.call('GET', '/api/invoices/next-id')).body).toEqual({ id: 'INV-020' });
    expect(await nextId()).toBe('INV-020');
    expect(api.changes).toEqual([]);
    await api.call('POST', '/api/invoices', newInvoice());
    expect(await nextId()).toBe('INV-021');
  });
});

describe('POST /api/invoices', () => {
  freezeClock();

  it('creates INV-020 (201 { invoice }) with the sums of the shared totals function', async () => {
    const body = newInvoice();
    const res = await api.call('POST', '/api/invoices', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ invoice: expectedInvoice('INV-020', body) });
    const invoice: Invoice = res.body.invoice;
    expect(invoice.products.map((l) => l.total)).toEqual(NEW_INVOICE_SUMS.lines);
    expect(invoice).toMatchObject({ subTotal: NEW_INVOICE_SUMS.subTotal, tax: NEW_INVOICE_SUMS.tax, totalAmount: NEW_INVOICE_SUMS.totalAmount, taxPercent: 7.25 });
    expect(invoice.payment).toEqual({ paymentMethod: 'Visa Card', cardHolder: 'Tereza Novak', cardNo: '**** 1234' });
    expect(api.changes).toEqual(['invoices']);
  });

  it('persists; the new invoice is in the list (first by issueDate) and total is 20', async () => {
    const created = (await api.call('POST', '/api/invoices', newInvoice())).body.invoice;
    expect((await getInvoice('INV-020')).body).toEqual({ invoice: created });
    const list = await api.call('GET', '/api/invoices');
    expect(list.body.invoices[0]).toEqual(created);
    expect(list.body.meta).toEqual(expectedMeta(1, 20));
    expect((await api.call('GET', `/api/invoices${qs({ search: 'národní' })}`)).body.invoices).toEqual([created]);
  });

  it('a second POST gets INV-021', async () => {
    expect((await api.call('POST', '/api/invoices', newInvoice())).body.invoice.id).toBe('INV-020');
    const second = await api.call('POST', '/api/invoices', newInvoice());
    expect(second.status).toBe(201);
    expect(second.body.invoice.id).toBe('INV-021');
    expect(await invoiceCount()).toBe(21);
    expect(api.changes).toEqual(['invoices', 'invoices']);
  });

  const body = newInvoice();
  const badBodies: Array<[what: string, body: unknown, path: string, message?: RegExp]> = [
    ['a CVC', { ...body, payment: { ...body.payment, cardCVC: '123' } }, 'payment.cardCVC', /CVC is never sent nor stored/],
    ['a masked CVC', { ...body, payment: { ...body.payment, cardCVC: '***' } }, 'payment.cardCVC', /CVC/],
    ['a full card number', { ...body, payment: { ...body.payment, cardNo: '4242 4242 4242 4242' } }, 'payment.cardNo', /full card number is never sent nor stored/],
    ['a card number with more than the last 4 digits', { ...body, payment: { ...body.payment, cardNo: '**** **** 42 4242' } }, 'payment.cardNo', /last 4 digits/],
    ['an unmasked card number', { ...body, payment: { ...body.payment, cardNo: 'card 4242' } }, 'payment.cardNo', /masked/],
    ['its own totalAmount', { ...body, totalAmount: 1 }, 'totalAmount', /totalAmount is set by the server/],
    ['its own subTotal and tax', { ...body, subTotal: 1, tax: 0 }, 'subTotal', /subTotal is set by the server/],
    ['its own line total', { ...body, products: [{ ...body.products[0], total: 1 }] }, 'products.0.total', /set by the server/],
    ['an id', { ...body, id: 'INV-500' }, 'id', /Unknown field/],
    ['dueDate before issueDate', { ...body, dueDate: '2027-01-09T09:00:00.000Z' }, 'dueDate', /must not be before the issue date/],
    ['no issueDate', { ...body, issueDate: undefined }, 'issueDate'],
    ['a tax amount instead of a percentage', { ...body, taxPercent: undefined, tax: 7.25 }, 'tax', /tax is set by the server/],
    ['a tax percentage over 100', { ...body, taxPercent: 101 }, 'taxPercent', /100 or less/],
    ['a tax percentage of 3 decimals', { ...body, taxPercent: 7.125 }, 'taxPercent', /2 decimals/],
    ['a price of 3 decimals', { ...body, products: [{ ...body.products[0], price: 19.999 }] }, 'products.0.price', /2 decimals/],
    ['a discount over 100 %', { ...body, products: [{ ...body.products[0], discount: 120 }] }, 'products.0.discount'],
    ['a quantity of 0', { ...body, products: [{ ...body.products[0], quantity: 0 }] }, 'products.0.quantity', /at least 1/],
    ['no lines', { ...body, products: [] }, 'products', /at least one line/],
    ['a negative shipping charge', { ...body, shippingCharge: -1 }, 'shippingCharge'],
    ['a wrong type', { ...body, taxPercent: 'none' }, 'taxPercent'],
    ['an unknown status', { ...body, status: 'overdue' }, 'status'],
    ['an invalid email', { ...body, billingAddress: { ...body.billingAddress, email: 'nope' } }, 'billingAddress.email'],
    ['no customer', { ...body, customer: undefined }, 'customer'],
  ];
  for (const [what, bad, path, message] of badBodies) {
    it(`a body with ${what} is a 400 with an issue under ${path}, and nothing changes`, async () => {
      const before = await stored();
      const res = await api.call('POST', '/api/invoices', bad);
      expectError(res, 400, /^Invalid request/);
      const issue = (res.body.issues as Array<{ path: string; message: string }>).find((i) => i.path === path);
      expect(issue, `an issue under ${path} in ${JSON.stringify(res.body.issues)}`).toBeDefined();
      if (message) expect(issue!.message).toMatch(message);
      expect(await stored()).toEqual(before);
      expect(await nextId()).toBe('INV-020');
      expect(api.changes).toEqual([]);
    });
  }

  it("a missing body is 400 'Invalid request'", async () => {
    expectError(await api.call('POST', '/api/invoices'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });

  it('a due date on the issue date is accepted (due ≥ issue)', async () => {
    const res = await api.call('POST', '/api/invoices', { ...newInvoice(), dueDate: '2027-01-10T09:00:00.000Z' });
    expect(res.status).toBe(201);
    expect(Date.parse(res.body.invoice.dueDate)).toBeLessThan(Date.parse(NOW));
  });
});

describe('PUT /api/invoices?id=', () => {
  const seed2 = byId(seedInvoices, 'INV-002');
  /** INV-002 with another status, one more of each line, a new line, shipping and tax. */
  function replacement() {
    const { id: _id, subTotal: _subTotal, tax: _tax, totalAmount: _total, products, ...rest } = seed2;
    return {
      ...rest,
      status: 'pending',
      products: [
        ...products.map(({ total: _lineTotal, ...line }) => ({ ...line, quantity: line.quantity + 1 })),
        { id: 9, title: 'Dotted Hardcover Notebook', quantity: 4, price: 12.99, discount: 15 },
      ] as Line[],
      shippingCharge: 5,
      taxPercent: 12.5,
    };
  }

  it('replaces the invoice (same id) and recomputes its sums with the shared function', async () => {
    const body = replacement();
    const res = await api.call('PUT', '/api/invoices?id=INV-002', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invoice: expectedInvoice('INV-002', body) });
    expect(res.body.invoice.totalAmount).not.toBe(seed2.totalAmount);
    expect(api.changes).toEqual(['invoices']);
    expect((await getInvoice('INV-002')).body).toEqual(res.body);
    expect(await invoiceCount()).toBe(19);
    expect(await nextId()).toBe('INV-020');
  });

  it('accepts the id in the body when it matches (any case), and refuses another', async () => {
    expect((await api.call('PUT', '/api/invoices?id=INV-002', { ...replacement(), id: 'inv-002' })).status).toBe(200);
    const before = await stored();
    expectIssue(await api.call('PUT', '/api/invoices?id=INV-002', { ...replacement(), id: 'INV-003' }), 'id');
    expect(await stored()).toEqual(before);
  });

  it("an unknown id is 404 'Invoice not found'", async () => {
    expectError(await api.call('PUT', '/api/invoices?id=INV-999', replacement()), 404, 'Invoice not found');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });

  it("without the id param, or without a body, is 400 'Invalid request'", async () => {
    expectError(await api.call('PUT', '/api/invoices', replacement()), 400, 'Invalid request');
    expectError(await api.call('PUT', '/api/invoices?id=INV-002'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect((await getInvoice('INV-002')).body.invoice).toEqual(seed2);
  });

  for (const [what, bad, path] of [
    ['dueDate before issueDate', { dueDate: '2025-01-01T00:00:00.000Z' }, 'dueDate'],
    ['its own totalAmount', { totalAmount: 10 }, 'totalAmount'],
    ['a CVC', { payment: { ...seed2.payment, cardCVC: '***' } }, 'payment.cardCVC'],
    ['a full card number', { payment: { ...seed2.payment, cardNo: '5555555555554444' } }, 'payment.cardNo'],
  ] as const) {
    it(`${what} is a 400 under ${path}, and nothing changes`, async () => {
      const before = await stored();
      expectIssue(await api.call('PUT', '/api/invoices?id=INV-002', { ...replacement(), ...bad }), path);
      expect(await stored()).toEqual(before);
      expect(api.changes).toEqual([]);
    });
  }
});

describe('DELETE /api/invoices?id= (to the trash) and POST /api/invoices/restore', () => {
  it('moves the invoice to the trash and answers { invoice }; restore brings it back exactly', async () => {
    const seed1 = byId(seedInvoices, 'INV-001');
    const res = await api.call('DELETE', '/api/invoices?id=INV-001');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invoice: seed1 });
    expectError(await getInvoice('INV-001'), 404, 'Invoice not found');
    expect(await invoiceCount()).toBe(18);
    expect(await api.db.trash.get(['invoices', 'INV-001'])).toMatchObject({ resource: 'invoices', key: 'INV-001', record: seed1 });

    const restored = await api.call('POST', '/api/invoices/restore', { ids: ['INV-001'] });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ invoices: [seed1] });
    expect((await getInvoice('INV-001')).body).toEqual({ invoice: seed1 });
    expect(await api.db.trash.count()).toBe(0);
    expect(api.changes).toEqual(['invoices', 'invoices']);
  });

  it("an unknown id is 404 'Invoice not found', and nothing is restored from an empty trash", async () => {
    expectError(await api.call('DELETE', '/api/invoices?id=INV-999'), 404, 'Invoice not found');
    expectError(await api.call('POST', '/api/invoices/restore', { ids: ['INV-002'] }), 404, 'Nothing to restore for invoice INV-002');
    expectFieldError(await api.call('POST', '/api/invoices/restore', { ids: ['nope'] }), 'ids.0');
    expect(api.changes).toEqual([]);
    expect(await invoiceCount()).toBe(19);
  });

  it("without the id param is 400 'Invalid request'", async () => {
    expectError(await api.call('DELETE', '/api/invoices'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
  });
});

describe('invoice ids are never given twice', () => {
  it('19 seeds, delete INV-005, create → INV-020; delete INV-020, restore → the same invoice; create → INV-021', async () => {
    expect((await api.call('DELETE', '/api/invoices?id=INV-005')).status).toBe(200);
    const created = await api.call('POST', '/api/invoices', newInvoice());
    expect(created.body.invoice.id).toBe('INV-020');
    expect(await invoiceCount()).toBe(19);

    expect((await api.call('DELETE', '/api/invoices?id=INV-020')).status).toBe(200);
    expect(await nextId()).toBe('INV-021');
    const restored = await api.call('POST', '/api/invoices/restore', { ids: ['INV-020'] });
    expect(restored.body).toEqual({ invoices: [created.body.invoice] });
    expect((await getInvoice('INV-020')).body).toEqual({ invoice: created.body.invoice });

    const next = await api.call('POST', '/api/invoices', newInvoice());
    expect(next.body.invoice.id).toBe('INV-021');
    expect((await api.call('POST', '/api/invoices/restore', { ids: ['INV-005'] })).body.invoices).toEqual([byId(seedInvoices, 'INV-005')]);
    expect(await invoiceCount()).toBe(21);
  });

  it('past INV-999 the number grows: INV-1000', async () => {
    await api.db.counters.put({ name: 'invoices', nextId: 999 });
    expect((await api.call('POST', '/api/invoices', newInvoice())).body.invoice.id).toBe('INV-999');
    expect((await api.call('POST', '/api/invoices', newInvoice())).body.invoice.id).toBe('INV-1000');
    expect((await getInvoice('inv-1000')).status).toBe(200);
  });
});

describe('POST /api/invoices/bulk-status and /bulk-delete', () => {
  it('bulk-status marks the invoices complete: { invoices }; the status filter sees it', async () => {
    const pending = seedInvoices.filter((i) => i.status === 'pending').map((i) => i.id);
    const res = await api.call('POST', '/api/invoices/bulk-status', { ids: pending, status: 'complete' });
    expect(res.status).toBe(200);
    expect(res.body.invoices).toEqual(pending.map((id) => ({ ...byId(seedInvoices, id), status: 'complete' })));
    expect(api.changes).toEqual(['invoices']);
    expect((await api.call('GET', '/api/invoices?status=pending')).body.meta.total).toBe(0);
    expect((await api.call('GET', '/api/invoices?status=complete')).body.meta.total).toBe(19);
  });

  it('an unknown id is 404 and a bad status is 400 naming status; nothing changes', async () => {
    const before = await stored();
    expectError(await api.call('POST', '/api/invoices/bulk-status', { ids: ['INV-007', 'INV-404'], status: 'complete' }), 404, /INV-404/);
    expectFieldError(await api.call('POST', '/api/invoices/bulk-status', { ids: ['INV-007'], status: 'overdue' }), 'status');
    expect(await stored()).toEqual(before);
    expect(api.changes).toEqual([]);
  });

  it('bulk-delete moves every invoice named to the trash, all or none', async () => {
    const before = await stored();
    expectError(await api.call('POST', '/api/invoices/bulk-delete', { ids: ['INV-001', 'INV-404'] }), 404, /INV-404/);
    expect(await stored()).toEqual(before);
    const res = await api.call('POST', '/api/invoices/bulk-delete', { ids: ['INV-001', 'INV-002'] });
    expect(res.body).toEqual({ invoices: [byId(seedInvoices, 'INV-001'), byId(seedInvoices, 'INV-002')] });
    expect(await invoiceCount()).toBe(17);
    expect((await api.call('POST', '/api/invoices/restore', { ids: ['INV-001', 'INV-002'] })).status).toBe(200);
    expect(await invoiceCount()).toBe(19);
  });
});

describe('POST /api/invoices/bulk { invoices, dryRun }', () => {
  freezeClock();
  const rows = () => [newInvoice(), { ...newInvoice(), status: 'complete', taxPercent: 0 }, { ...newInvoice(), shippingCharge: 0 }];

  it('dryRun: true checks the rows only: 200 { valid }, nothing written, no id taken', async () => {
    const before = await stored();
    const res = await api.call('POST', '/api/invoices/bulk', { invoices: rows(), dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: 3 });
    expect(await stored()).toEqual(before);
    expect(api.changes).toEqual([]);
  });

  it('inserts every row with consecutive ids from the counter: 201 { inserted, firstId, lastId }', async () => {
    const res = await api.call('POST', '/api/invoices/bulk', { invoices: rows() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ inserted: 3, firstId: 'INV-020', lastId: 'INV-022' });
    const ids = ['INV-020', 'INV-021', 'INV-022'];
    for (const [i, row] of rows().entries()) expect((await getInvoice(ids[i]!)).body.invoice).toEqual(expectedInvoice(ids[i]!, row));
    expect(await nextId()).toBe('INV-023');
    expect(api.changes).toEqual(['invoices']);
  });

  it('a bad row is a 400 naming invoices.<index>.<path>, and nothing is written', async () => {
    const before = await stored();
    const bad = rows();
    const res = await api.call('POST', '/api/invoices/bulk', {
      invoices: [bad[0], { ...bad[1], payment: { ...bad[1]!.payment, cardCVC: '321' } }, { ...bad[2], dueDate: '2026-01-01T00:00:00.000Z' }],
    });
    expectIssue(res, 'invoices.1.payment.cardCVC');
    expectIssue(res, 'invoices.2.dueDate');
    expect(await stored()).toEqual(before);
    expect(api.changes).toEqual([]);
  });
});
