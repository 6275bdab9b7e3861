import { describe, expect, it } from 'vitest';
import { seedInvoices } from '../../../seed/invoices';
import { seedOrders } from '../../../seed/orders';
import { seedProducts } from '../../../seed/products';
import { seedTickets } from '../../../seed/tickets';
import { seedUsers } from '../../../seed/users';
import type { CsvColumn } from '@/lib/csv';
import { parseCsv, toCsv } from '@/lib/csv';
import { invoicesListConfig } from '@/features/invoices/components/invoices-list-config';
import { ordersListConfig } from '@/features/orders/components/list/orders-list-config';
import { productsListConfig } from '@/features/products/components/products-list-config';
import { ticketsListConfig } from '@/features/support/components/tickets-list-config';
import { usersListConfig } from '@/features/users/components/users-list-config';
import type { Invoice } from '@schema/invoice';
import { buildInvoicePdf } from '@/components/invoice-document/invoice-pdf';
import { t } from '@/i18n/i18n';

/*
 * User-entered text stays text in the exports (issue #14): a name that is HTML markup is
 * written to a CSV cell and into the invoice PDF as those very characters (no markup, no
 * entity escaping that would change it), and a CSV cell that a spreadsheet would run as a
 * formula is kept as text by the apostrophe the export puts before it.
 */
const MARKUP = '<img src=x onerror=alert(1)>';
const FORMULA = '=HYPERLINK("https://evil.example","<img src=x onerror=alert(1)>")';

/** Each list's Export, on a sample record whose text fields are `text`. */
function exports(text: string): Array<[string, string, string[]]> {
  const user = { ...seedUsers[0]!, name: text };
  const product = { ...seedProducts[0]!, title: text };
  const invoice = { ...seedInvoices[0]!, customer: { ...seedInvoices[0]!.customer, name: text } };
  const ticket = { ...seedTickets(Date.now())[0]!, subject: text, message: text };
  const order = { ...seedOrders[0]!, customer: { ...seedOrders[0]!.customer, name: text } };
  const csv = <T,>(rows: T[], columns: ReadonlyArray<CsvColumn<T>>) => toCsv(rows, columns);
  const column = <T,>(columns: ReadonlyArray<CsvColumn<T>>, row: T) => columns.filter((c) => c.value(row) === text).map((c) => c.header);
  return [
    ['users', csv([user], usersListConfig(t).csv.columns), column(usersListConfig(t).csv.columns, user)],
    ['products', csv([product], productsListConfig(t).csv.columns), column(productsListConfig(t).csv.columns, product)],
    ['invoices', csv([invoice], invoicesListConfig(t).csv.columns), column(invoicesListConfig(t).csv.columns, invoice)],
    ['tickets', csv([ticket], ticketsListConfig.csv.columns), column(ticketsListConfig.csv.columns, ticket)],
    ['orders', csv([order], ordersListConfig(t).csv.columns), column(ordersListConfig(t).csv.columns, order)],
  ];
}

describe('CSV export of user-entered text', () => {
  it.each(exports(MARKUP))('%s: markup is written as the literal text, and reads back the same', (_list, text, headers) => {
    expect(headers.length).toBeGreaterThan(0);
    expect(text).toContain(MARKUP);
    expect(text).not.toContain('&lt;');
    const { rows, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    for (const header of headers) expect(rows[0]?.[header]).toBe(MARKUP);
  });

  it.each(exports(FORMULA))('%s: a formula is kept as text (quoted, with an apostrophe first), and reads back the same', (_list, text, headers) => {
    expect(headers.length).toBeGreaterThan(0);
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""<img src=x onerror=alert(1)>"")"`);
    const { rows } = parseCsv(text);
    for (const header of headers) expect(rows[0]?.[header]).toBe(FORMULA);
  });
});

describe('invoice PDF of user-entered text', () => {
  it('writes a customer, an address and a line named with markup as the literal text', () => {
    const { id, ...seeded } = seedInvoices[0]!;
    const invoice: Invoice = {
      ...seeded,
      id,
      customer: { ...seeded.customer, name: MARKUP },
      billingAddress: { ...seeded.billingAddress, address: MARKUP },
      products: [{ ...seeded.products[0]!, title: MARKUP }],
    };
    const pdf = new TextDecoder('latin1').decode(buildInvoicePdf(invoice, { now: new Date('2026-03-15T12:00:00.000Z') }));
    // A PDF string escapes its parentheses: (<img src=x onerror=alert\(1\)>).
    const literal = `(${MARKUP.replace(/[()]/g, '\\$&')})`;
    expect(pdf.split(literal).length - 1).toBeGreaterThanOrEqual(3);
    expect(pdf).not.toContain('&lt;');
    expect(pdf).not.toMatch(/\/JavaScript|\/JS\b|\/URI/);
  });
});
