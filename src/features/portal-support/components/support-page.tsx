import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState, ErrorState } from '@/components/data-table/list-states';
import { FaqBrowser } from '@/components/faq-browser';
import { PageLoading } from '@/components/page-loading';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { formatTicketDay, ticketCategoryLabels } from '@/lib/support-format';
import { useLiveLoad } from '@/lib/use-live-load';
import { listMyTickets } from '../api';
import { OpenTicketForm } from './open-ticket-form';

const linkClass = 'text-indigo-700 underline hover:no-underline dark:text-indigo-300';

/**
 * /portal/support: the customer's tickets (kept current as the team answers), a form to open
 * one, the shop's FAQs and how to reach it.
 */
export function PortalSupportPage() {
  const tickets = useLiveLoad('my-tickets', listMyTickets);
  const navigate = useNavigate();
  const [faqSearch, setFaqSearch] = useState('');
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Support</h1>
      <section aria-labelledby="my-tickets-heading" className="space-y-3">
        <h2 id="my-tickets-heading" className="text-xl font-semibold">
          My tickets
        </h2>
        {tickets.error ? (
          <ErrorState message={`Could not load your tickets: ${tickets.error.message}`} onRetry={tickets.reload} />
        ) : !tickets.data ? (
          <PageLoading />
        ) : tickets.data.length === 0 ? (
          <EmptyState message="You have no tickets. Open one below when you need help." />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {tickets.data.map((ticket) => (
              <li key={ticket.id} className="flex flex-wrap items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <Link to="/portal/support/$ticketId" params={{ ticketId: String(ticket.id) }} className="font-medium break-words hover:underline">
                    {ticket.subject}
                  </Link>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {ticketCategoryLabels[ticket.category]} · opened {formatTicketDay(ticket.createdAt)} ·{' '}
                    {ticket.replies.length === 1 ? '1 reply' : `${ticket.replies.length} replies`}
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
          Open a ticket
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">Write to the shop about an order, a product, a bill or your account; the answer appears in the ticket’s thread.</p>
        <OpenTicketForm onOpened={(ticket) => void navigate({ to: '/portal/support/$ticketId', params: { ticketId: String(ticket.id) } })} />
      </section>
      <section aria-labelledby="contact-heading" className="space-y-2">
        <h2 id="contact-heading" className="text-xl font-semibold">
          Contact
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Tickets are usually answered within a day. Choose “Contact form” as the category for anything else you want to tell the shop, or look for your answer in the FAQs first.
        </p>
      </section>
      <FaqBrowser
        search={faqSearch}
        onSearchChange={setFaqSearch}
        intro={
          <>
            Answers to the questions we hear most. Not there?{' '}
            <a href="#open-ticket-heading" className={linkClass}>
              Open a ticket
            </a>
            .
          </>
        }
      />
    </div>
  );
}
