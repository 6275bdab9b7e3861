import type { Page } from '@playwright/test';

/** A form's draft as stored on this device (the page's drafts database), or null. */
export const storedDraft = (page: Page, key: string) =>
  page.evaluate(async (key) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('shop-admin-drafts-'));
    if (!name) return null;
    return new Promise<unknown>((resolve) => {
      const open = indexedDB.open(name);
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('drafts')) {
          db.close();
          return resolve(null);
        }
        const get = db.transaction('drafts').objectStore('drafts').get(key);
        get.onsuccess = () => {
          db.close();
          resolve((get.result as { values?: unknown } | undefined)?.values ?? null);
        };
        get.onerror = () => {
          db.close();
          resolve(null);
        };
      };
    });
  }, key);
