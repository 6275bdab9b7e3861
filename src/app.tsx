import { useEffect, useRef } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { i18n } from './i18n/i18n';
import { AuthProvider, useAuth } from './auth/auth-state';
import { router } from './router';

function RoutedApp() {
  const auth = useAuth();
  // Re-run the guards when the user signs in or out (not on the first render: the
  // router has just loaded with this user).
  const shownUser = useRef(auth.user);
  useEffect(() => {
    if (shownUser.current === auth.user) return;
    shownUser.current = auth.user;
    void router.invalidate();
  }, [auth.user]);
  return <RouterProvider router={router} context={{ auth }} />;
}

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <AuthProvider>
        <RoutedApp />
      </AuthProvider>
    </I18nProvider>
  );
}
