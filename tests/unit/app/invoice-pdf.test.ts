import { describe, expect, it } from 'vitest';
import type { Invoice } from '@schema/invoice';
import { documentStatus, invoiceDocumentModel } from '@/components/invoice-document/invoice-document-model';
import { buildInvoicePdf, invoicePdfFileName, pdfSafeText } from '@/components/invoice-document/invoice-pdf';

/** Sums worked out by hand: 2 × 19.99 at 10% off = 35.98; 1 × 1,250.00 = 1,250.00; subtotal 1,285.98; 8.25% tax = 106.09; + 15.00 shipping = 1,407.07. */
const invoice: Invoice = {
  id: 'INV-042',
  issueDate: '2026-03-01T09:00:00.000Z',
  dueDate: '2026-03-31T09:00:00.000Z',
  status: 'pending',
  billingAddress: { email: 'liam@example.com', phone: '+353 1 555 0100', address: '31 Grafton Street, Dublin 2, D02 XY45, Ireland' },
  payment: { paymentMethod: 'Master Card', cardHolder: "Liam O'Connor", cardNo: '**** 4242' },
  customer: { id: 4, name: "Liam O'Connor", image: '/images/users/4.svg' },
  products: [
    { id: 7, title: 'Ceramic pour-over coffee set', quantity: 2, price: 19.99, discount: 10, total: 35.98 },
    { id: 9, title: 'Standing desk (oak)', quantity: 1, price: 1250, discount: 0, total: 1250 },
  ],
  shippingCharge: 15,
  taxPercent: 8.25,
  subTotal: 1285.98,
  tax: 106.09,
  totalAmount: 1407.07,
};

const beforeDue = new Date('2026-03-15T12:00:00.000Z');

/** The file's bytes as the characters a PDF reader parses (one byte, one character). */
const pdfText = (bytes: ArrayBuffer) => new TextDecoder('latin1').decode(bytes);

describe('invoiceDocumentModel', () => {
  it('formats the totals, the tax with its percentage and every line', () => {
    const model = invoiceDocumentModel(invoice, beforeDue);
    expect(model.totals).toEqual([
      { label: 'Subtotal', value: '$1,285.98' },
      { label: 'Tax (8.25%)', value: '$106.09' },
      { label: 'Shipping', value: '$15.00' },
    ]);
    expect(model.total).toEqual({ label: 'Total', value: '$1,407.07' });
    expect(model.lines.map(({ title, quantity, price, discount, total }) => [title, quantity, price, discount, total])).toEqual([
      ['Ceramic pour-over coffee set', '2', '$19.99', '10%', '$35.98'],
      ['Standing desk (oak)', '1', '$1,250.00', '0%', '$1,250.00'],
    ]);
    expect(model.to).toMatchObject({ name: "Liam O'Connor", email: 'liam@example.com', phone: '+353 1 555 0100' });
    expect(model.payment).toContainEqual({ label: 'Card', value: '**** 4242' });
    expect(model.dates).toEqual([
      { label: 'Issue date', value: 'Mar 1, 2026' },
      { label: 'Due date', value: 'Mar 31, 2026' },
    ]);
  });

  it('shows a pending invoice as overdue only once its due day has ended', () => {
    expect(documentStatus(invoice, new Date('2026-03-31T23:59:00.000Z'))).toBe('pending');
    expect(documentStatus(invoice, new Date('2026-04-01T00:00:00.000Z'))).toBe('overdue');
    expect(documentStatus({ ...invoice, status: 'complete' }, new Date('2027-01-01T00:00:00.000Z'))).toBe('complete');
    expect(invoiceDocumentModel(invoice, new Date('2026-04-02T00:00:00.000Z')).statusLabel).toBe('Overdue');
  });
});

describe('buildInvoicePdf', () => {
  it('writes a PDF whose text holds the id, the customer and the total', () => {
    const text = pdfText(buildInvoicePdf(invoice, { now: beforeDue }));
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(INV-042)');
    expect(text).toContain("Liam O'Connor");
    expect(text).toContain('($1,407.07)');
    expect(text).toContain('Tax \\(8.25%\\)');
    expect(text).toContain('**** 4242');
    expect(text).toContain('/Title (Invoice INV-042)');
    expect(text).toContain('(Pending)');
    expect(pdfText(buildInvoicePdf(invoice, { now: new Date('2026-04-01T00:00:00.000Z') }))).toContain('(Overdue)');
  });

  it('writes accented names in the built-in font and continues long invoices on more pages', () => {
    const products = Array.from({ length: 60 }, (_, index) => ({ id: index + 1, title: `Item ${index + 1}`, quantity: 1, price: 1, discount: 0, total: 1 }));
    const long = { ...invoice, customer: { ...invoice.customer, name: 'Chloé Müller' }, products };
    const text = pdfText(buildInvoicePdf(long, { now: beforeDue, format: 'letter' }));
    expect(text).toContain('Chloé Müller');
    expect(text).toContain('(Item 60)');
    const pages = [...text.matchAll(/\(Page (\d+) of (\d+)\)/g)].map(([, page, of]) => [Number(page), Number(of)]);
    const pageCount = text.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    expect(pageCount).toBeGreaterThan(1);
    expect(pages).toEqual(Array.from({ length: pageCount }, (_, index) => [index + 1, pageCount]));
    // US Letter is 612 × 792 points.
    expect(text).toMatch(/\/MediaBox \[0 0 612\.?0* 792\.?0*\]/);
  });

  it('names the file after the invoice', () => {
    expect(invoicePdfFileName('INV-042')).toBe('INV-042.pdf');
  });
});

describe('pdfSafeText', () => {
  it('keeps Latin-1, spells out typographic marks and replaces what the built-in fonts lack', () => {
    expect(pdfSafeText('Friedrichstraße 3º, São Paulo')).toBe('Friedrichstraße 3º, São Paulo');
    expect(pdfSafeText('Net 30 – “thanks”… €5')).toBe('Net 30 - "thanks"... EUR5');
    expect(pdfSafeText('Łódź Dvořák')).toBe('Lódz Dvorák');
    expect(pdfSafeText('渡辺')).toBe('??');
  });
});
