import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import toast from 'react-hot-toast';
import { AppShell } from '@/components/layout/app-shell';
import { ProfileMenuItem } from '@/components/layout/profile-menu';
import { promptInstall, useCanInstall } from '@/pwa/install-prompt';
import { requestPersistentStorage } from '@/pwa/persistent-storage';
import { notify } from '@/lib/notify';
import { useAuth } from './auth-state';
import { endSessionHere, signOutOfApp } from './auth-actions';
import { currentUser, onSignedOutElsewhere } from './auth-session';
import { listenForOtherTabs, thisTab } from './other-tabs';
import { sessionPersistence } from './session-persistence';

/** The demo build's offer to fill the shop (a build-time constant: other builds carry none of its code). */
const SampleActivityBanner = import.meta.env.VITE_DEMO === '1' ? lazy(() => import('@/components/sample-activity-banner')) : null;

/** The shell around every signed-in screen, wired to the session. */
export function AuthenticatedLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const canInstall = useCanInstall();
  // Signed in, the local data now matters: ask the browser to keep it.
  useEffect(() => {
    void requestPersistentStorage();
  }, []);
  // Another tab's "Sign out other tabs" (or its sign-out of the shared session) ends this tab's
  // session; the route guard then shows the sign-in page, and this says why.
  useEffect(() => {
    const stopListening = listenForOtherTabs(
      () => ({ id: thisTab, uid: currentUser()?.uid ?? null, persistence: sessionPersistence() }),
      () => void endSessionHere(false),
    );
    const stopNotifying = onSignedOutElsewhere(() => notify.info('You were signed out in another tab.'));
    return () => {
      stopListening();
      stopNotifying();
    };
  }, []);
  if (!user) return null;

  const onSignOut = async (removeLocalData: boolean) => {
    await signOutOfApp(removeLocalData);
    toast.success(removeLocalData ? 'Signed out; this account’s data was removed from this device.' : 'Signed out');
    await navigate({ to: '/login' });
  };

  return (
    <AppShell
      user={{ displayName: user.displayName, email: user.email, photoURL: user.photoURL }}
      onSignOut={onSignOut}
      profileMenuExtraItems={canInstall ? <ProfileMenuItem onSelect={() => void promptInstall()}>Install app</ProfileMenuItem> : null}
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
