import type { InvoiceStatus } from '@schema/invoice';
import { useT } from '@/i18n/i18n';

const styles: Record<InvoiceStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  complete: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
};
const labels: Record<InvoiceStatus, string> = { pending: 'portal.invoiceStatus.pending', complete: 'portal.invoiceStatus.complete' };

/** An invoice's status as a badge, in the team's words. */
export function InvoiceStatusText({ status }: { status: InvoiceStatus }) {
  const t = useT('portal');
  return <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${styles[status]}`}>{t(labels[status])}</span>;
}
