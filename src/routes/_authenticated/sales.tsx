import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { DashboardPeriod } from '@schema/dashboard';
import { PERIOD_SEARCH_DEFAULTS, periodSearchSchema } from '@/components/dashboard/period-search';
import { SalesDashboardScreen } from '@/features/dashboards/sales/sales-dashboard';

export const Route = createFileRoute('/_authenticated/sales')({
  validateSearch: periodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: 'Sales · Shop Admin' }] }),
  component: SalesRoute,
});

function SalesRoute() {
  const navigate = Route.useNavigate();
  const { period } = Route.useSearch();
  return <SalesDashboardScreen period={period} onPeriodChange={(next: DashboardPeriod) => void navigate({ search: { period: next } })} />;
}
