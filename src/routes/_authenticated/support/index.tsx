import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { t } from '@/i18n/i18n';
import { useCallback } from 'react';
import { supportOverviewSearchSchema } from '@/features/support/data/schema';
import { SupportOverview } from '@/features/support/components/support-overview';

export const Route = createFileRoute('/_authenticated/support/')({
  validateSearch: supportOverviewSearchSchema,
  search: { middlewares: [stripSearchParams({ q: '' })] },
  head: () => ({ meta: [{ title: t('support.head.overview') }] }),
  component: SupportRoute,
});

function SupportRoute() {
  const navigate = Route.useNavigate();
  // Typing replaces the history entry rather than adding one per pause.
  const onQueryChange = useCallback((q: string) => void navigate({ search: { q }, replace: true }), [navigate]);
  return <SupportOverview query={Route.useSearch().q} onQueryChange={onQueryChange} />;
}
