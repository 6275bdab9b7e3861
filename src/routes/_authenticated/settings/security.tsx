import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '@/features/settings/security/components/security-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/settings/security')({
  head: () => ({ meta: [{ title: t('common.title.security') }] }),
  component: SecurityPage,
});
