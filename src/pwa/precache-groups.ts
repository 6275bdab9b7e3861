import { shopServerUrl } from '@/lib/api-client';
import { i18n } from '@/i18n/i18n';
import { DEFAULT_LOCALE } from '@/i18n/locales';

/*
 * The worker keeps parts of the precache apart until the device needs them (sw/precache-group.ts):
 * the page tells it when it does. Each answer says whether the part is cached.
 */

async function askWorkerToCache(message: { type: string; locale?: string }): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ cached?: unknown }>) => resolve(event.data?.cached === true);
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * Tells the worker this device shows the team's shell, so it caches the team's screens' code for
 * offline use (a team build's worker holds it back from a device that may be a customer's).
 * Without a shop server the worker precached it at install.
 */
export function cacheAdminScreens(): Promise<boolean> {
  if (!shopServerUrl) return Promise.resolve(true);
  return askWorkerToCache({ type: 'CACHE_ADMIN_SCREENS' });
}

/**
 * From start-up on: each language the page shows (but English, which the worker precaches) is
 * cached by the worker for offline use, so a device downloads only the languages it uses.
 */
export function keepShownLanguagesOffline(): void {
  const keep = () => {
    if (i18n.locale && i18n.locale !== DEFAULT_LOCALE) void askWorkerToCache({ type: 'CACHE_LANGUAGE', locale: i18n.locale }).catch(() => false);
  };
  i18n.on('change', keep);
  keep();
}
