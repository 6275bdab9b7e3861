import type { Invoice } from '@schema/invoice';
import { invoiceDisplayStatus } from '@/lib/invoice-status';
import { SHOP_LETTERHEAD } from './shop-letterhead';
import { t } from '@/i18n/i18n';
import { dateFormat, formatMoney as money, formatNumber, formatPercent as percentOf } from '@/i18n/format';
import { INVOICE_STATUS_IDS } from '@/lib/invoice-status';
import { paymentMethodLabel } from '@/lib/payment-method';

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
export interface InvoiceDocumentLabels {
  document: string;
  status: string;
  lines: string;
  item: string;
  quantity: string;
  quantityShort: string;
  price: string;
  discount: string;
  lineTotal: string;
  payment: string;
  totals: string;
}

/** The labels in the current language. */
export const invoiceDocumentLabels = (): InvoiceDocumentLabels => ({
  document: t('common.invoice.document'),
  status: t('common.invoice.status'),
  lines: t('common.invoice.lines'),
  item: t('common.invoice.item'),
  quantity: t('common.invoice.quantity'),
  quantityShort: t('common.invoice.quantityShort'),
  price: t('common.invoice.price'),
  discount: t('common.invoice.discount'),
  lineTotal: t('common.invoice.lineTotal'),
  payment: t('common.invoice.payment'),
  totals: t('common.invoice.totals'),
});

export interface InvoiceDocumentModel {
  id: string;
  title: string;
  status: DocumentStatus;
  statusLabel: string;
  /** The document's own words (headings, column names) in the current language, for the page and the PDF. */
  labels: InvoiceDocumentLabels;
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

// In the current language (src/i18n/format.ts); the amounts stay in the shop's currency.
export const formatMoney = (amount: number) => money(amount);
export const formatPercent = (percent: number) => percentOf(percent / 100, { maximumFractionDigits: 2 });
// Dates are shown as their UTC day, as the API stores and filters them, so every reader sees the same day.
export const formatDate = (iso: string) => dateFormat({ year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** The list's rule (invoice-status.ts): overdue once the due day has passed and the invoice is still pending. */
export const documentStatus = (invoice: Pick<Invoice, 'status' | 'dueDate'>, now: Date): DocumentStatus => invoiceDisplayStatus(invoice, now);

export function invoiceDocumentModel(invoice: Invoice, now: Date): InvoiceDocumentModel {
  const status = documentStatus(invoice, now);
  const statusLabel = t(INVOICE_STATUS_IDS[status]);
  return {
    id: invoice.id,
    title: t('common.invoice.title', { id: invoice.id }),
    status,
    statusLabel,
    labels: invoiceDocumentLabels(),
    dates: [
      { label: t('common.invoice.issueDate'), value: formatDate(invoice.issueDate) },
      { label: t('common.invoice.dueDate'), value: formatDate(invoice.dueDate) },
    ],
    from: {
      heading: t('common.invoice.billFrom'),
      name: SHOP_LETTERHEAD.name,
      addressLines: SHOP_LETTERHEAD.addressLines,
      email: SHOP_LETTERHEAD.email,
      phone: SHOP_LETTERHEAD.phone,
    },
    to: {
      heading: t('common.invoice.billTo'),
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
      { label: t('common.invoice.subtotal'), value: formatMoney(invoice.subTotal) },
      { label: t('common.invoice.tax', { percent: formatPercent(invoice.taxPercent) }), value: formatMoney(invoice.tax) },
      { label: t('common.invoice.shipping'), value: formatMoney(invoice.shippingCharge) },
    ],
    total: { label: t('common.invoice.total'), value: formatMoney(invoice.totalAmount) },
    payment: [
      { label: t('common.invoice.method'), value: paymentMethodLabel(invoice.payment.paymentMethod) },
      { label: t('common.invoice.cardHolder'), value: invoice.payment.cardHolder },
      { label: t('common.invoice.card'), value: invoice.payment.cardNo },
    ],
  };
}
