import type { InvoiceDisplayStatus } from '@/lib/invoice-status';
import { formatDate, formatMoney as formatAmount } from '@/i18n/format';
import type { t as translate } from '@/i18n/i18n';

/** "$1,234.50" in the current language (the shop's currency). */
export const formatMoney = (amount: number) => formatAmount(amount);

/** An invoice date as its calendar day ("Mar 7, 2026", "7 mar 2026"): invoice dates are stored at 00:00 UTC, shown as that day everywhere. */
export const formatInvoiceDay = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });

const STATUS_IDS: Record<InvoiceDisplayStatus, string> = {
  pending: 'invoices.status.pending',
  complete: 'invoices.status.complete',
  overdue: 'invoices.status.overdue',
};

/** Pending, Complete or Overdue in the current language. */
export const invoiceStatusLabel = (t: typeof translate, status: InvoiceDisplayStatus) => t(STATUS_IDS[status]);

