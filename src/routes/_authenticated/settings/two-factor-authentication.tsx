import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorPage } from '@/features/settings/security/components/two-factor-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/two-factor-authentication')({
  head: () => ({ meta: [{ title: t('common.title.twoFactor') }] }),
  component: TwoFactorPage,
});
