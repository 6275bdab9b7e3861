import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { requireShopServer } from '@/lib/chosen-shop';
import { TeamSettingsPage } from '@/features/team/components/team-settings-page';

export const Route = createFileRoute('/_authenticated/settings/team')({
  // Only a team build (VITE_SHOP_SERVER_URL) has it: elsewhere the address is not found, as before.
  beforeLoad: requireShopServer,
  // The area's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'settings'),
  head: () => ({ meta: [{ title: t('settings.pageTitle', { page: t('settings.nav.team') }) }] }),
  component: TeamSettingsPage,
});
