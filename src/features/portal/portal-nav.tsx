import { Link } from '@tanstack/react-router';
import type { FileRouteTypes } from '@/routeTree.gen';
import { CubeIcon, DocumentTextIcon, HomeIcon, LifebuoyIcon, ShoppingCartIcon, UserIcon, type Icon } from '@/components/layout/icons';
import { focusRing } from '@/components/layout/styles';
import { useT } from '@/i18n/i18n';

/** The portal's addresses; Shop and Support are the customer's shop screens' routes (src/routes/portal/shop*, support*). */
type PortalPath = '/portal' | '/portal/shop' | '/portal/orders' | '/portal/invoices' | '/portal/support' | '/portal/profile';

interface PortalNavItem {
  label: string;
  /** The label on a phone's bottom bar, where six share 390 px. */
  short: string;
  to: PortalPath;
  icon: Icon;
}

/** The labels are message ids of the `portal` area. */
export const PORTAL_NAV: readonly PortalNavItem[] = [
  { label: 'portal.nav.home', short: 'portal.nav.home', to: '/portal', icon: HomeIcon },
  { label: 'portal.nav.shop', short: 'portal.nav.shop', to: '/portal/shop', icon: ShoppingCartIcon },
  { label: 'portal.nav.orders', short: 'portal.nav.ordersShort', to: '/portal/orders', icon: CubeIcon },
  { label: 'portal.nav.invoices', short: 'portal.nav.invoicesShort', to: '/portal/invoices', icon: DocumentTextIcon },
  { label: 'portal.nav.support', short: 'portal.nav.support', to: '/portal/support', icon: LifebuoyIcon },
  { label: 'portal.nav.profile', short: 'portal.nav.profile', to: '/portal/profile', icon: UserIcon },
];

/**
 * The portal's navigation: a row of tabs under the header from `md`, a bar at the bottom of
 * a phone's screen (thumb reach; every screen one tap away). The current screen's link has
 * `aria-current="page"` (the router sets it).
 */
export function PortalNav() {
  const t = useT('portal');
  return (
    <nav
      aria-label={t('portal.nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:sticky md:top-16 md:bottom-auto md:border-t-0 md:border-b dark:border-slate-800 dark:bg-slate-900"
    >
      <ul className="mx-auto grid max-w-5xl grid-cols-6 md:flex md:gap-1 md:px-4">
        {PORTAL_NAV.map((item) => (
          <li key={item.to} className="min-w-0">
            <Link
              // Shop and Support are routes of the customer's shop screens; the cast keeps this file free of them.
              to={item.to as FileRouteTypes['to']}
              activeOptions={{ exact: item.to === '/portal' }}
              className={`flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-md px-1 text-[0.6875rem] font-medium text-slate-600 hover:text-slate-900 aria-[current=page]:text-indigo-700 md:min-h-11 md:flex-row md:gap-2 md:px-3 md:text-sm md:aria-[current=page]:bg-indigo-50 dark:text-slate-300 dark:hover:text-white dark:aria-[current=page]:text-indigo-300 dark:md:aria-[current=page]:bg-indigo-500/15 ${focusRing}`}
            >
              <item.icon className="size-5 shrink-0" />
              <span className="max-w-full truncate md:hidden">{t(item.short)}</span>
              <span className="hidden md:inline">{t(item.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
