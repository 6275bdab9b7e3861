import { describe, it, expect } from 'vitest';
import { seedInvoices } from '../../seed/invoices';
import { byId, expectError, expectFieldError } from './support/helpers';
import { api, expectedInvoice, expectIssue, freshApiEachTest, getInvoice, invoiceCount, nextId, stored, type Line } from './support/invoice-fixtures';

freshApiEachTest();

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
