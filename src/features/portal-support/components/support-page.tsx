import { Trans } from '@lingui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { FaqBrowser } from '@/components/faq-browser';
import { PageLoading } from '@/components/page-loading';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { formatDate } from '@/i18n/format';
import { useT } from '@/i18n/i18n';
import { ticketCategoryLabel } from '../category-labels';
import { useLiveLoad } from '@/lib/use-live-load';
import { listMyTickets } from '../api';
import { OpenTicketForm } from './open-ticket-form';
import { messageOf } from '@/lib/error-message';

const linkClass = 'text-indigo-700 underline hover:no-underline dark:text-indigo-300';

/**
 * /portal/support: the customer's tickets (kept current as the team answers), a form to open
 * one, the shop's FAQs and how to reach it.
 */
export function PortalSupportPage() {
  const t = useT('portal');
  const tickets = useLiveLoad('my-tickets', listMyTickets);
  const navigate = useNavigate();
  const [faqSearch, setFaqSearch] = useState('');
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">{t('portal.nav.support')}</h1>
      <section aria-labelledby="my-tickets-heading" className="space-y-3">
        <h2 id="my-tickets-heading" className="text-xl font-semibold">
          {t('portal.support.myTickets')}
        </h2>
        {tickets.error ? (
          <ErrorState message={t('portal.support.ticketsFailed', { reason: messageOf(tickets.error) })} onRetry={tickets.reload} />
        ) : !tickets.data ? (
          <PageLoading />
        ) : tickets.data.length === 0 ? (
          <EmptyState message={t('portal.support.noTickets')} />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {tickets.data.map((ticket) => (
              <li key={ticket.id} className="flex flex-wrap items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <Link to="/portal/support/$ticketId" params={{ ticketId: String(ticket.id) }} className="font-medium break-words hover:underline" translate="no">
                    {ticket.subject}
                  </Link>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t('portal.support.ticketLine', { category: ticketCategoryLabel(ticket.category), day: formatDate(ticket.createdAt), replies: ticket.replies.length })}
                  </p>
                </div>
                <TicketStatusBadge status={ticket.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="open-ticket-heading" className="space-y-3">
        <h2 id="open-ticket-heading" className="text-xl font-semibold">
          {t('portal.support.openHeading')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('portal.support.openText')}</p>
        <OpenTicketForm onOpened={(ticket) => void navigate({ to: '/portal/support/$ticketId', params: { ticketId: String(ticket.id) } })} />
      </section>
      <section aria-labelledby="contact-heading" className="space-y-2">
        <h2 id="contact-heading" className="text-xl font-semibold">
          {t('portal.support.contact')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('portal.support.contactText')}
        </p>
      </section>
      <FaqBrowser
        search={faqSearch}
        onSearchChange={setFaqSearch}
        intro={
          <Trans id="portal.support.faqIntro" components={{ 0: <a href="#open-ticket-heading" className={linkClass} /> }} />
        }
      />
    </div>
  );
}
