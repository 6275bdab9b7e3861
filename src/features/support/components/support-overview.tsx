import { Trans } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/data-table/list-states';
import { SearchInput } from '@/components/data-table/search-input';
import { useListQuery } from '@/components/data-table/use-list-query';
import { findTickets, listFaqs } from '../api';
import { faqTopicLabel, ticketNumber } from '@/lib/support-format';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { useT } from '@/i18n/i18n';
import { messageOf } from '@/lib/error-message';

/** How many matches of each kind the overview's search lists (the rest are a link away). */
const RESULTS_PER_GROUP = 5;

const linkClass = 'text-indigo-700 underline hover:no-underline dark:text-indigo-300';

/**
 * /support: cards leading to the FAQs, the tickets and the contact form, with live counts,
 * and one "How can we help you?" search over the FAQs and the tickets (its text in the URL).
 */
export function SupportOverview({ query, onQueryChange }: { query: string; onQueryChange: (query: string) => void }) {
  const t = useT('support');
  return (
    <div className="space-y-8">
      <section aria-labelledby="help-search-heading" className="space-y-3">
        <h2 id="help-search-heading" className="text-xl font-semibold">
          {t('support.overview.heading')}
        </h2>
        <div role="search">
          <SearchInput label={t('support.overview.heading')} placeholder={t('support.overview.searchPlaceholder')} value={query} onSearch={onQueryChange} />
        </div>
        <HelpResults query={query} />
      </section>
      <SupportCards />
    </div>
  );
}

