import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requireShopServer } from '@/lib/chosen-shop';
import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { ActivitySettingsPage } from '@/features/activity/components/activity-settings-page';
import { activitySearchSchema, type ActivitySearch } from '@/features/activity/data/search';

export const Route = createFileRoute('/_authenticated/settings/activity')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: requireShopServer,
  validateSearch: activitySearchSchema,
  // The screen's messages before it (and its title) is made.
  loader: () => loadArea(currentLocale(), 'activity'),
  head: () => ({ meta: [{ title: t('activity.head.title') }] }),
  component: ActivityRoute,
});

function ActivityRoute() {
  const navigate = Route.useNavigate();
  // A filter changed replaces the address: back leaves the page, not each filter tried.
  const onSearchChange = useCallback((next: Partial<ActivitySearch>) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true }), [navigate]);
  return <ActivitySettingsPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
