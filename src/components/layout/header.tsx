import type { ReactNode, Ref } from 'react';
import { SearchButton } from '@/components/command-palette/search-button';
import { Brand } from './brand';
import { DirectionToggle } from './direction-toggle';
import { LanguageMenu } from './language-menu';
import { useT } from '@/i18n/i18n';
import { FullscreenButton } from './fullscreen-button';
import { MenuIcon } from './icons';
import { NotificationsPopover } from './notifications-popover';
import { ProfileMenu, type ShellUser } from './profile-menu';
import { ThemeToggle } from './theme-toggle';
import { HeaderStatus } from '@/pwa/sync-status';
import { Button } from '@/components/button';

export interface HeaderProps {
  user: ShellUser;
  onSignOut: (removeLocalData: boolean) => Promise<void>;
  /** Opens the phone navigation drawer (the button shows below md only). */
  onOpenNavigation: () => void;
  navigationOpen: boolean;
  /** The "Open navigation" button, so focus can return to it when the drawer closes. */
  navigationButtonRef?: Ref<HTMLButtonElement>;
  /** Opens the command palette (the Search button; ⌘K / Ctrl+K is the shell's). */
  onOpenSearch: () => void;
  searchOpen: boolean;
  /** The Search button, where focus returns when the palette closes. */
  searchButtonRef?: Ref<HTMLButtonElement>;
  /** Extra items for the profile menu (e.g. "Install app"). */
  profileMenuExtraItems?: ReactNode;
}

/** Top bar: drawer button and logo (phones), then Search, theme, direction, full screen (not on phones), notifications, account. */
export function Header({
  user,
  onSignOut,
  onOpenNavigation,
  navigationOpen,
  navigationButtonRef,
  onOpenSearch,
  searchOpen,
  searchButtonRef,
  profileMenuExtraItems,
}: HeaderProps) {
  const t = useT('common');
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur supports-[backdrop-filter]:bg-white/75 sm:px-4 dark:border-slate-800 dark:bg-slate-900/90 dark:supports-[backdrop-filter]:bg-slate-900/75">
      <Button
        ref={navigationButtonRef}
        variant="icon"
        className="md:hidden"
        aria-label={t('common.header.openNavigation')}
        aria-haspopup="dialog"
        aria-expanded={navigationOpen}
        onClick={onOpenNavigation}
      >
        <MenuIcon />
      </Button>
      <div className="min-w-0 md:hidden">
        <Brand compact />
      </div>
      {/* Demo builds (npm run build:demo) only; a build-time constant, so others drop it. */}
      {import.meta.env.VITE_DEMO === '1' && (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          title={t('common.header.demoTitle')}
        >
          {t('common.header.demo')}
        </span>
      )}
      <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
        <SearchButton ref={searchButtonRef} open={searchOpen} onOpen={onOpenSearch} />
        <HeaderStatus />
        <LanguageMenu />
        <ThemeToggle />
        {/* Not on phones: the direction follows the language (Arabic is right to left); the toggle is for testing, and a phone's header has no room for it. */}
        <div className="hidden sm:contents">
          <DirectionToggle />
        </div>
        {/* Not on phones: Search took its place in a header that has no room for both (an installed app runs full screen anyway). */}
        <div className="hidden sm:contents">
          <FullscreenButton />
        </div>
        <NotificationsPopover />
        <div className="ms-1">
          <ProfileMenu user={user} onSignOut={onSignOut} extraItems={profileMenuExtraItems} />
        </div>
      </div>
    </header>
  );
}
