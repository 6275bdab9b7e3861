import { describe, it, expect } from 'vitest';
import { seedInvoices } from '../../seed/invoices';
import type { Invoice } from '../../domain/schema/invoice';
import { byId, expectError, expectedMeta, freezeClock, NOW, qs } from './support/helpers';
import { api, expectedInvoice, expectIssue, freshApiEachTest, getInvoice, invoiceCount, NEW_INVOICE_SUMS, newInvoice, nextId, stored } from './support/invoice-fixtures';

freshApiEachTest();

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
