import { useEffect, useId, useState } from 'react';
import type { Ticket, TicketStatus } from '@schema/ticket';
import { TicketMessage } from '@/components/ticket-message';
import { TicketReplyForm } from '@/components/ticket-reply-form';
import { notify } from '@/lib/notify';
import { getProduct, replyToTicket, setTicketStatus } from '../api';
import { ticketNumber } from '@/lib/support-format';
import { useT } from '@/i18n/i18n';
import { useTicketLabels } from '../ticket-labels';
import { messageOf } from '@/lib/error-message';

const errorText = (error: unknown) => messageOf(error);

/**
 * A ticket opened in the tickets list: who wrote it and about what, the thread (the opening
 * message, then each reply with its author and time), the attachment, the status select
 * (PATCH) and a reply box (POST …/replies). `onChanged` refreshes the list after each write.
 */
export function TicketThread({ ticket, onChanged }: { ticket: Ticket; onChanged: () => void }) {
  const t = useT('support');
  const { categoryLabel } = useTicketLabels();
  const number = ticketNumber(ticket.id);
  return (
    <section aria-label={t('support.thread.label', { number })} className="min-w-0 space-y-4 text-sm whitespace-normal">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500 dark:text-slate-400">{t('support.thread.from')}</dt>
        <dd className="break-words" translate="no">
          {ticket.firstName} {ticket.lastName} · <a href={`mailto:${ticket.email}`} className="text-indigo-700 underline dark:text-indigo-300">{ticket.email}</a>
        </dd>
        <dt className="font-medium text-slate-500 dark:text-slate-400">{t('support.form.category')}</dt>
        <dd>{categoryLabel(ticket.category)}</dd>
        {ticket.productId !== null && (
          <>
            <dt className="font-medium text-slate-500 dark:text-slate-400">{t('support.thread.product')}</dt>
            <dd className="break-words">
              <ProductName id={ticket.productId} />
            </dd>
          </>
        )}
      </dl>

      <ol aria-label={t('support.thread.messages', { number })} className="space-y-3">
        <TicketMessage author={`${ticket.firstName} ${ticket.lastName}`} at={ticket.createdAt} message={ticket.message} opening />
        {ticket.replies.map((reply) => (
          <TicketMessage key={reply.id} author={reply.author} at={reply.at} message={reply.message} />
        ))}
      </ol>

      {ticket.attachmentFileId && (
        <figure className="space-y-1">
          <img
            src={`/api/files/${ticket.attachmentFileId}`}
            alt={t('support.thread.attachmentAlt', { number })}
            className="max-h-48 max-w-full rounded-md border border-slate-200 object-contain dark:border-slate-700"
          />
          <figcaption className="text-xs text-slate-500 dark:text-slate-400">{t('support.thread.attachment')}</figcaption>
        </figure>
      )}

      <StatusSelect ticket={ticket} onChanged={onChanged} />
      {/* Keyed: a reply box (and its draft) per ticket. */}
      <TicketReplyForm key={ticket.id} save={(message) => replyToTicket(ticket.id, message)} onSent={onChanged} draftKey={`support/tickets/${ticket.id}/reply`} formLabel={t('support.thread.replyForm', { number })} fieldLabel={t('support.thread.reply')} />
    </section>
  );
}

/** The ticket's product by name (its id while loading, or if it has since been deleted). */
function ProductName({ id }: { id: number }) {
  const t = useT('support');
  const [title, setTitle] = useState<{ id: number; text: string | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getProduct(id, controller.signal).then(
      (product) => setTitle({ id, text: product.title }),
      () => !controller.signal.aborted && setTitle({ id, text: null }),
    );
    return () => controller.abort();
  }, [id]);
  if (title?.id !== id) return <>{t('support.thread.productId', { id })}</>;
  return title.text === null ? <>{t('support.thread.productGone', { id })}</> : <span translate="no">{title.text}</span>;
}

function StatusSelect({ ticket, onChanged }: { ticket: Ticket; onChanged: () => void }) {
  const t = useT('support');
  const { statusLabel, statusOptions } = useTicketLabels();
  const selectId = useId();
  // The chosen status while the change is saved (and until the list's row shows it).
  const [chosen, setChosen] = useState<TicketStatus | null>(null);
  if (chosen !== null && ticket.status === chosen) setChosen(null);

  const change = (status: TicketStatus) => {
    setChosen(status);
    const number = ticketNumber(ticket.id);
    void notify
      .promise(setTicketStatus(ticket.id, status), {
        loading: t('support.thread.statusSaving', { number }),
        success: t('support.thread.statusSaved', { number, status: statusLabel(status) }),
        error: errorText,
      })
      .then(onChanged, () => setChosen(null));
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="font-medium">
        {t('support.thread.status')}
      </label>
      <select id={selectId} className="input" value={chosen ?? ticket.status} onChange={(event) => change(event.target.value as TicketStatus)}>
        {statusOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
