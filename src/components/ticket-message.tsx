import { formatTicketTime } from '@/lib/support-format';

/**
 * One message of a ticket's thread: the opening one, or a reply indented under it (the team's
 * Support and the customer portal show them alike). Its author and words are the ticket's own
 * (translate="no"); the author a reply was stored with is already a name ('Admin' when the
 * account had none).
 */
export function TicketMessage({ author, at, message, opening = false }: { author: string; at: string; message: string; opening?: boolean }) {
  return (
    <li className={`rounded-lg border p-3 ${opening ? 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900' : 'ms-4 border-indigo-100 bg-indigo-50 dark:border-indigo-900 dark:bg-indigo-950'}`}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-slate-600 dark:text-slate-300">
        <span className="font-semibold text-slate-900 dark:text-white" translate="no">
          {author || 'Admin'}
        </span>
        <time dateTime={at}>{formatTicketTime(at)}</time>
      </p>
      <p className="mt-1 break-words whitespace-pre-wrap" translate="no">
        {message}
      </p>
    </li>
  );
}
