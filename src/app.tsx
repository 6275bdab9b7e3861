import { useEffect, useRef } from 'react';
import { RouterProvider } from '@tanstack/react-router';
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
    <AuthProvider>
      <RoutedApp />
    </AuthProvider>
  );
}
