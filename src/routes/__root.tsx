import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { AuthState } from '@/auth/auth-state';
import { NotFoundPage } from '@/components/not-found-page';
import { ErrorPage } from '@/components/error-page';
import { NavigationProgress } from '@/components/navigation-progress';
import { ReloadPrompt } from '@/pwa/reload-prompt';
import { Toaster } from '@/components/toaster';

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
      <Toaster />
      <ReloadPrompt />
    </>
  );
}
