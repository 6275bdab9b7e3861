import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { shellOf } from '@/lib/customer-device';
import { PortalLayout } from '@/features/portal/portal-layout';

/** The customer portal: signed in, on a device that works on a shop as its customer; anyone else has the team's dashboard. */
export const Route = createFileRoute('/portal')({
  beforeLoad: async ({ context, location }) => {
    if (!context.auth.user) throw redirect({ to: '/login', search: { redirect: location.href } });
    if ((await shellOf(context.auth.user.uid)) !== 'portal') throw redirect({ to: '/dashboard' });
  },
  head: () => ({ meta: [{ title: 'Your orders · Shop Admin' }] }),
  component: () => (
    <PortalLayout>
      <Outlet />
    </PortalLayout>
  ),
});
