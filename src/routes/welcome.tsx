import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentLocale, loadArea, t } from '@/i18n/i18n';
import { shopServerUrl } from '@/lib/api-client';
import { chosenShopOf, shellFor } from '@/lib/customer-device';
import { runsOwnShop } from '@/lib/first-access';
import { WelcomePage } from '@/features/welcome/welcome-page';
import { AccountLanguage } from '@/features/settings/language/account-language';

/**
 * A team build's first screen for an account without team access (src/lib/first-access.ts): the
 * portal's accept step, or "No shop yet". A device that works on a shop, a build without a shop
 * server and an account that runs its own shop here have their shell instead.
 */
export const Route = createFileRoute('/welcome')({
  beforeLoad: async ({ context, location }) => {
    const user = context.auth.user;
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    if (!shopServerUrl || runsOwnShop(user.uid)) throw redirect({ to: '/dashboard' });
    const shop = await chosenShopOf(user.uid);
    if (shop) throw redirect({ to: shellFor(shop) === 'portal' ? '/portal' : '/dashboard' });
  },
  // The page's messages before the title is written (head runs once the loader has).
  loader: () => loadArea(currentLocale(), 'team'),
  head: () => ({ meta: [{ title: t('team.welcome.title') }] }),
  // The account's language is followed here too (a first sign-in on this device: the one it keeps).
  component: () => (
    <>
      <AccountLanguage />
      <WelcomePage />
    </>
  ),
});
