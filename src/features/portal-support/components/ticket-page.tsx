import type { Ticket } from '@schema/ticket';
import { isPendingId } from '@domain/sync/pending';
import { Breadcrumb } from '@/components/breadcrumb';
import { ErrorState } from '@/components/data-table/list-states';
import { PageLoading } from '@/components/page-loading';
import { RecordNotFound } from '@/components/record-not-found';
import { TicketMessage } from '@/components/ticket-message';
import { TicketReplyForm } from '@/components/ticket-reply-form';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { ApiRequestError } from '@/lib/api-client';
import { ticketNumber } from '@/lib/support-format';
import { useT } from '@/i18n/i18n';
import { ticketCategoryLabel } from '../category-labels';
import { useLiveLoad } from '@/lib/use-live-load';
import { getMyTicket, replyToMyTicket } from '../api';
import { messageOf } from '@/lib/error-message';

/**
 * /portal/support/$ticketId: one of the customer's tickets, its thread kept current (the
 * team's reply appears when it syncs), and a reply box. A ticket opened offline has this
 * device's id until the shop has it; the page then follows it to its new id.
 */
export function PortalTicketPage({ ticketId }: { ticketId: string }) {
  const t = useT('portal');
  const id = Number(ticketId);
  const ticket = useLiveLoad(`ticket-${ticketId}`, (signal) => (Number.isSafeInteger(id) && id > 0 ? getMyTicket(id, signal) : Promise.reject(new ApiRequestError(404, 'Ticket not found'))));
  if (ticket.error instanceof ApiRequestError && (ticket.error.status === 404 || ticket.error.status === 400)) {
    return <RecordNotFound noun="ticket" id={ticketId} listTo="/portal/support" listName="tickets" />;
  }
  if (ticket.error) return <ErrorState message={t('portal.support.ticketFailed', { reason: messageOf(ticket.error) })} onRetry={ticket.reload} />;
  if (!ticket.data) return <PageLoading />;
  return <TicketThread ticket={ticket.data} onReplied={ticket.reload} />;
}

function TicketThread({ ticket, onReplied }: { ticket: Ticket; onReplied: () => void }) {
  const t = useT('portal');
  const pending = isPendingId(ticket.id);
  return (
    <section aria-labelledby="ticket-heading" className="min-w-0 space-y-4">
      <Breadcrumb listTo="/portal/support" listLabel={t('portal.nav.support')} current={ticket.subject} currentIsData />
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="ticket-heading" className="min-w-0 text-2xl font-semibold break-words" translate="no">
          {ticket.subject}
        </h1>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {pending ? t('portal.support.pendingLine', { category: ticketCategoryLabel(ticket.category) }) : t('portal.support.numberLine', { category: ticketCategoryLabel(ticket.category), number: ticketNumber(ticket.id) })}
      </p>
      <ol aria-label={t('portal.support.messages')} className="space-y-3 text-sm">
        <TicketMessage author={`${ticket.firstName} ${ticket.lastName}`} at={ticket.createdAt} message={ticket.message} opening />
        {ticket.replies.map((reply) => (
          <TicketMessage key={reply.id} author={reply.author} at={reply.at} message={reply.message} />
        ))}
      </ol>
      <TicketReplyForm key={ticket.id} save={(message) => replyToMyTicket(ticket.id, message)} onSent={onReplied} draftKey={`portal/support/${ticket.id}/reply`} formLabel={t('portal.support.reply')} fieldLabel={t('portal.support.yourReply')} />
    </section>
  );
}
