import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { DashboardPeriod } from '@schema/dashboard';
import { PERIOD_SEARCH_DEFAULTS, periodSearchSchema } from '@/components/dashboard/period-search';
import { JobDashboardScreen } from '@/features/dashboards/job/job-dashboard';

export const Route = createFileRoute('/_authenticated/job-management')({
  validateSearch: periodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: 'Job management · Shop Admin' }] }),
  component: JobManagementRoute,
});

function JobManagementRoute() {
  const navigate = Route.useNavigate();
  const { period } = Route.useSearch();
  return <JobDashboardScreen period={period} onPeriodChange={(next: DashboardPeriod) => void navigate({ search: { period: next } })} />;
}
