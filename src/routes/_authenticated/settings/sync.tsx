import { createFileRoute, notFound } from '@tanstack/react-router';
import { shopServerUrl } from '@/lib/api-client';
import { SyncSettingsPage } from '@/features/sync/components/sync-settings-page';

export const Route = createFileRoute('/_authenticated/settings/sync')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: () => {
    if (!shopServerUrl) throw notFound();
  },
  head: () => ({ meta: [{ title: 'Sync · Shop Admin' }] }),
  component: SyncSettingsPage,
});
