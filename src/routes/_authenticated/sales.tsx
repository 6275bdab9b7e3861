import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { DashboardPeriod } from '@schema/dashboard';
import { PERIOD_SEARCH_DEFAULTS, periodLoaderDeps, periodSearchSchema } from '@/components/dashboard/period-search';
import { prefetchDashboard } from '@/features/dashboards/api';
import { SalesDashboardScreen } from '@/features/dashboards/sales/sales-dashboard';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/sales')({
  validateSearch: periodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  // The loader ships in the screen's chunk (no chunk of its own to list at start-up).
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: periodLoaderDeps,
  // Starts the figures' request without waiting for it: the page renders meanwhile.
  loader: ({ deps }) => prefetchDashboard('sales', deps.period),
  head: () => ({ meta: [{ title: t('common.title.sales') }] }),
  component: SalesRoute,
});

function SalesRoute() {
  const navigate = Route.useNavigate();
  const { period } = Route.useSearch();
  return <SalesDashboardScreen period={period} onPeriodChange={(next: DashboardPeriod) => void navigate({ search: { period: next } })} />;
}
