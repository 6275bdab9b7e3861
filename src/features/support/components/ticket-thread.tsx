import { useEffect, useId, useState } from 'react';
import type { Ticket, TicketStatus } from '@schema/ticket';
import { TicketMessage } from '@/components/ticket-message';
import { TicketReplyForm } from '@/components/ticket-reply-form';
import { notify } from '@/lib/notify';
import { getProduct, replyToTicket, setTicketStatus } from '../api';
import { ticketCategoryLabels, ticketNumber, ticketStatusLabels, ticketStatusOptions } from '@/lib/support-format';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

/**
 * A ticket opened in the tickets list: who wrote it and about what, the thread (the opening
 * message, then each reply with its author and time), the attachment, the status select
 * (PATCH) and a reply box (POST …/replies). `onChanged` refreshes the list after each write.
 */
export function TicketThread({ ticket, onChanged }: { ticket: Ticket; onChanged: () => void }) {
  const number = ticketNumber(ticket.id);
  return (
    <section aria-label={`Ticket ${number}`} className="min-w-0 space-y-4 text-sm whitespace-normal">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500 dark:text-slate-400">From</dt>
        <dd className="break-words">
          {ticket.firstName} {ticket.lastName} · <a href={`mailto:${ticket.email}`} className="text-indigo-700 underline dark:text-indigo-300">{ticket.email}</a>
        </dd>
        <dt className="font-medium text-slate-500 dark:text-slate-400">Category</dt>
        <dd>{ticketCategoryLabels[ticket.category]}</dd>
        {ticket.productId !== null && (
          <>
            <dt className="font-medium text-slate-500 dark:text-slate-400">Product</dt>
            <dd className="break-words">
              <ProductName id={ticket.productId} />
            </dd>
          </>
        )}
      </dl>

      <ol aria-label={`Messages of ticket ${number}`} className="space-y-3">
        <TicketMessage author={`${ticket.firstName} ${ticket.lastName}`} at={ticket.createdAt} message={ticket.message} opening />
        {ticket.replies.map((reply) => (
          <TicketMessage key={reply.id} author={reply.author} at={reply.at} message={reply.message} />
        ))}
      </ol>

      {ticket.attachmentFileId && (
        <figure className="space-y-1">
          <img
            src={`/api/files/${ticket.attachmentFileId}`}
            alt={`Attachment of ticket ${number}`}
            className="max-h-48 max-w-full rounded-md border border-slate-200 object-contain dark:border-slate-700"
          />
          <figcaption className="text-xs text-slate-500 dark:text-slate-400">Attachment</figcaption>
        </figure>
      )}

      <StatusSelect ticket={ticket} onChanged={onChanged} />
      {/* Keyed: a reply box (and its draft) per ticket. */}
      <TicketReplyForm key={ticket.id} save={(message) => replyToTicket(ticket.id, message)} onSent={onChanged} draftKey={`support/tickets/${ticket.id}/reply`} formLabel={`Reply to ticket ${ticketNumber(ticket.id)}`} fieldLabel="Reply" />
    </section>
  );
}

/** The ticket's product by name (its id while loading, or if it has since been deleted). */
function ProductName({ id }: { id: number }) {
  const [title, setTitle] = useState<{ id: number; text: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getProduct(id, controller.signal).then(
      (product) => setTitle({ id, text: product.title }),
      () => !controller.signal.aborted && setTitle({ id, text: `Product ${id} (no longer in the catalogue)` }),
    );
    return () => controller.abort();
  }, [id]);
  return <>{title?.id === id ? title.text : `Product ${id}`}</>;
}

function StatusSelect({ ticket, onChanged }: { ticket: Ticket; onChanged: () => void }) {
  const selectId = useId();
  // The chosen status while the change is saved (and until the list's row shows it).
  const [chosen, setChosen] = useState<TicketStatus | null>(null);
  if (chosen !== null && ticket.status === chosen) setChosen(null);

  const change = (status: TicketStatus) => {
    setChosen(status);
    const what = `Ticket ${ticketNumber(ticket.id)}`;
    void notify
      .promise(setTicketStatus(ticket.id, status), { loading: `Updating ${what}…`, success: `${what} set to ${ticketStatusLabels[status]}`, error: errorText })
      .then(onChanged, () => setChosen(null));
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="font-medium">
        Status
      </label>
      <select id={selectId} className="input" value={chosen ?? ticket.status} onChange={(event) => change(event.target.value as TicketStatus)}>
        {ticketStatusOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
