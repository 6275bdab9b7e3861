import { afterAll, describe, expect, it } from 'vitest';
import { seedInvoices } from '../../../seed/invoices';
import { seedOrders } from '../../../seed/orders';
import { parseCsv, toCsv } from '@/lib/csv';
import { invoicesListConfig } from '@/features/invoices/components/invoices-list-config';
import { ordersListConfig } from '@/features/orders/components/list/orders-list-config';
import { activateLocale, loadArea, t } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';

/** The CSV exports' header line in the chosen language (issue #34); English keeps the field names, and an export imports back in its own language. */

async function inLocale(locale: Locale) {
  await Promise.all([loadArea(locale, 'orders'), loadArea(locale, 'invoices')]);
  await activateLocale(locale);
}
const headerLine = (csv: string) => csv.split('\r\n')[0]!;

afterAll(() => activateLocale('en'));

describe('CSV headers in each language', () => {
  it('English keeps the field names (files made before import as they did)', async () => {
    await inLocale('en');
    expect(headerLine(toCsv([], ordersListConfig(t).csv.columns))).toBe('id,invoiceId,createAt,deliveredAt,customer,email,phone,paymentMethod,status,items,subTotalAmount,taxAmount,discountAmount,shippingChargeAmount,totalAmount');
    expect(headerLine(toCsv([], invoicesListConfig(t).csv.columns))).toMatch(/^id,issueDate,dueDate,status,customerId,customer,/);
  });

  it.each([
    ['es', 'Fecha del pedido', 'Fecha de vencimiento'],
    ['de', 'Bestelldatum', 'Fälligkeitsdatum'],
    ['ar', 'تاريخ الطلب', 'تاريخ الاستحقاق'],
  ] as const)('%s: the columns are named in the language', async (locale, orderDate, dueDate) => {
    await inLocale(locale);
    const orders = headerLine(toCsv([], ordersListConfig(t).csv.columns)).split(',');
    expect(orders).toContain(orderDate);
    expect(orders).not.toContain('createAt');
    expect(headerLine(toCsv([], invoicesListConfig(t).csv.columns)).split(',')).toContain(dueDate);
  });

  it.each(['es', 'de', 'ar'] as const)('%s: an invoices export imports back (the same body as from an English file)', async (locale) => {
    const invoice = seedInvoices[0]!;
    await inLocale('en');
    const english = invoicesListConfig(t).csv;
    const fromEnglish = english.toInput!(parseCsv(toCsv([invoice], english.columns)).rows[0]!);
    await inLocale(locale);
    const local = invoicesListConfig(t).csv;
    expect(local.toInput!(parseCsv(toCsv([invoice], local.columns)).rows[0]!)).toEqual(fromEnglish);
  });

  it('orders export the same cells whatever the language', async () => {
    const order = seedOrders[0]!;
    await inLocale('en');
    const english = ordersListConfig(t).csv.columns.map((column) => column.value(order));
    await inLocale('de');
    expect(ordersListConfig(t).csv.columns.map((column) => column.value(order))).toEqual(english);
  });
});
