import { useEffect, useId, useRef, useState } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Avatar, type ShellUser } from '@/components/layout/avatar';
import { CloudIcon, LogoutIcon, UserIcon } from '@/components/layout/icons';
import { focusRing } from '@/components/layout/styles';
import { shopServerUrl } from '@/lib/api-client';
import { useT } from '@/i18n/i18n';
import { LazySignOutDialog } from '@/components/layout/lazy-sign-out-dialog';


const itemClass = `flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-start hover:bg-slate-100 dark:hover:bg-slate-800 ${focusRing}`;

/**
 * The portal's account button: the customer's name and email, Profile, Sync and Sign out, in a small
 * disclosure of plain elements (no menu library on the portal's first visit). Escape, a click
 * elsewhere or a navigation closes it; Escape gives focus back to the button.
 */
export function PortalAccountMenu({ user, onSignOut }: { user: ShellUser; onSignOut: (removeLocalData: boolean) => Promise<void> }) {
  const t = useT('portal');
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const router = useRouter();
  const name = user.displayName?.trim() || user.email || t('portal.account.signedIn');

  useEffect(() => router.subscribe('onBeforeNavigate', () => setOpen(false)), [router]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('portal.account.menu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className={`inline-flex size-10 items-center justify-center rounded-full ${focusRing}`}
      >
        <Avatar user={user} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute end-0 top-12 z-50 w-64 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      >
        <div className="flex items-center gap-3 px-2 py-2">
          <Avatar user={user} className="size-10 text-sm" />
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900 dark:text-white" translate="no">
              {name}
            </span>
            {user.email && user.email !== name && <span className="block truncate text-xs text-slate-500 dark:text-slate-400" translate="no">
                {user.email}
              </span>}
          </span>
        </div>
        <hr className="my-1 border-slate-200 dark:border-slate-700" />
        <Link to="/portal/profile" className={itemClass}>
          <UserIcon className="size-4 shrink-0" />
          {t('portal.nav.profile')}
        </Link>
        {/* Changes of this device the shop refused (a team build's: a demo sends nothing). */}
        {shopServerUrl && (
          <Link to="/portal/sync" className={itemClass}>
            <CloudIcon className="size-4 shrink-0" />
            {t('portal.nav.sync')}
          </Link>
        )}
        <button
          type="button"
          className={`${itemClass} text-rose-700 dark:text-rose-300`}
          onClick={() => {
            setOpen(false);
            setSigningOut(true);
          }}
        >
          <LogoutIcon className="size-4 shrink-0" />
          {t('portal.account.signOut')}
        </button>
      </div>
      <LazySignOutDialog open={signingOut} onClose={() => setSigningOut(false)} onSignOut={onSignOut} returnFocus={buttonRef} />
    </div>
  );
}
