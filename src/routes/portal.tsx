import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { redirectFrom } from '@/lib/customer-device';
import { PortalLayout } from '@/features/portal/portal-layout';
import { t } from '@/i18n/i18n';
import { AccountLanguage } from '@/features/settings/language/account-language';

/** The customer portal: signed in, on a device that works on a shop as its customer; anyone else has the team's dashboard. */
export const Route = createFileRoute('/portal')({
  beforeLoad: async ({ context, location }) => {
    if (!context.auth.user) throw redirect({ to: '/login', search: { redirect: location.href } });
    const elsewhere = await redirectFrom('portal', context.auth.user.uid);
    if (elsewhere) throw redirect({ to: elsewhere });
  },
  head: () => ({ meta: [{ title: t('common.title.portal') }] }),
  component: () => (
    <PortalLayout>
      <AccountLanguage />
      <Outlet />
    </PortalLayout>
  ),
});
