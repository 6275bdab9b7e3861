import { describe, expect, it } from 'vitest';
import { seedInvoices } from '../../seed/invoices';
import { seedOrders } from '../../seed/orders';
import type { Invoice } from '../../domain/schema/invoice';
import type { Order } from '../../domain/schema/order';
import { parseSearchAmount, parseSearchDate, searchTerm } from '../../sw/api/search-terms';
import { byId, qs } from './support/helpers';
import { api, freshApiEachTest } from './support/invoice-fixtures';

// Issue #34 part 2: a search typed as the app shows an amount or a date, in any of its
// languages, finds the record (the records hold 1234.5 and 2026-11-28T…).

freshApiEachTest();

/** How each language shows money and days (the app's own formats, src/i18n/format.ts). */
const money = (locale: string, amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(amount);
const day = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

describe('search terms', () => {
  it('reads amounts as every language writes them', () => {
    for (const typed of ['1.234,50', '1234,50', '1234,50 US$', '1.234,50 $', '$1,234.50', '1,234.50', '\u200f1,234.50 US$', '١٬٢٣٤٫٥٠', '1 234,50'])
      expect(parseSearchAmount(typed), typed).toBe(1234.5);
    expect(parseSearchAmount('1,5')).toBe(1.5);
    // Not amounts: plain numbers (an id's digits), phone numbers, text.
    for (const typed of ['2026', '0042', '555-0142', 'INV-0042', 'Ann', '12.3456', '1.23.4']) expect(parseSearchAmount(typed), typed).toBeUndefined();
  });

  it('reads days and months as every language writes them', () => {
    for (const typed of ['28 nov 2026', '28 de noviembre de 2026', '28. Nov. 2026', '28.11.2026', 'Nov 28, 2026', '28 نوفمبر 2026', '٢٨ نوفمبر ٢٠٢٦', '28/11/2026'])
      expect(parseSearchDate(typed), typed).toEqual({ iso: '2026-11-28', range: { from: '2026-11-28', to: '2026-11-28' } });
    expect(parseSearchDate('März 2026')).toEqual({ iso: '2026-03', range: { from: '2026-03-01', to: '2026-03-31' } });
    expect(parseSearchDate('nov 28')).toEqual({ iso: '-11-28' });
    for (const typed of ['31.02.2026', 'may', 'Ann Smith', '2026']) expect(parseSearchDate(typed), typed).toBeUndefined();
    expect(searchTerm('Ann Smith')).toBe('Ann Smith');
  });
});

describe('GET /api/invoices: a search in the app languages', () => {
  const target = byId(seedInvoices, 'INV-013');
  const ids = (invoices: Invoice[]) => invoices.map((invoice) => invoice.id);

  for (const locale of ['es', 'de', 'ar', 'en']) {
    it(`finds the invoice by its amount and its due date as shown in ${locale}`, async () => {
      const byAmount = await api.call('GET', `/api/invoices${qs({ search: money(locale, target.totalAmount) })}`);
      expect(byAmount.status).toBe(200);
      expect(ids(byAmount.body.invoices)).toContain('INV-013');
      expect(byAmount.body.invoices.length).toBeLessThan(seedInvoices.length);
      const byDue = await api.call('GET', `/api/invoices${qs({ search: day(locale, target.dueDate) })}`);
      expect(ids(byDue.body.invoices)).toContain('INV-013');
      expect(byDue.body.invoices.every((invoice: Invoice) => invoice.dueDate.slice(0, 10) === target.dueDate.slice(0, 10))).toBe(true);
    });
  }

  it('a Spanish amount with grouping ("1.234,50" style) finds it too', async () => {
    const typed = new Intl.NumberFormat('es', { minimumFractionDigits: 2, useGrouping: 'always' }).format(target.totalAmount);
    expect(ids((await api.call('GET', `/api/invoices${qs({ search: typed })}`)).body.invoices)).toContain('INV-013');
  });
});

describe('GET /api/orders: a date in the app languages', () => {
  const target = byId(seedOrders, 4);
  const sameDay = seedOrders.filter((order) => order.createAt.slice(0, 10) === target.createAt.slice(0, 10));

  for (const locale of ['es', 'de', 'ar', 'en']) {
    it(`finds the orders placed on a day typed as ${locale} shows it`, async () => {
      const res = await api.call('GET', `/api/orders${qs({ search: day(locale, target.createAt) })}`);
      expect(res.status).toBe(200);
      expect(res.body.orders.map((order: Order) => order.id).sort()).toEqual(sameDay.map((order) => order.id).sort());
    });
  }

  it('within the range asked, and nothing outside it', async () => {
    const typed = day('es', target.createAt);
    const after = await api.call('GET', `/api/orders${qs({ search: typed, from: '2026-12-01' })}`);
    expect(after.status).toBe(200);
    expect(after.body.orders).toEqual([]);
  });
});
