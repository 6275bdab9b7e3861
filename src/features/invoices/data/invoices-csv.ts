import type { Invoice } from '@schema/invoice';
import type { ListConfig } from '@/components/data-table/list-config';
import { maskCardNumber } from '@/components/form/card-number';

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

/** Invoices in CSV: one row per invoice, the lines as JSON; the sums are exported only (the API computes them). */
export const invoicesCsv: ListConfig<Invoice>['csv'] = {
  columns: [
    { header: 'id', value: (i) => i.id, exportOnly: true },
    { header: 'issueDate', value: (i) => i.issueDate },
    { header: 'dueDate', value: (i) => i.dueDate },
    { header: 'status', value: (i) => i.status },
    { header: 'customerId', value: (i) => i.customer.id },
    { header: 'customer', value: (i) => i.customer.name },
    { header: 'customerImage', value: (i) => i.customer.image },
    { header: 'email', value: (i) => i.billingAddress.email },
    { header: 'phone', value: (i) => i.billingAddress.phone },
    { header: 'address', value: (i) => i.billingAddress.address },
    { header: 'paymentMethod', value: (i) => i.payment.paymentMethod },
    { header: 'cardHolder', value: (i) => i.payment.cardHolder },
    { header: 'cardNo', value: (i) => i.payment.cardNo },
    { header: 'items', value: linesCell },
    { header: 'shippingCharge', value: (i) => i.shippingCharge },
    { header: 'taxPercent', value: (i) => i.taxPercent },
    { header: 'subTotal', value: (i) => i.subTotal, exportOnly: true },
    { header: 'tax', value: (i) => i.tax, exportOnly: true },
    { header: 'totalAmount', value: (i) => i.totalAmount, exportOnly: true },
  ],
  toInput: (row) => ({
    issueDate: (row.issueDate ?? '').trim(),
    dueDate: (row.dueDate ?? '').trim(),
    status: (row.status ?? '').trim().toLowerCase(),
    customer: { id: numberCell(row.customerId), name: row.customer ?? '', image: (row.customerImage ?? '').trim() },
    billingAddress: { email: (row.email ?? '').trim(), phone: row.phone ?? '', address: row.address ?? '' },
    // A full card number in a file is cut to its last 4 digits before it is sent anywhere.
    payment: { paymentMethod: (row.paymentMethod ?? '').trim(), cardHolder: row.cardHolder ?? '', cardNo: maskCardNumber(row.cardNo ?? '') },
    products: parseLines(row.items),
    shippingCharge: numberCell(row.shippingCharge),
    taxPercent: numberCell(row.taxPercent),
  }),
  note: 'Items are one cell of JSON lines ({"id": product id or null, "title", "quantity", "price", "discount"}); totals are computed on import.',
};
