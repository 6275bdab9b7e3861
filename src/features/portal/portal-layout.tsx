import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '@/auth/auth-state';
import { useSignedInSession } from '@/auth/use-signed-in-session';
import { CustomerPreviewBanner } from '@/components/customer-preview-banner';
import { isCustomerShop, shellRedirect, useChosenShop } from '@/lib/customer-device';
import { PortalHeader } from './portal-header';
import { PortalNav } from './portal-nav';
import { useT } from '@/i18n/i18n';

/**
 * The customer's shell: skip link, header (shop name, sync badge, account), the portal's
 * navigation (tabs, or a bottom bar on a phone) and `<main id="main-content">`. When the device
 * stops being a customer's (the customer revoked: the worker dropped the shop; another shop
 * chosen) it leaves for the team's dashboard, which says why.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  const t = useT('portal');
  const { user } = useAuth();
  const onSignOut = useSignedInSession();
  const shop = useChosenShop(user?.uid);
  const navigate = useNavigate();
  const customer = isCustomerShop(shop);
  const away = shop === undefined ? null : shellRedirect('portal', shop);
  useEffect(() => {
    if (away) void navigate({ to: away, replace: true });
  }, [away, navigate]);
  if (!user) return null;

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main-content"
        onClick={(event) => {
          // Move focus without a hash change, which the router would treat as a navigation.
          event.preventDefault();
          const main = document.getElementById('main-content');
          main?.focus();
          main?.scrollIntoView();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-60 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow-lg focus:ring-2 focus:ring-indigo-500 focus:outline-none dark:focus:bg-slate-900 dark:focus:text-indigo-300"
      >
        {t('portal.layout.skip')}
      </a>
      <PortalHeader shopName={(customer && shop.shopName) || t('portal.layout.yourShop')} user={{ displayName: user.displayName, email: user.email, photoURL: user.photoURL }} onSignOut={onSignOut} />
      <PortalNav />
      {/* The static demo's preview as a customer: whose portal, and the way back. */}
      <CustomerPreviewBanner shopId={shop?.shopId} shopName={shop?.shopName} />
      {/* Room below for the phone's bottom bar. */}
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-5xl min-w-0 p-4 pb-24 outline-none sm:p-6 md:pb-6">
        {children}
      </main>
    </div>
  );
}
