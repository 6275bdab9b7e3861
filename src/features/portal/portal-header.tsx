import { Link } from '@tanstack/react-router';
import { StoreIcon, UserIcon } from '@/components/layout/icons';
import { ProfileMenu, ProfileMenuItem, type ShellUser } from '@/components/layout/profile-menu';
import { focusRing } from '@/components/layout/styles';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { HeaderStatus } from '@/pwa/sync-status';

/** The portal's top bar: the shop's name (home), the sync badge as the team's header has it, the theme and the account menu. */
export function PortalHeader({ shopName, user, onSignOut }: { shopName: string; user: ShellUser; onSignOut: (removeLocalData: boolean) => Promise<void> }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur supports-[backdrop-filter]:bg-white/75 sm:px-4 dark:border-slate-800 dark:bg-slate-900/90 dark:supports-[backdrop-filter]:bg-slate-900/75">
      <Link to="/portal" className={`flex min-w-0 items-center gap-2 rounded-md font-semibold text-slate-900 dark:text-white ${focusRing}`}>
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-indigo-600 text-white dark:bg-indigo-500">
          <StoreIcon className="size-5" />
        </span>
        <span className="truncate" data-testid="portal-shop-name">
          {shopName}
        </span>
      </Link>
      <div className="ms-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
        <HeaderStatus />
        <ThemeToggle />
        <div className="ms-1">
          <ProfileMenu
            user={user}
            onSignOut={onSignOut}
            mainItems={
              <ProfileMenuItem asChild>
                <Link to="/portal/profile">
                  <UserIcon className="size-4 shrink-0" />
                  Profile
                </Link>
              </ProfileMenuItem>
            }
          />
        </div>
      </div>
    </header>
  );
}
