import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { requestPersistentStorage } from '@/pwa/persistent-storage';
import { notify } from '@/lib/notify';
import { endSessionHere, signOutOfApp } from './auth-actions';
import { currentUser, onSignedOutElsewhere } from './auth-session';
import { listenForOtherTabs, thisTab } from './other-tabs';
import { sessionPersistence } from './session-persistence';

/**
 * What every signed-in shell (the team's and the customer portal) does for the session: asks
 * the browser to keep the local data, follows another tab's sign-out, and answers the sign-out
 * dialog (`removeLocalData` its checkbox) by signing out and going to the sign-in page.
 */
export function useSignedInSession(): (removeLocalData: boolean) => Promise<void> {
  const navigate = useNavigate();
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
  return async (removeLocalData: boolean) => {
    await signOutOfApp(removeLocalData);
    notify.success(removeLocalData ? 'Signed out; this account’s data was removed from this device.' : 'Signed out');
    await navigate({ to: '/login' });
  };
}
