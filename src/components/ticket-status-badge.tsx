import type { TicketStatus } from '@schema/ticket';
import { ticketStatusLabels } from '@/lib/support-format';

const styles: Record<TicketStatus, string> = {
  open: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  closed: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/** Open, Pending or Closed, in words (the colour only repeats them). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${styles[status]}`}>{ticketStatusLabels[status]}</span>;
}
