import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { DashboardPeriod } from '@schema/dashboard';
import { PERIOD_SEARCH_DEFAULTS, periodSearchSchema } from '@/components/dashboard/period-search';
import { AnalyticsDashboardScreen } from '@/features/dashboards/analytics/analytics-dashboard';

export const Route = createFileRoute('/_authenticated/analytics')({
  validateSearch: periodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: 'Analytics · Shop Admin' }] }),
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const navigate = Route.useNavigate();
  const { period } = Route.useSearch();
  return <AnalyticsDashboardScreen period={period} onPeriodChange={(next: DashboardPeriod) => void navigate({ search: { period: next } })} />;
}
