import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { t } from '@/i18n/i18n';
import { useMemo } from 'react';
import { LIST_SEARCH_DEFAULTS, searchChanger, type ListNavigate, type ListSearch } from '@/components/data-table/list-search';
import { ticketsSearchSchema } from '@/features/support/data/schema';
import { TicketsListPage } from '@/features/support/components/tickets-list-page';

export const Route = createFileRoute('/_authenticated/support/tickets')({
  validateSearch: ticketsSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: t('support.head.tickets') }] }),
  component: TicketsRoute,
});

function TicketsRoute() {
  const navigate = Route.useNavigate();
  // `ticket` only says which thread to open on arrival: the list's own changes drop it.
  const onSearchChange = useMemo(() => {
    const change = searchChanger(navigate as ListNavigate);
    return (next: Partial<ListSearch>, options?: { replace?: boolean }) => change({ ...next, ticket: undefined }, options);
  }, [navigate]);
  const { ticket, ...search } = Route.useSearch();
  return <TicketsListPage search={search} onSearchChange={onSearchChange} initiallyExpanded={ticket} />;
}
