import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import type { User } from 'firebase/auth';
import { startServiceWorker } from './pwa/service-worker';
import { currentIdToken } from './auth/id-token';
import { setAuthTokenProvider, setBackendReady } from './lib/api-client';
import { applyStoredTheme } from './lib/theme';
import { applyStoredDirection } from './lib/direction';
import { startLocale } from './i18n/choose-locale';
import { captureInstallPrompt } from './pwa/install-prompt';
import { startLiveRefresh } from './pwa/live-refresh';
import { keepShownLanguagesOffline } from './pwa/precache-groups';
import { router } from './router';
import { App } from './app';
import { showPlainStartFailure } from './start-failure';

/**
 * The app's start-up (after src/main.tsx has begun loading Firebase Auth and React DOM):
 * renders the current page once the first auth state is known.
 */
export function start(reactDom: Promise<typeof import('react-dom/client')>, firstAuthState: Promise<User | null>) {
  // The code of the routes this URL shows starts loading now (the router would ask for it
  // only once the auth state is known).
  for (const route of router.getMatchedRoutes(router.latestLocation.pathname)[0]) void router.loadRouteChunk(route)?.catch(() => {});

  applyStoredTheme();
  applyStoredDirection();
  // The language's messages for the shell load alongside the auth state; the first render waits for both.
  const messages = startLocale();
  keepShownLanguagesOffline();
  setAuthTokenProvider(currentIdToken);
  captureInstallPrompt();
  // Another tab's write (through the worker) reloads what this tab shows.
  startLiveRefresh(() => void router.invalidate());

  // index.html shows the start-up spinner until the first render replaces it.
  const root: Promise<Root> = reactDom.then(({ createRoot }) => createRoot(document.getElementById('root')!));

  // One message for every start-up failure (src/start-failure.ts): React lets go of the page
  // first, and the first render, if it is still to come, is skipped.
  let failed = false;
  const showStartFailure = (error: unknown) => {
    failed = true;
    void root
      .then((r) => r.unmount())
      .catch(() => {})
      .then(() => showPlainStartFailure(error));
  };

  // The UI renders as soon as the first auth state is known; /api calls wait for the
  // worker to control the page (on a first visit it is still precaching the app).
  const backend = startServiceWorker();
  setBackendReady(backend);
  backend.catch(showStartFailure);
  firstAuthState
    .then(async (user) => {
      // The router resolves this URL (guards, search, route code) before React renders, so
      // the first render already shows the page...
      router.update({ ...router.options, context: { ...router.options.context, auth: { user } } });
      await messages;
      await router.load();
      const ready = await root;
      if (failed) return;
      // ...and, in a transition, React renders it in slices, so the page stays responsive.
      startTransition(() =>
        ready.render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      );
    })
    .catch(showStartFailure);
}
