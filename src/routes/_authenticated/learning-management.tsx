import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { DashboardPeriod } from '@schema/dashboard';
import { PERIOD_SEARCH_DEFAULTS, periodSearchSchema } from '@/components/dashboard/period-search';
import { LearningDashboardScreen } from '@/features/dashboards/learning/learning-dashboard';

export const Route = createFileRoute('/_authenticated/learning-management')({
  validateSearch: periodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: 'Learning management · Shop Admin' }] }),
  component: LearningManagementRoute,
});

function LearningManagementRoute() {
  const navigate = Route.useNavigate();
  const { period } = Route.useSearch();
  return <LearningDashboardScreen period={period} onPeriodChange={(next: DashboardPeriod) => void navigate({ search: { period: next } })} />;
}
