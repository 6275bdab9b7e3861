import { Link } from '@tanstack/react-router';
import type { ShellUser } from '@/components/layout/avatar';
import { StoreIcon } from '@/components/layout/icons';
import { focusRing } from '@/components/layout/styles';
import { HeaderStatus } from '@/pwa/sync-status';
import { PortalAccountMenu } from './portal-account-menu';

/**
 * The portal's top bar: the shop's name (home), the sync badge as the team's header has it, and
 * the account. No menus of the team's header (theme, direction: Radix menus the first visit
 * would fetch); the theme follows the device's.
 */
export function PortalHeader({ shopName, user, onSignOut }: { shopName: string; user: ShellUser; onSignOut: (removeLocalData: boolean) => Promise<void> }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur supports-[backdrop-filter]:bg-white/75 sm:px-4 dark:border-slate-800 dark:bg-slate-900/90 dark:supports-[backdrop-filter]:bg-slate-900/75">
      <Link to="/portal" className={`flex min-w-0 items-center gap-2 rounded-md font-semibold text-slate-900 dark:text-white ${focusRing}`}>
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-indigo-600 text-white dark:bg-indigo-500">
          <StoreIcon className="size-5" />
        </span>
        <span className="truncate" data-testid="portal-shop-name" translate="no">
          {shopName}
        </span>
      </Link>
      <div className="ms-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
        <HeaderStatus syncPage="/portal/sync" />
        <div className="ms-1">
          <PortalAccountMenu user={user} onSignOut={onSignOut} />
        </div>
      </div>
    </header>
  );
}
