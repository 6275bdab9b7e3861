import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startServiceWorker } from './pwa/service-worker';
import { auth } from './auth/firebase';
import { currentIdToken } from './auth/id-token';
import { setAuthTokenProvider, setBackendReady } from './lib/api-client';
import { applyStoredTheme } from './lib/theme';
import { applyStoredDirection } from './lib/direction';
import { captureInstallPrompt } from './pwa/install-prompt';
import { startLiveRefresh } from './pwa/live-refresh';
import { router } from './router';
import { App } from './app';
import './styles.css';

applyStoredTheme();
applyStoredDirection();
setAuthTokenProvider(currentIdToken);
captureInstallPrompt();
// Another tab's write (through the worker) reloads what this tab shows.
startLiveRefresh(() => void router.invalidate());

// index.html shows the start-up spinner until the first render below replaces it.
const root = createRoot(document.getElementById('root')!);

const showStartFailure = (error: unknown) =>
  root.render(
    <div role="alert" className="p-8">
      <h1 className="text-xl font-semibold">Shop Admin cannot start</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </div>,
  );

// The UI renders as soon as the first auth state is known; /api calls wait for the
// worker to control the page (on a first visit it is still precaching the app).
const backend = startServiceWorker();
setBackendReady(backend);
backend.catch(showStartFailure);
auth
  .authStateReady()
  .then(() =>
    // A transition lets React render the app in slices, so the page stays responsive.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  )
  .catch(showStartFailure);
