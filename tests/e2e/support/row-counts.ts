import { expect, type Page } from '@playwright/test';
import { apiFromPage } from './session';

/**
 * Row counts of the signed-in account on this device, to compare before and after a fault
 * (issue #14, "Nothing lost"): what the API lists (through the worker's in-memory indexes)
 * and what IndexedDB holds (every store of the account's database and of its drafts
 * database, read from the page with a connection closed straight after).
 */
export interface RowCounts {
  /** `meta.total` of each list. */
  listed: Record<string, number>;
  /** Rows per store, as `<database kind>.<store>` (`shop.users`, `drafts.drafts`, …). */
  stored: Record<string, number>;
}

const LISTS = ['users', 'products', 'orders', 'invoices', 'tickets'] as const;

export async function listedTotals(page: Page): Promise<Record<string, number>> {
  const listed: Record<string, number> = {};
  for (const list of LISTS) {
    const answer = await apiFromPage(page, 'GET', `/api/${list}?pageSize=1`);
    expect(answer.status, `GET /api/${list}`).toBe(200);
    listed[list] = answer.body.meta.total as number;
  }
  return listed;
}

/** Rows per store of the account's shop database and drafts database (none yet: no entries). */
export function storedRows(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const counts: Record<string, number> = {};
    const countStores = (name: string, kind: string) =>
      new Promise<void>((resolve, reject) => {
        // No version: opens what is there, never upgrades it.
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          if (stores.length === 0) {
            db.close();
            return resolve();
          }
          const tx = db.transaction(stores, 'readonly');
          for (const store of stores) {
            const count = tx.objectStore(store).count();
            count.onsuccess = () => {
              counts[`${kind}.${store}`] = count.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => {
            db.close();
            reject(tx.error);
          };
        };
      });
    for (const name of names) {
      if (name.startsWith('shop-admin-drafts-')) await countStores(name, 'drafts');
      else if (name.startsWith('shop-admin-') && name !== 'shop-admin-identity') await countStores(name, 'shop');
    }
    return counts;
  });
}

export async function rowCounts(page: Page): Promise<RowCounts> {
  return { listed: await listedTotals(page), stored: await storedRows(page) };
}

/** Every store's rows, leaving out the activity log (reads and failed writes add none, but a write adds one). */
export const withoutActivity = (stored: Record<string, number>) => Object.fromEntries(Object.entries(stored).filter(([store]) => store !== 'shop.activity'));
