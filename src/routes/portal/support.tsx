import { createFileRoute } from '@tanstack/react-router';
import { PortalSupportPage } from '@/features/portal-support/components/support-page';

export const Route = createFileRoute('/portal/support')({
  head: () => ({ meta: [{ title: 'Support · Your shop' }] }),
  component: PortalSupportPage,
});
