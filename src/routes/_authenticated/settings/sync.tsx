import { createFileRoute } from '@tanstack/react-router';
import { requireShopServer } from '@/lib/shop-sync';
import { SyncSettingsPage } from '@/features/sync/components/sync-settings-page';

export const Route = createFileRoute('/_authenticated/settings/sync')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: requireShopServer,
  head: () => ({ meta: [{ title: 'Sync · Shop Admin' }] }),
  component: SyncSettingsPage,
});
