import type { Invoice } from '@schema/invoice';
import { invoiceDisplayStatus, type InvoiceDisplayStatus } from '@/lib/invoice-status';
import { useT } from '@/i18n/i18n';
import { invoiceStatusLabel } from './invoice-format';

const styles: Record<InvoiceDisplayStatus, string> = {
  complete: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  overdue: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** Complete, Pending, or Overdue for a pending invoice past its due date. */
export function InvoiceStatusBadge({ invoice, today = new Date() }: { invoice: Pick<Invoice, 'status' | 'dueDate'>; today?: Date }) {
  const t = useT('invoices');
  const status = invoiceDisplayStatus(invoice, today);
  return <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${styles[status]}`}>{invoiceStatusLabel(t, status)}</span>;
}
