import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { AuthState } from '@/auth/auth-state';
import { NotFoundPage } from '@/components/not-found-page';
import { ErrorPage } from '@/components/error-page';
import { DocumentTitle } from '@/components/document-title';
import { NavigationProgress } from '@/components/navigation-progress';
import { ReloadPrompt } from '@/pwa/reload-prompt';
import { Toaster } from '@/components/toaster';
import { t } from '@/i18n/i18n';

export interface RouterContext {
  auth: AuthState;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: t('common.title.app') }] }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <NavigationProgress />
      <Outlet />
      <Toaster />
      <ReloadPrompt />
    </>
  );
}
