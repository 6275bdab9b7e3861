import { Suspense } from 'react';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { AuthState } from '@/auth/auth-state';
import { NotFoundPage } from '@/components/not-found-page';
import { ErrorPage } from '@/components/error-page';
import { DocumentTitle } from '@/components/document-title';
import { NavigationProgress } from '@/components/navigation-progress';
import { ReloadPrompt } from '@/pwa/reload-prompt';
import { Toaster } from '@/components/toaster';
import { currentLocale, loadArea, t, useT } from '@/i18n/i18n';

export interface RouterContext {
  auth: AuthState;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The errors' messages (src/i18n/messages/*/errors.json, form problems too) for every screen of
  // a signed-in person, whichever shell it has or none (/welcome), loaded once before the first
  // of them shows. Not on the sign-in pages: their first visit's JavaScript has a budget. A load
  // that fails (offline, not cached yet) leaves the errors in English, as written.
  beforeLoad: async ({ context }) => {
    if (context.auth.user) await loadArea(currentLocale(), 'errors').catch(() => undefined);
  },
  head: () => ({ meta: [{ title: t('common.title.app') }] }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

/** Keeps the errors' messages wanted: a change of language loads them in the new one before switching. */
function ErrorMessages() {
  useT('errors');
  return null;
}

function RootLayout() {
  const { auth } = Route.useRouteContext();
  return (
    <>
      {auth.user && (
        <Suspense fallback={null}>
          <ErrorMessages />
        </Suspense>
      )}
      <DocumentTitle />
      <NavigationProgress />
      <Outlet />
      <Toaster />
      <ReloadPrompt />
    </>
  );
}
