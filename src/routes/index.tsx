import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { buttonClass } from '@/components/button';
import { redirectFrom } from '@/lib/customer-device';

export const Route = createFileRoute('/')({
  // A shop's customer starts in the portal.
  beforeLoad: async ({ context }) => {
    // The start page is the team's: a customer's device answers '/portal'.
    if (context.auth.user && (await redirectFrom('team', context.auth.user.uid)) === '/portal') throw redirect({ to: '/portal' });
  },
  head: () => ({ meta: [{ title: 'Shop Admin · Run your shop, online or off' }] }),
  component: HomePage,
});

function HomePage() {
  const { auth } = Route.useRouteContext();
  return (
    <main id="main-content" className="mx-auto grid min-h-screen max-w-3xl place-items-center p-6 text-center">
      <div className="space-y-6">
        <h1 className="text-4xl font-bold">Shop Admin</h1>
        <p className="text-lg text-slate-600 dark:text-slate-300">
          Users, products, orders and invoices in one dashboard that keeps working with no connection.
        </p>
        {auth.user ? (
          <Link to="/dashboard" className={buttonClass({ variant: 'primary' })}>
            Open the dashboards
          </Link>
        ) : (
          <Link to="/login" className={buttonClass({ variant: 'primary' })}>
            Sign in
          </Link>
        )}
      </div>
    </main>
  );
}
