import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { buttonClass } from '@/components/button';
import { redirectFrom } from '@/lib/customer-device';
import { t, useT } from '@/i18n/i18n';

export const Route = createFileRoute('/')({
  // A shop's customer starts in the portal.
  beforeLoad: async ({ context }) => {
    // The start page is the team's: a customer's device answers '/portal'.
    if (context.auth.user && (await redirectFrom('team', context.auth.user.uid)) === '/portal') throw redirect({ to: '/portal' });
  },
  head: () => ({ meta: [{ title: t('common.title.home') }] }),
  component: HomePage,
});

function HomePage() {
  const { auth } = Route.useRouteContext();
  const t = useT('common');
  return (
    <main id="main-content" className="mx-auto grid min-h-screen max-w-3xl place-items-center p-6 text-center">
      <div className="space-y-6">
        <h1 className="text-4xl font-bold">{t('common.brand.name')}</h1>
        <p className="text-lg text-slate-600 dark:text-slate-300">
          {t('common.home.tagline')}
        </p>
        {auth.user ? (
          <Link to="/dashboard" className={buttonClass({ variant: 'primary' })}>
            {t('common.home.openDashboards')}
          </Link>
        ) : (
          <Link to="/login" className={buttonClass({ variant: 'primary' })}>
            {t('common.home.signIn')}
          </Link>
        )}
      </div>
    </main>
  );
}
