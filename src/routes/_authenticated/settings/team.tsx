import { createFileRoute } from '@tanstack/react-router';
import { requireShopServer } from '@/lib/shop-sync';
import { TeamSettingsPage } from '@/features/team/components/team-settings-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/team')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: requireShopServer,
  head: () => ({ meta: [{ title: t('common.title.team') }] }),
  component: TeamSettingsPage,
});
