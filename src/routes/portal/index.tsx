import { createFileRoute } from '@tanstack/react-router';
import { PortalHome } from '@/features/portal/portal-home';

export const Route = createFileRoute('/portal/')({
  head: () => ({ meta: [{ title: 'Home · Your shop' }] }),
  component: PortalHome,
});
