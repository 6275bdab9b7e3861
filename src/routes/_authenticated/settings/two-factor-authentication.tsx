import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorPage } from '@/features/settings/security/components/two-factor-page';

export const Route = createFileRoute('/_authenticated/settings/two-factor-authentication')({
  // The area's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'settings'),
  head: () => ({ meta: [{ title: t('settings.pageTitle', { page: t('settings.nav.twoFactor') }) }] }),
  component: TwoFactorPage,
});
