import { createFileRoute } from '@tanstack/react-router';
import { AccountDeactivationPage } from '@/features/settings/security/components/account-deactivation-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/account-deactivation')({
  head: () => ({ meta: [{ title: t('common.title.accountDeactivation') }] }),
  component: AccountDeactivationPage,
});
