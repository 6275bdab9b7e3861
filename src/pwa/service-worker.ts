import { Workbox } from 'workbox-window';

/** The registered worker, for the update prompt. Set once the page is controlled. */
export let workbox: Workbox | undefined;

/**
 * Registers the service worker (the back end) and resolves once it controls this page,
 * so no /api call ever reaches the static server.
 */
export async function startServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) {
    throw new Error('This browser cannot run the offline back end (no service worker support).');
  }
  const container = navigator.serviceWorker;
  const controlled = container.controller
    ? Promise.resolve()
    : new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));

  // In dev, vite-plugin-pwa serves the worker as an ES module at this URL.
  workbox = import.meta.env.DEV
    ? new Workbox('/dev-sw.js?dev-sw', { scope: '/', type: 'module' })
    : new Workbox('/sw.js', { scope: '/' });
  const registration = await workbox.register();

  // After a hard reload the worker is active but does not control the page: ask it to claim.
  if (!container.controller && registration?.active) registration.active.postMessage({ type: 'CLAIM' });
  await controlled;
}
