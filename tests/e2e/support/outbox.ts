import type { Page } from '@playwright/test';

/** Puts a write of another app version (`name`, a mutation the shop server does not know) at the end of the device's outbox for the shop (its copy's IndexedDB, as the worker's Dexie keeps it). */
export async function queueUnknownWrite(page: Page, shopId: string, name: string) {
  await page.evaluate(
    async ({ shopId, name }) => {
      const names = (await indexedDB.databases()).map((info) => info.name ?? '');
      const copy = names.find((dbName) => dbName.startsWith('shop-admin-') && dbName.endsWith(`-${shopId}`));
      if (!copy) throw new Error(`No copy of shop ${shopId} among ${names.join(', ')}`);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(copy);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(['outbox', 'syncState'], 'readwrite');
          const client = tx.objectStore('syncState').get('client');
          const last = tx.objectStore('outbox').openCursor(null, 'prev');
          let lastApplied: number | undefined;
          let lastWaiting: number | undefined;
          const add = () => {
            if (lastApplied === undefined || lastWaiting === undefined) return;
            tx.objectStore('outbox').add({ id: Math.max(lastApplied, lastWaiting) + 1, name, query: {}, body: { number: 'LC-1', points: 10 } });
          };
          client.onsuccess = () => {
            lastApplied = (client.result as { lastMutationId?: number } | undefined)?.lastMutationId ?? 0;
            add();
          };
          last.onsuccess = () => {
            lastWaiting = (last.result?.key as number | undefined) ?? 0;
            add();
          };
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      } finally {
        db.close();
      }
    },
    { shopId, name },
  );
}
