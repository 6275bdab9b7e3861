import { createFileRoute } from '@tanstack/react-router';
import { orderFilterOf, type OrderFilter } from '@/features/portal/data/portal-records';
import { MyOrdersPage } from '@/features/portal/my-orders-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/orders/')({
  // `?status=` one of the filters; anything else (or none) is every order, left out of the URL.
  validateSearch: (search: Record<string, unknown>): { status?: Exclude<OrderFilter, 'all'> } => {
    const status = orderFilterOf(search.status);
    return status === 'all' ? {} : { status };
  },
  head: () => ({ meta: [{ title: t('common.title.portalMyOrders') }] }),
  component: MyOrdersRoute,
});

function MyOrdersRoute() {
  const navigate = Route.useNavigate();
  const { status } = Route.useSearch();
  return <MyOrdersPage filter={status ?? 'all'} onFilterChange={(next) => void navigate({ search: next === 'all' ? {} : { status: next }, replace: true })} />;
}
