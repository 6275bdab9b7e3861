import { pwaEvents } from './pwa-events';

let registration: ServiceWorkerRegistration | undefined;
/** Set when this tab asked the waiting worker to take over (so the reload is expected). */
let updateRequestedHere = false;
/** How long after installing a worker counts as waiting: the first install activates at once (sw/sw.ts skips waiting). */
const WAITING_AFTER_MS = 200;

/**
 * Registers the service worker (the back end) and resolves once it controls this page,
 * so no /api call ever reaches the static server. Later worker events feed pwaEvents.
 * The browser's own API (what workbox-window wrapped, ~2.4 KB gzip at every start-up).
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
  const registered = import.meta.env.DEV
    ? await container.register(`${base}dev-sw.js?dev-sw`, { scope: base, type: 'module' })
    : await container.register(`${base}sw.js`, { scope: base });
  registration = registered;

  // Each worker this page sees installing: the first install means the app works offline; a
  // later one that stays installed (not activating) is a new version waiting for consent.
  const watched = new WeakSet<ServiceWorker>();
  // No worker controls the page nor is active (a hard reload leaves one active): the next one found is the app's first.
  let first = !container.controller && !registered.active;
  const watch = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    const isFirstInstall = first;
    first = false;
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      if (isFirstInstall) pwaEvents.set({ offlineReady: true });
      setTimeout(() => {
        if (registered.waiting === worker) pwaEvents.set({ updateWaiting: true });
      }, WAITING_AFTER_MS);
    });
  };
  watch(registered.installing);
  registered.addEventListener('updatefound', () => watch(registered.installing));
  if (registered.waiting && container.controller) pwaEvents.set({ updateWaiting: true });

  // After a hard reload the worker is active but does not control the page: ask it to claim.
  if (!container.controller && registered.active) registered.active.postMessage({ type: 'CLAIM' });
  await controlled;

  // From now on a change of controller means a new version took over.
  container.addEventListener('controllerchange', () => {
    if (updateRequestedHere) window.location.reload();
    else pwaEvents.set({ updatedElsewhere: true });
  });
}

/** Activates the waiting version; the page reloads when it takes control. */
export function applyUpdate(): void {
  updateRequestedHere = true;
  registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
}
