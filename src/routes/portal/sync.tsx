import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { CONFLICT_SEARCH_DEFAULTS, conflictSearchSchema, type ConflictSearch } from '@/components/sync/conflict-search';
import { MySyncPage } from '@/features/portal/my-sync-page';

export const Route = createFileRoute('/portal/sync')({
  validateSearch: conflictSearchSchema,
  search: { middlewares: [stripSearchParams(CONFLICT_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: 'Sync · Your shop' }] }),
  component: MySyncRoute,
});

function MySyncRoute() {
  const navigate = Route.useNavigate();
  return <MySyncPage search={Route.useSearch()} onSearchChange={(search: ConflictSearch) => void navigate({ search, replace: false })} />;
}