function SupportCards() {
  const t = useT('support');
  const tickets = useListQuery('tickets', 'overview-counts', async (signal) => {
    const [open, all] = await Promise.all([findTickets({ status: 'open' }, signal), findTickets({}, signal)]);
    return { open: open.meta.total, all: all.meta.total };
  });
  const faqs = useListQuery('faqs', 'overview-count', async (signal) => (await listFaqs('', signal)).length);
  const figure = <T,>(state: { data: T | undefined; error: Error | null }, text: (data: T) => string) =>
    state.data !== undefined ? text(state.data) : state.error ? t('support.overview.countFailed') : t('support.overview.counting');
  return (
    <section aria-labelledby="support-cards-heading" className="space-y-3">
      <h2 id="support-cards-heading" className="text-xl font-semibold">
        {t('support.overview.waysHeading')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        <Card to="/support/faqs" testId="faqs" title={t('support.overview.faqsTitle')} text={t('support.overview.faqsText')} figure={figure(faqs, (count) => t('support.overview.faqsFigure', { count }))} />
        <Card
          to="/support/tickets"
          testId="tickets"
          title={t('support.overview.ticketsTitle')}
          text={t('support.overview.ticketsText')}
          figure={figure(tickets, ({ open, all }) => t('support.overview.ticketsFigure', { open, all }))}
        />
        <Card to="/support/contact" testId="contact" title={t('support.contact.title')} text={t('support.overview.contactText')} figure={t('support.overview.contactFigure')} />
      </ul>
    </section>
  );
}

function Card({ to, testId, title, text, figure }: { to: '/support/faqs' | '/support/tickets' | '/support/contact'; testId: string; title: string; text: string; figure: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 hover:border-indigo-400 hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        <h3 className="font-semibold text-indigo-700 dark:text-indigo-300">{title}</h3>
        <span className="text-sm text-slate-600 dark:text-slate-400">{text}</span>
        <span className="mt-auto pt-2 text-sm font-medium" data-testid={`${testId}-figure`}>
          {figure}
        </span>
      </Link>
    </li>
  );
}

/** The search's results, grouped "FAQs" / "Tickets", each a link to it; empty, loading and error states. */
function HelpResults({ query }: { query: string }) {
  const t = useT('support');
  const faqs = useListQuery('faqs', `help:${query}`, (signal) => (query ? listFaqs(query, signal) : Promise.resolve([])));
  const tickets = useListQuery('tickets', `help:${query}`, (signal) =>
    query ? findTickets({ search: query }, signal).then(({ tickets: rows, meta }) => ({ rows, total: meta.total })) : Promise.resolve({ rows: [], total: 0 }),
  );
  if (!query) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('support.overview.typeToSearch')}</p>;

  const retry = () => {
    faqs.retry();
    tickets.retry();
  };
  const failure = faqs.error ?? tickets.error;
  const loading = faqs.fetching || tickets.fetching;
  const faqRows = faqs.data ?? [];
  const ticketRows = tickets.data?.rows ?? [];
  const ticketTotal = tickets.data?.total ?? 0;
  // The words searched for are the person's own: not the app's text to translate.
  const searched = { 0: <span translate="no" /> };
  const status = loading ? (
    t('support.overview.searching')
  ) : failure ? (
    ''
  ) : faqRows.length + ticketTotal === 0 ? (
    <Trans id="support.overview.noMatch" values={{ query }} components={searched} />
  ) : (
    <Trans id="support.overview.matches" values={{ faqs: faqRows.length, tickets: ticketTotal, query }} components={searched} />
  );

  return (
    <div className="space-y-4" aria-busy={loading}>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {status}
      </p>
      {failure && <ErrorState message={t('support.overview.searchFailed', { reason: messageOf(failure) })} onRetry={retry} />}
      {!loading && !failure && faqRows.length + ticketTotal === 0 && (
        <p className="text-sm">
          <Trans
            id="support.overview.tryOther"
            components={{
              0: <Link to="/support/create-ticket" className={linkClass} />,
              1: <Link to="/support/contact" className={linkClass} />,
            }}
          />
        </p>
      )}
      {!failure && (faqRows.length > 0 || ticketRows.length > 0) && (
        <div className={`grid gap-4 md:grid-cols-2 ${loading ? 'opacity-60' : ''}`}>
          {faqRows.length > 0 && (
            <ResultGroup title={t('support.overview.faqsTitle')}>
              {faqRows.slice(0, RESULTS_PER_GROUP).map((faq) => (
                <li key={faq.id}>
                  <Link to="/support/faqs" search={{ search: query, faq: faq.id }} className={linkClass} translate="no">
                    {faq.question}
                  </Link>
                  <span className="block text-xs text-slate-500 dark:text-slate-400" translate="no">{faqTopicLabel(faq.topic)}</span>
                </li>
              ))}
              {faqRows.length > RESULTS_PER_GROUP && (
                <li>
                  <Link to="/support/faqs" search={{ search: query }} className={`${linkClass} text-sm font-medium`}>
                    {t('support.overview.seeAllFaqs', { count: faqRows.length })}
                  </Link>
                </li>
              )}
            </ResultGroup>
          )}
          {ticketRows.length > 0 && (
            <ResultGroup title={t('support.overview.ticketsTitle')}>
              {ticketRows.slice(0, RESULTS_PER_GROUP).map((ticket) => (
                <li key={ticket.id} className="flex items-start justify-between gap-2">
                  <Link to="/support/tickets" search={{ search: query, ticket: ticket.id }} className={`${linkClass} min-w-0 break-words`} translate="no">
                    {ticketNumber(ticket.id)} {ticket.subject}
                  </Link>
                  <TicketStatusBadge status={ticket.status} />
                </li>
              ))}
              {ticketTotal > RESULTS_PER_GROUP && (
                <li>
                  <Link to="/support/tickets" search={{ search: query }} className={`${linkClass} text-sm font-medium`}>
                    {t('support.overview.seeAllTickets', { count: ticketTotal })}
                  </Link>
                </li>
              )}
            </ResultGroup>
          )}
        </div>
      )}
    </div>
  );
}

function ResultGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h3 className="font-semibold">{title}</h3>
      <ul className="space-y-2 text-sm">{children}</ul>
    </section>
  );
}
