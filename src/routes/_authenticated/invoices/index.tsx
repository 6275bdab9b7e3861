import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LIST_SEARCH_DEFAULTS, searchChanger, type ListNavigate } from '@/components/data-table/list-search';
import { invoicesSearchSchema } from '@/features/invoices/data/schema';
import { InvoicesListPage } from '@/features/invoices/components/invoices-list-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/invoices/')({
  validateSearch: invoicesSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: t('common.title.invoices') }] }),
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useMemo(() => searchChanger(navigate as ListNavigate), [navigate]);
  return <InvoicesListPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
