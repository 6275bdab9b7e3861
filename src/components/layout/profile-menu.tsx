import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { useDirection } from '@/lib/direction';
import { CogIcon, LogoutIcon, UserIcon } from './icons';
import { SignOutDialog } from './sign-out-dialog';
import { focusRing, menuContentClass, menuItemClass, menuSeparatorClass } from './styles';

/** The signed-in user as the shell needs it (matches the shape of a Firebase `User`). */
export interface ShellUser {
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
}

/** "Ada Lovelace" → "AL", "ada@example.com" → "A", nothing → "?". */
export function initialsFor(user: Pick<ShellUser, 'displayName' | 'email'>): string {
  const words = (user.displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (first) return `${first.charAt(0)}${last?.charAt(0) ?? ''}`.toUpperCase();
  const email = user.email?.trim();
  return email ? email.charAt(0).toUpperCase() : '?';
}

/** Round avatar: the photo, or initials when there is none or it fails to load. Decorative. */
export function Avatar({ user, className = 'size-8 text-xs' }: { user: ShellUser; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const photo = user.photoURL && user.photoURL !== failedUrl ? user.photoURL : null;
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200 ${className}`}
    >
      {photo ? (
        <img
          src={photo}
          alt=""
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailedUrl(photo)}
        />
      ) : (
        initialsFor(user)
      )}
    </span>
  );
}

/** A menu item styled like the built-in ones, for `extraItems` (e.g. "Install app"). */
export function ProfileMenuItem({ className, ...props }: DropdownMenu.DropdownMenuItemProps) {
  return <DropdownMenu.Item className={`${menuItemClass} ${className ?? ''}`} {...props} />;
}

export interface ProfileMenuProps {
  user: ShellUser;
  onSignOut: (removeLocalData: boolean) => Promise<void>;
  /** More items, shown after "Settings" (use `ProfileMenuItem` or Radix `DropdownMenu.Item`). */
  extraItems?: ReactNode;
  /** The items in place of Profile and Settings (the customer portal has screens of its own). */
  mainItems?: ReactNode;
}

/**
 * Avatar button (aria-label "Account menu") with the user's name and email, Profile, Settings,
 * any `extraItems`, and "Sign out" which opens the sign-out confirmation.
 */
export function ProfileMenu({ user, onSignOut, extraItems, mainItems }: ProfileMenuProps) {
  const { direction } = useDirection();
  const [signOutOpen, setSignOutOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The dialog opens only once the menu has closed and released focus, so the two never fight
  // over focus or over `pointer-events` on <body>.
  const openSignOutAfterClose = useRef(false);
  const name = user.displayName?.trim() || user.email || 'Signed in';

  return (
    <>
      <DropdownMenu.Root dir={direction}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          aria-label="Account menu"
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
                <span className="block truncate font-medium text-slate-900 dark:text-white">{name}</span>
                {user.email && user.email !== name && (
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</span>
                )}
              </span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className={menuSeparatorClass} />
            {mainItems ?? (
              <>
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <Link to="/users/profile">
                    <UserIcon className="size-4 shrink-0" />
                    Profile
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <Link to="/settings">
                    <CogIcon className="size-4 shrink-0" />
                    Settings
                  </Link>
                </DropdownMenu.Item>
              </>
            )}
            {extraItems}
            <DropdownMenu.Separator className={menuSeparatorClass} />
            <DropdownMenu.Item
              className={`${menuItemClass} text-rose-700 data-[highlighted]:text-rose-800 dark:text-rose-300 dark:data-[highlighted]:text-rose-200`}
              onSelect={() => {
                openSignOutAfterClose.current = true;
              }}
            >
              <LogoutIcon className="size-4 shrink-0" />
              Sign out
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
