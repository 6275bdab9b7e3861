import { shopServerUrl } from '@/lib/api-client';

/**
 * Tells the worker this device shows the team's shell, so it caches the team's screens' code for
 * offline use (a team build's worker holds it back from a device that may be a customer's:
 * sw/admin-screens.ts). Resolves with whether the code is cached; without a shop server the
 * worker precached it at install.
 */
export async function cacheAdminScreens(): Promise<boolean> {
  if (!shopServerUrl || !('serviceWorker' in navigator)) return true;
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ cached?: unknown }>) => resolve(event.data?.cached === true);
    worker.postMessage({ type: 'CACHE_ADMIN_SCREENS' }, [channel.port2]);
  });
}
