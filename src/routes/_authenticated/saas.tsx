import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { DashboardPeriod } from '@schema/dashboard';
import { PERIOD_SEARCH_DEFAULTS, periodSearchSchema } from '@/components/dashboard/period-search';
import { SaasDashboardScreen } from '@/features/dashboards/saas/saas-dashboard';

export const Route = createFileRoute('/_authenticated/saas')({
  validateSearch: periodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: 'SaaS · Shop Admin' }] }),
  component: SaasRoute,
});

function SaasRoute() {
  const navigate = Route.useNavigate();
  const { period } = Route.useSearch();
  return <SaasDashboardScreen period={period} onPeriodChange={(next: DashboardPeriod) => void navigate({ search: { period: next } })} />;
}
