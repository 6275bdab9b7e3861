import type { Invoice } from '@schema/invoice';
import { invoiceDisplayStatus } from '@/lib/invoice-status';
import { SHOP_LETTERHEAD } from './shop-letterhead';

/** The status a reader sees: "overdue" is not stored, it is a pending invoice past its due day. */
export type DocumentStatus = 'pending' | 'complete' | 'overdue';

export interface DocumentParty {
  /** "Bill from" / "Bill to". */
  heading: string;
  name: string;
  addressLines: readonly string[];
  email: string;
  phone: string;
}

export interface DocumentLine {
  key: string;
  title: string;
  quantity: string;
  price: string;
  discount: string;
  total: string;
}

export interface LabelledValue {
  label: string;
  value: string;
}

/**
 * The invoice as both the page and the PDF show it: every text already formatted, so the two
 * cannot drift apart.
 */
export interface InvoiceDocumentModel {
  id: string;
  title: string;
  status: DocumentStatus;
  statusLabel: string;
  /** Issue date and due date. */
  dates: readonly LabelledValue[];
  from: DocumentParty;
  to: DocumentParty;
  lines: readonly DocumentLine[];
  /** Subtotal, tax (with its %), shipping. */
  totals: readonly LabelledValue[];
  total: LabelledValue;
  /** Method, card holder, card (masked). */
  payment: readonly LabelledValue[];
}

const STATUS_LABELS: Record<DocumentStatus, string> = { pending: 'Pending', complete: 'Complete', overdue: 'Overdue' };

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
// Dates are shown as their UTC day, as the API stores and filters them, so every reader sees the same day.
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatMoney = (amount: number) => moneyFormat.format(amount);
export const formatPercent = (percent: number) => `${numberFormat.format(percent)}%`;
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The list's rule (invoice-status.ts): overdue once the due day has passed and the invoice is still pending. */
export const documentStatus = (invoice: Pick<Invoice, 'status' | 'dueDate'>, now: Date): DocumentStatus => invoiceDisplayStatus(invoice, now);

export function invoiceDocumentModel(invoice: Invoice, now: Date): InvoiceDocumentModel {
  const status = documentStatus(invoice, now);
  const statusLabel = STATUS_LABELS[status];
  return {
    id: invoice.id,
    title: `Invoice ${invoice.id}`,
    status,
    statusLabel,
    dates: [
      { label: 'Issue date', value: formatDate(invoice.issueDate) },
      { label: 'Due date', value: formatDate(invoice.dueDate) },
    ],
    from: {
      heading: 'Bill from',
      name: SHOP_LETTERHEAD.name,
      addressLines: SHOP_LETTERHEAD.addressLines,
      email: SHOP_LETTERHEAD.email,
      phone: SHOP_LETTERHEAD.phone,
    },
    to: {
      heading: 'Bill to',
      name: invoice.customer.name,
      addressLines: [invoice.billingAddress.address],
      email: invoice.billingAddress.email,
      phone: invoice.billingAddress.phone,
    },
    lines: invoice.products.map((line, index) => ({
      // A product may appear on two lines (e.g. at two discounts): the position keeps keys unique.
      key: `${index}-${line.id}`,
      title: line.title,
      quantity: numberFormat.format(line.quantity),
      price: formatMoney(line.price),
      discount: formatPercent(line.discount),
      total: formatMoney(line.total),
    })),
    totals: [
      { label: 'Subtotal', value: formatMoney(invoice.subTotal) },
      { label: `Tax (${formatPercent(invoice.taxPercent)})`, value: formatMoney(invoice.tax) },
      { label: 'Shipping', value: formatMoney(invoice.shippingCharge) },
    ],
    total: { label: 'Total', value: formatMoney(invoice.totalAmount) },
    payment: [
      { label: 'Method', value: invoice.payment.paymentMethod },
      { label: 'Card holder', value: invoice.payment.cardHolder },
      { label: 'Card', value: invoice.payment.cardNo },
    ],
  };
}
