import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requireShopServer } from '@/lib/shop-sync';
import { ActivitySettingsPage } from '@/features/activity/components/activity-settings-page';
import { activitySearchSchema, type ActivitySearch } from '@/features/activity/data/search';

export const Route = createFileRoute('/_authenticated/settings/activity')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: requireShopServer,
  validateSearch: activitySearchSchema,
  head: () => ({ meta: [{ title: 'Activity · Shop Admin' }] }),
  component: ActivityRoute,
});

function ActivityRoute() {
  const navigate = Route.useNavigate();
  // A filter changed replaces the address: back leaves the page, not each filter tried.
  const onSearchChange = useCallback((next: Partial<ActivitySearch>) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true }), [navigate]);
  return <ActivitySettingsPage search={Route.useSearch()} onSearchChange={onSearchChange} />;
}
