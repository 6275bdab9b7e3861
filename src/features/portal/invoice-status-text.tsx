import type { InvoiceStatus } from '@schema/invoice';

const styles: Record<InvoiceStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  complete: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
};
const labels: Record<InvoiceStatus, string> = { pending: 'Pending', complete: 'Complete' };

/** An invoice's status as a badge, in the team's words. */
export function InvoiceStatusText({ status }: { status: InvoiceStatus }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${styles[status]}`}>{labels[status]}</span>;
}
