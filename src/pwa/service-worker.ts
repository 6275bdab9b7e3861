import { Workbox } from 'workbox-window';
import { pwaEvents } from './pwa-events';

let workbox: Workbox | undefined;
/** Set when this tab asked the waiting worker to take over (so the reload is expected). */
let updateRequestedHere = false;

/**
 * Registers the service worker (the back end) and resolves once it controls this page,
 * so no /api call ever reaches the static server. Later worker events feed pwaEvents.
 */
export async function startServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) {
    throw new Error('This browser cannot run the offline back end (no service worker support).');
  }
  // Register after the page has loaded, so precaching the app does not compete with the first paint.
  if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));

  const container = navigator.serviceWorker;
  const controlled = container.controller
    ? Promise.resolve()
    : new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));

  // In dev, vite-plugin-pwa serves the worker as an ES module at this URL. Both live at the
  // build's base path (BASE_PATH), which is the worker's scope.
  const base = import.meta.env.BASE_URL;
  workbox = import.meta.env.DEV
    ? new Workbox(`${base}dev-sw.js?dev-sw`, { scope: base, type: 'module' })
    : new Workbox(`${base}sw.js`, { scope: base });

  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate) pwaEvents.set({ offlineReady: true });
  });
  // A new version is installed and waiting for this page's consent.
  workbox.addEventListener('waiting', () => pwaEvents.set({ updateWaiting: true }));

  const registration = await workbox.register();
  if (registration?.waiting && container.controller) pwaEvents.set({ updateWaiting: true });

  // After a hard reload the worker is active but does not control the page: ask it to claim.
  if (!container.controller && registration?.active) registration.active.postMessage({ type: 'CLAIM' });
  await controlled;

  // From now on a change of controller means a new version took over.
  container.addEventListener('controllerchange', () => {
    if (updateRequestedHere) window.location.reload();
    else pwaEvents.set({ updatedElsewhere: true });
  });
}

/** How often the waiting version is asked again to take over, while it has not. */
const TAKE_OVER_RETRY_MS = 2_000;

/**
 * Activates the waiting version; the page reloads when it takes control. The request is made
 * again every TAKE_OVER_RETRY_MS until it does: Chromium abandons an activation when a request of
 * a page reaches the old version at the moment the new one starts activating, and leaves the new
 * one waiting (seen in the field trip's journey: Reload did nothing).
 */
export function applyUpdate(): void {
  updateRequestedHere = true;
  const ask = () => {
    // The running version first ends what holds it (its sync events, sw/sync/background-sync.ts).
    navigator.serviceWorker.controller?.postMessage({ type: 'NEW_VERSION_TAKES_OVER' });
    workbox?.messageSkipWaiting();
  };
  ask();
  const again = setInterval(ask, TAKE_OVER_RETRY_MS);
  navigator.serviceWorker.addEventListener('controllerchange', () => clearInterval(again), { once: true });
}
