import { useEffect } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { AuthProvider, useAuth } from './auth/auth-state';
import { router } from './router';

function RoutedApp() {
  const auth = useAuth();
  // Re-run the guards when the user signs in or out.
  useEffect(() => {
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
