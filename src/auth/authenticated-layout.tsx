import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { AppShell } from '@/components/layout/app-shell';
import { ProfileMenuItem } from '@/components/layout/profile-menu';
import { cacheAdminScreens } from '@/pwa/precache-groups';
import { promptInstall, useCanInstall } from '@/pwa/install-prompt';
import { useAuth } from './auth-state';
import { useSignedInSession } from './use-signed-in-session';
import { useT } from '@/i18n/i18n';

/** The demo build's offer to fill the shop (a build-time constant: other builds carry none of its code). */
const SampleActivityBanner = import.meta.env.VITE_DEMO === '1' ? lazy(() => import('@/components/sample-activity-banner')) : null;

/** The shell around every signed-in screen, wired to the session. */
export function AuthenticatedLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const canInstall = useCanInstall();
  const onSignOut = useSignedInSession();
  const t = useT('common');
  // A device showing these screens is a team's: the worker may now cache their code for offline use.
  useEffect(() => {
    void cacheAdminScreens();
  }, []);
  if (!user) return null;

  return (
    <AppShell
      user={{ displayName: user.displayName, email: user.email, photoURL: user.photoURL }}
      onSignOut={onSignOut}
      profileMenuExtraItems={canInstall ? <ProfileMenuItem onSelect={() => void promptInstall()}>{t('common.account.installApp')}</ProfileMenuItem> : null}
    >
      {SampleActivityBanner && (
        <Suspense fallback={null}>
          <SampleActivityBanner />
        </Suspense>
      )}
      {children}
    </AppShell>
  );
}
