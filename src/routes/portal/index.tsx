import { createFileRoute } from '@tanstack/react-router';
import { PortalHome } from '@/features/portal/portal-home';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/')({
  head: () => ({ meta: [{ title: t('common.title.portalHome') }] }),
  component: PortalHome,
});
