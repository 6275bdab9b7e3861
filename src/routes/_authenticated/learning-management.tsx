import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import type { DashboardPeriod } from '@schema/dashboard';
import { CustomerPreviewOffer } from '@/components/customer-preview-offer';
import { PERIOD_SEARCH_DEFAULTS, periodLoaderDeps, periodSearchSchema } from '@/components/dashboard/period-search';
import { prefetchDashboard } from '@/features/dashboards/api';
import { LearningDashboardScreen } from '@/features/dashboards/learning/learning-dashboard';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/learning-management')({
  validateSearch: periodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  // The loader ships in the screen's chunk (no chunk of its own to list at start-up).
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: periodLoaderDeps,
  // Starts the figures' request without waiting for it: the page renders meanwhile.
  loader: ({ deps }) => prefetchDashboard('learning', deps.period),
  head: () => ({ meta: [{ title: t('common.title.learningManagement') }] }),
  component: LearningManagementRoute,
});

function LearningManagementRoute() {
  const navigate = Route.useNavigate();
  const { period } = Route.useSearch();
  return (
    <div className="space-y-6">
      {/* The static demo's landing page offers the customer portal too (nothing in other builds). */}
      <CustomerPreviewOffer />
      <LearningDashboardScreen period={period} onPeriodChange={(next: DashboardPeriod) => void navigate({ search: { period: next } })} />
    </div>
  );
}
