/** Resolves once a service worker controls this page (demo builds wait for it before any auth call). */
export function untilWorkerControls(): Promise<void> {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return Promise.reject(new Error('This browser cannot run the demo (no service worker support).'));
  if (container.controller) return Promise.resolve();
  return new Promise((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
}
