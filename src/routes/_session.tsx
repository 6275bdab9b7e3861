import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { safeRedirect } from '@/lib/safe-redirect';
import { SessionLayout } from '@/features/session/components/session-layout';

/** Sign-in pages: a signed-in user is sent on (to the page they asked for, else the dashboards). */
export const Route = createFileRoute('/_session')({
  beforeLoad: ({ context, location }) => {
    if (context.auth.user) {
      const search = location.search as { redirect?: unknown };
      throw redirect({ href: safeRedirect(search.redirect) });
    }
  },
  component: () => (
    <SessionLayout>
      <Outlet />
    </SessionLayout>
  ),
});
