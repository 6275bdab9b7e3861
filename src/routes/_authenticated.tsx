import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AuthenticatedLayout } from '@/auth/authenticated-layout';
import { redirectFrom } from '@/lib/customer-device';
import { welcomeRedirect } from '@/lib/first-access';
import { AccountLanguage } from '@/features/settings/language/account-language';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    if (!context.auth.user) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    // A shop's customer has the portal only: no admin screen (nor its code) is loaded for them.
    const elsewhere = await redirectFrom('team', context.auth.user.uid);
    if (elsewhere) throw redirect({ to: elsewhere });
    // An account with no team access (a new customer, a stranger) is welcomed, not shown the dashboard.
    const welcome = await welcomeRedirect(context.auth.user.uid);
    if (welcome) throw redirect({ to: welcome });
  },
  component: () => (
    <AuthenticatedLayout>
      <AccountLanguage />
      <Outlet />
    </AuthenticatedLayout>
  ),
});
