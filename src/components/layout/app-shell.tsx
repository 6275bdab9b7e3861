import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LazyCommandPalette } from '@/components/command-palette/lazy-command-palette';
import { useCommandPaletteShortcut } from '@/components/command-palette/use-palette-shortcut';
import { Header } from './header';
import type { ShellUser } from './profile-menu';
import { MobileSidebar, Sidebar } from './sidebar';
import { useSidebarCollapsed } from './sidebar-state';
import { useT } from '@/i18n/i18n';

/** Tailwind's `md` breakpoint: from here the sidebar is shown and the drawer is not used. */
const DESKTOP_QUERY = '(min-width: 48rem)';

export interface AppShellProps {
  user: ShellUser;
  /** Signs out; `removeLocalData` is the "Also remove this account's data" checkbox. */
  onSignOut: (removeLocalData: boolean) => Promise<void>;
  children: ReactNode;
  /** Extra profile menu items (e.g. "Install app"); see `ProfileMenuItem`. */
  profileMenuExtraItems?: ReactNode;
}

/**
 * The signed-in layout: skip link, sidebar on the inline-start side (a drawer on phones),
 * header on top, and `<main id="main-content">` holding `children`.
 */
export function AppShell({ user, onSignOut, children, profileMenuExtraItems }: AppShellProps) {
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [navigationOpen, setNavigationOpen] = useState(false);
  const navigationButtonRef = useRef<HTMLButtonElement>(null);
  const [searchOpen, setSearchOpen] = useCommandPaletteShortcut();
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const router = useRouter();
  const t = useT('common');

  // The drawer closes on any navigation (links, back button) …
  useEffect(() => router.subscribe('onBeforeNavigate', () => setNavigationOpen(false)), [router]);

  // … and when the window grows past the phone layout, where the drawer is hidden but would stay modal.
  useEffect(() => {
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (desktop.matches) setNavigationOpen(false);
    };
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, []);

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 md:flex dark:bg-slate-950 dark:text-slate-100">
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
        {t('common.shell.skipToContent')}
      </a>
      <Sidebar collapsed={collapsed} onCollapsedChange={setCollapsed} />
      <MobileSidebar
        open={navigationOpen}
        onOpenChange={setNavigationOpen}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          navigationButtonRef.current?.focus();
        }}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          user={user}
          onSignOut={onSignOut}
          navigationOpen={navigationOpen}
          navigationButtonRef={navigationButtonRef}
          onOpenNavigation={() => setNavigationOpen(true)}
          searchOpen={searchOpen}
          searchButtonRef={searchButtonRef}
          onOpenSearch={() => setSearchOpen(true)}
          profileMenuExtraItems={profileMenuExtraItems}
        />
        <LazyCommandPalette open={searchOpen} onOpenChange={setSearchOpen} triggerRef={searchButtonRef} />
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
