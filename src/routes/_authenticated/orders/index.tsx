import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LIST_SEARCH_DEFAULTS, searchChanger, type ListNavigate } from '@/components/data-table/list-search';
import { ordersSearchSchema } from '@/features/orders/data/schema';
import { OrdersListPage } from '@/features/orders/components/list/orders-list-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/orders/')({
  validateSearch: ordersSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: t('common.title.orders') }] }),
  component: OrdersRoute,
});

function OrdersRoute() {
  const navigate = Route.useNavigate();
  const onSearchChange = useMemo(() => searchChanger(navigate as ListNavigate), [navigate]);
  return <OrdersListPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
