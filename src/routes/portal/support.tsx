import { createFileRoute } from '@tanstack/react-router';
import { PortalSupportPage } from '@/features/portal-support/components/support-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/support')({
  head: () => ({ meta: [{ title: t('common.title.portalSupport') }] }),
  component: PortalSupportPage,
});
