import { createFileRoute, notFound } from '@tanstack/react-router';
import { shopServerUrl } from '@/lib/api-client';
import { TeamSettingsPage } from '@/features/team/components/team-settings-page';

export const Route = createFileRoute('/_authenticated/settings/team')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: () => {
    if (!shopServerUrl) throw notFound();
  },
  head: () => ({ meta: [{ title: 'Team · Shop Admin' }] }),
  component: TeamSettingsPage,
});
