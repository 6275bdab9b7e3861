import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { AccountDeactivationPage } from '@/features/settings/security/components/account-deactivation-page';

export const Route = createFileRoute('/_authenticated/settings/account-deactivation')({
  // The area's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'settings'),
  head: () => ({ meta: [{ title: t('settings.pageTitle', { page: t('settings.nav.deactivation') }) }] }),
  component: AccountDeactivationPage,
});
