import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '@/features/settings/security/components/security-page';

export const Route = createFileRoute('/_authenticated/settings/security')({
  // The area's messages before the title is written (head runs once the loader has).
  // The account area too: the change-password form shows the new-password policy's messages.
  loader: () => Promise.all([loadArea(currentLocale(), 'settings'), loadArea(currentLocale(), 'account')]),
  head: () => ({ meta: [{ title: t('settings.pageTitle', { page: t('settings.nav.security') }) }] }),
  component: SecurityPage,
});
