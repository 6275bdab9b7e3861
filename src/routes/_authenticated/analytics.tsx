import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { DashboardPeriod } from '@schema/dashboard';
import { PERIOD_SEARCH_DEFAULTS, periodLoaderDeps, periodSearchSchema } from '@/components/dashboard/period-search';
import { prefetchDashboard } from '@/features/dashboards/api';
import { AnalyticsDashboardScreen } from '@/features/dashboards/analytics/analytics-dashboard';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/analytics')({
  validateSearch: periodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  // The loader ships in the screen's chunk (no chunk of its own to list at start-up).
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: periodLoaderDeps,
  // Starts the figures' request without waiting for it: the page renders meanwhile.
  loader: ({ deps }) => prefetchDashboard('analytics', deps.period),
  head: () => ({ meta: [{ title: t('common.title.analytics') }] }),
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const navigate = Route.useNavigate();
  const { period } = Route.useSearch();
  return <AnalyticsDashboardScreen period={period} onPeriodChange={(next: DashboardPeriod) => void navigate({ search: { period: next } })} />;
}
