import type { Invoice } from '@schema/invoice';
import { invoiceDisplayStatus } from '@/lib/invoice-status';
import { formatDate as formatDay, formatMoney as formatAmount, formatNumber } from '@/i18n/format';
import { t } from '@/i18n/i18n';
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

type Values = Record<string, string | number>;

/**
 * The document's English texts, by their ids in the common catalogue: what shows while the
 * common catalogue lacks an id (its owner adds them: /work/notes/i18n-catalog-common-invoice.md).
 */
const ENGLISH: Record<string, (values: Values) => string> = {
  'common.invoice.title': (v) => `Invoice ${v.id}`,
  'common.invoice.heading': () => 'INVOICE',
  'common.invoice.subject': (v) => `${v.title} for ${v.customer}`,
  'common.invoice.issueDate': () => 'Issue date',
  'common.invoice.dueDate': () => 'Due date',
  'common.invoice.status': () => 'Status',
  'common.invoice.billFrom': () => 'Bill from',
  'common.invoice.billTo': () => 'Bill to',
  'common.invoice.item': () => 'Item',
  'common.invoice.quantity': () => 'Qty',
  'common.invoice.price': () => 'Price',
  'common.invoice.discount': () => 'Discount',
  'common.invoice.lineTotal': () => 'Line total',
  'common.invoice.subtotal': () => 'Subtotal',
  'common.invoice.tax': (v) => `Tax (${v.percent})`,
  'common.invoice.shipping': () => 'Shipping',
  'common.invoice.total': () => 'Total',
  'common.invoice.payment': () => 'Payment',
  'common.invoice.method': () => 'Method',
  'common.invoice.cardHolder': () => 'Card holder',
  'common.invoice.card': () => 'Card',
  'common.invoice.page': (v) => `Page ${v.page} of ${v.pages}`,
  'common.invoiceStatus.pending': () => 'Pending',
  'common.invoiceStatus.complete': () => 'Complete',
  'common.invoiceStatus.overdue': () => 'Overdue',
};

/** A text of the invoice document in the current language (the common catalogue's). */
export function documentText(id: string, values: Values = {}): string {
  const text = t(id, values);
  return text === id && ENGLISH[id] ? ENGLISH[id](values) : text;
}

const STATUS_IDS: Record<DocumentStatus, string> = {
  pending: 'common.invoiceStatus.pending',
  complete: 'common.invoiceStatus.complete',
  overdue: 'common.invoiceStatus.overdue',
};

/** "$1,234.50", "1.234,50 US$": the shop's currency, written the current language's way. */
export const formatMoney = (amount: number) => formatAmount(amount);
/** A percentage given as such (8.25 → "8.25%", "8,25 %"). */
export const formatPercent = (percent: number) => formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 2 });
// Dates are shown as their UTC day, as the API stores and filters them, so every reader sees the same day.
export const formatDate = (iso: string) => formatDay(iso, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The list's rule (invoice-status.ts): overdue once the due day has passed and the invoice is still pending. */
export const documentStatus = (invoice: Pick<Invoice, 'status' | 'dueDate'>, now: Date): DocumentStatus => invoiceDisplayStatus(invoice, now);

export function invoiceDocumentModel(invoice: Invoice, now: Date): InvoiceDocumentModel {
  const status = documentStatus(invoice, now);
  const statusLabel = documentText(STATUS_IDS[status]);
  return {
    id: invoice.id,
    title: documentText('common.invoice.title', { id: invoice.id }),
    status,
    statusLabel,
    dates: [
      { label: documentText('common.invoice.issueDate'), value: formatDate(invoice.issueDate) },
      { label: documentText('common.invoice.dueDate'), value: formatDate(invoice.dueDate) },
    ],
    from: {
      heading: documentText('common.invoice.billFrom'),
      name: SHOP_LETTERHEAD.name,
      addressLines: SHOP_LETTERHEAD.addressLines,
      email: SHOP_LETTERHEAD.email,
      phone: SHOP_LETTERHEAD.phone,
    },
    to: {
      heading: documentText('common.invoice.billTo'),
      name: invoice.customer.name,
      addressLines: [invoice.billingAddress.address],
      email: invoice.billingAddress.email,
      phone: invoice.billingAddress.phone,
    },
    lines: invoice.products.map((line, index) => ({
      // A product may appear on two lines (e.g. at two discounts): the position keeps keys unique.
      key: `${index}-${line.id}`,
      title: line.title,
      quantity: formatNumber(line.quantity, { maximumFractionDigits: 2 }),
      price: formatMoney(line.price),
      discount: formatPercent(line.discount),
      total: formatMoney(line.total),
    })),
    totals: [
      { label: documentText('common.invoice.subtotal'), value: formatMoney(invoice.subTotal) },
      { label: documentText('common.invoice.tax', { percent: formatPercent(invoice.taxPercent) }), value: formatMoney(invoice.tax) },
      { label: documentText('common.invoice.shipping'), value: formatMoney(invoice.shippingCharge) },
    ],
    total: { label: documentText('common.invoice.total'), value: formatMoney(invoice.totalAmount) },
    payment: [
      { label: documentText('common.invoice.method'), value: invoice.payment.paymentMethod },
      { label: documentText('common.invoice.cardHolder'), value: invoice.payment.cardHolder },
      { label: documentText('common.invoice.card'), value: invoice.payment.cardNo },
    ],
  };
}
