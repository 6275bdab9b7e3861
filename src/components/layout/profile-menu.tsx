import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { useDirection } from '@/lib/direction';
import { Avatar, type ShellUser } from './avatar';
import { CogIcon, LogoutIcon, UserIcon } from './icons';
import { SignOutDialog } from './sign-out-dialog';
import { focusRing, menuContentClass, menuItemClass, menuSeparatorClass } from './styles';
import { useT } from '@/i18n/i18n';

// The avatar is the shell's and the customer portal's (whose header has no Radix menu): ./avatar.tsx.
export type { ShellUser };
export { Avatar };

/** A menu item styled like the built-in ones, for `extraItems` (e.g. "Install app"). */
export function ProfileMenuItem({ className, ...props }: DropdownMenu.DropdownMenuItemProps) {
  return <DropdownMenu.Item className={`${menuItemClass} ${className ?? ''}`} {...props} />;
}

export interface ProfileMenuProps {
  user: ShellUser;
  onSignOut: (removeLocalData: boolean) => Promise<void>;
  /** More items, shown after "Settings" (use `ProfileMenuItem` or Radix `DropdownMenu.Item`). */
  extraItems?: ReactNode;
}

/**
 * Avatar button (aria-label "Account menu") with the user's name and email, Profile, Settings,
 * any `extraItems`, and "Sign out" which opens the sign-out confirmation.
 */
export function ProfileMenu({ user, onSignOut, extraItems }: ProfileMenuProps) {
  const t = useT('common');
  const { direction } = useDirection();
  const [signOutOpen, setSignOutOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The dialog opens only once the menu has closed and released focus, so the two never fight
  // over focus or over `pointer-events` on <body>.
  const openSignOutAfterClose = useRef(false);
  const name = user.displayName?.trim() || user.email || t('common.account.signedIn');

  return (
    <>
      <DropdownMenu.Root dir={direction}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          aria-label={t('common.account.menu')}
          className={`inline-flex size-10 items-center justify-center rounded-full ${focusRing}`}
        >
          <Avatar user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            className={`${menuContentClass} w-64 max-w-[calc(100vw-1rem)]`}
            onCloseAutoFocus={(event) => {
              if (openSignOutAfterClose.current) {
                openSignOutAfterClose.current = false;
                event.preventDefault();
                setSignOutOpen(true);
              }
            }}
          >
            <DropdownMenu.Label className="flex items-center gap-3 px-2 py-2">
              <Avatar user={user} className="size-10 text-sm" />
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900 dark:text-white"><span translate="no">{name}</span></span>
                {user.email && user.email !== name && (
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400"><span translate="no">{user.email}</span></span>
                )}
              </span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className={menuSeparatorClass} />
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/users/profile">
                <UserIcon className="size-4 shrink-0" />
                {t('common.account.profile')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuItemClass}>
              <Link to="/settings">
                <CogIcon className="size-4 shrink-0" />
                {t('common.nav.settings')}
              </Link>
            </DropdownMenu.Item>
            {extraItems}
            <DropdownMenu.Separator className={menuSeparatorClass} />
            <DropdownMenu.Item
              className={`${menuItemClass} text-rose-700 data-[highlighted]:text-rose-800 dark:text-rose-300 dark:data-[highlighted]:text-rose-200`}
              onSelect={() => {
                openSignOutAfterClose.current = true;
              }}
            >
              <LogoutIcon className="size-4 shrink-0" />
              {t('common.signOut.action')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <SignOutDialog
        open={signOutOpen}
        onOpenChange={setSignOutOpen}
        onSignOut={onSignOut}
        onCloseAutoFocus={(event) => {
          // Back to the avatar (the menu item that opened the dialog no longer exists).
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      />
    </>
  );
}
