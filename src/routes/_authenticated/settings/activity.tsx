import { createFileRoute } from '@tanstack/react-router';
import { requireShopServer } from '@/lib/shop-sync';
import { ActivitySettingsPage } from '@/features/activity/components/activity-settings-page';

export const Route = createFileRoute('/_authenticated/settings/activity')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: requireShopServer,
  head: () => ({ meta: [{ title: 'Activity · Shop Admin' }] }),
  component: ActivitySettingsPage,
});
