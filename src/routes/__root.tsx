import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Toaster } from 'react-hot-toast';
import type { AuthState } from '@/auth/auth-state';
import { NotFoundPage } from '@/components/not-found-page';
import { ErrorPage } from '@/components/error-page';
import { NavigationProgress } from '@/components/navigation-progress';
import { ReloadPrompt } from '@/pwa/reload-prompt';

export interface RouterContext {
  auth: AuthState;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'Shop Admin' }] }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <NavigationProgress />
      <Outlet />
      {/* SPEC §9 defaults: 6000 ms, top-center (hover pauses by default). */}
      <Toaster position="top-center" toastOptions={{ duration: 6000 }} />
      <ReloadPrompt />
    </>
  );
}
