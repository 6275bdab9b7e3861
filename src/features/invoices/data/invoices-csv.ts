import type { Invoice } from '@schema/invoice';
import type { ListConfig } from '@/components/data-table/list-config';
import { maskCardNumber } from '@/components/form/card-number';
import type { t as translate } from '@/i18n/i18n';

/** A number cell: empty stays empty (the API says it is required), anything else is read as a number. */
const numberCell = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? undefined : Number(cell));

/** The item lines, kept as JSON in one cell (without their totals, which the API computes). */
function linesCell(invoice: Invoice): string {
  return JSON.stringify(invoice.products.map(({ id, title, quantity, price, discount }) => ({ id, title, quantity, price, discount })));
}

/** The lines of an imported cell; not JSON: the text itself, so the API names the problem under `products`. */
function parseLines(cell: string | undefined): unknown {
  try {
    return JSON.parse(cell ?? '') as unknown;
  } catch {
    return cell ?? '';
  }
}

/** The CSV columns' headers by field, in the current language (English keeps the field names, so files made before stay importable). */
const headersOf = (t: typeof translate) => ({
  id: t('invoices.csv.id'),
  issueDate: t('invoices.csv.issueDate'),
  dueDate: t('invoices.csv.dueDate'),
  status: t('invoices.csv.status'),
  customerId: t('invoices.csv.customerId'),
  customer: t('invoices.csv.customer'),
  customerImage: t('invoices.csv.customerImage'),
  email: t('invoices.csv.email'),
  phone: t('invoices.csv.phone'),
  address: t('invoices.csv.address'),
  paymentMethod: t('invoices.csv.paymentMethod'),
  cardHolder: t('invoices.csv.cardHolder'),
  cardNo: t('invoices.csv.cardNo'),
  items: t('invoices.csv.items'),
  shippingCharge: t('invoices.csv.shippingCharge'),
  taxPercent: t('invoices.csv.taxPercent'),
  subTotal: t('invoices.csv.subTotal'),
  tax: t('invoices.csv.tax'),
  totalAmount: t('invoices.csv.totalAmount'),
});

/**
 * Invoices in CSV, headers in the current language: one row per invoice, the lines as JSON; the
 * sums are exported only (the API computes them). Import reads the same headers.
 */
export function invoicesCsv(t: typeof translate): ListConfig<Invoice>['csv'] {
  const h = headersOf(t);
  return {
    columns: [
      { header: h.id, value: (i) => i.id, exportOnly: true },
      { header: h.issueDate, value: (i) => i.issueDate },
      { header: h.dueDate, value: (i) => i.dueDate },
      { header: h.status, value: (i) => i.status },
      { header: h.customerId, value: (i) => i.customer.id },
      { header: h.customer, value: (i) => i.customer.name },
      { header: h.customerImage, value: (i) => i.customer.image },
      { header: h.email, value: (i) => i.billingAddress.email },
      { header: h.phone, value: (i) => i.billingAddress.phone },
      { header: h.address, value: (i) => i.billingAddress.address },
      { header: h.paymentMethod, value: (i) => i.payment.paymentMethod },
      { header: h.cardHolder, value: (i) => i.payment.cardHolder },
      { header: h.cardNo, value: (i) => i.payment.cardNo },
      { header: h.items, value: linesCell },
      { header: h.shippingCharge, value: (i) => i.shippingCharge },
      { header: h.taxPercent, value: (i) => i.taxPercent },
      { header: h.subTotal, value: (i) => i.subTotal, exportOnly: true },
      { header: h.tax, value: (i) => i.tax, exportOnly: true },
      { header: h.totalAmount, value: (i) => i.totalAmount, exportOnly: true },
    ],
    toInput: (row) => ({
      issueDate: (row[h.issueDate] ?? '').trim(),
      dueDate: (row[h.dueDate] ?? '').trim(),
      status: (row[h.status] ?? '').trim().toLowerCase(),
      customer: { id: numberCell(row[h.customerId]), name: row[h.customer] ?? '', image: (row[h.customerImage] ?? '').trim() },
      billingAddress: { email: (row[h.email] ?? '').trim(), phone: row[h.phone] ?? '', address: row[h.address] ?? '' },
      // A full card number in a file is cut to its last 4 digits before it is sent anywhere.
      payment: { paymentMethod: (row[h.paymentMethod] ?? '').trim(), cardHolder: row[h.cardHolder] ?? '', cardNo: maskCardNumber(row[h.cardNo] ?? '') },
      products: parseLines(row[h.items]),
      shippingCharge: numberCell(row[h.shippingCharge]),
      taxPercent: numberCell(row[h.taxPercent]),
    }),
    note: t('invoices.csv.note'),
  };
}
