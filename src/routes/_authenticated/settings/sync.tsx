import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireShopServer } from '@/lib/chosen-shop';
import { SyncSettingsPage } from '@/features/sync/components/sync-settings-page';
import { CONFLICT_SEARCH_DEFAULTS, conflictSearchSchema, type ConflictSearch } from '@/components/sync/conflict-search';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/sync')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: requireShopServer,
  validateSearch: conflictSearchSchema,
  search: { middlewares: [stripSearchParams(CONFLICT_SEARCH_DEFAULTS)] },
  head: () => ({ meta: [{ title: t('common.title.sync') }] }),
  component: SyncRoute,
});

function SyncRoute() {
  const navigate = Route.useNavigate();
  return <SyncSettingsPage search={Route.useSearch()} onSearchChange={(search: ConflictSearch) => void navigate({ search, replace: false })} />;
}
