import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { CONFLICT_SEARCH_DEFAULTS, conflictSearchSchema, type ConflictSearch } from '@/components/sync/conflict-search';
import { MySyncPage } from '@/features/portal/my-sync-page';
import { currentLocale, loadArea, t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/sync')({
  validateSearch: conflictSearchSchema,
  search: { middlewares: [stripSearchParams(CONFLICT_SEARCH_DEFAULTS)] },
  // The page's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'portal'),
  head: () => ({ meta: [{ title: t('portal.sync.title') }] }),
  component: MySyncRoute,
});

function MySyncRoute() {
  const navigate = Route.useNavigate();
  return <MySyncPage search={Route.useSearch()} onSearchChange={(search: ConflictSearch) => void navigate({ search, replace: false })} />;
}
