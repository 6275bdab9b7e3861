import { LATEST_DB_VERSION } from '../../sw/api/storage/db-version';
import { expect, test } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { apiFromPage, signInThroughUi } from './support/session';
import { seedOrders } from '../../seed/orders';

const PASSWORD = 'Upgr4de-pass-123';

test('an account database left by version 1 (one record per order) is upgraded in place by the worker', async ({ page }) => {
  await resetAccounts(['upgrade@example.com']);
  const { uid } = await createAccount('upgrade@example.com', PASSWORD);
  const oldOrders = seedOrders.map((o) => ({ ...o, id: o.id + 100, customer: { ...o.customer, name: `Kept ${o.customer.name}` } }));

  // The database as the first version of the app left it: Dexie version 1 is IndexedDB version 10.
  await page.goto('/login');
  await page.evaluate(
    async ({ name, orders }) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name, 10);
        open.onupgradeneeded = () => {
          const db = open.result;
          const store = (table: string, key: string, indexes: Array<string | string[]>) => {
            const created = db.createObjectStore(table, { keyPath: key, autoIncrement: key === 'id' && table !== 'invoices' });
            for (const index of indexes) created.createIndex(Array.isArray(index) ? `[${index.join('+')}]` : index, index);
            return created;
          };
          store('users', 'id', ['createAt', 'status', ['status', 'createAt']]);
          store('products', 'id', ['createdAt', 'status', ['status', 'createdAt']]);
          store('reviews', 'id', ['productId', 'createdAt']);
          const orderStore = store('orders', 'id', ['createAt', 'status', ['status', 'createAt']]);
          store('invoices', 'id', ['issueDate', 'status', ['status', 'issueDate']]);
          for (const order of orders) orderStore.add(order);
        };
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error);
      });
    },
    { name: `shop-admin-${uid}`, orders: oldOrders },
  );

  await signInThroughUi(page, 'upgrade@example.com', PASSWORD);
  const list = await apiFromPage(page, 'GET', '/api/orders?search=kept');
  expect(list.status).toBe(200);
  expect(list.body.meta.total).toBe(15);
  const one = await apiFromPage(page, 'GET', '/api/orders?id=103');
  expect(one.body.order).toEqual(oldOrders.find((o) => o.id === 103));

  const { id, ...sent } = oldOrders[0]!;
  const added = await apiFromPage(page, 'POST', '/api/orders/bulk', { orders: [{ ...sent, invoiceId: '#IN9999' }] });
  expect(added.status).toBe(201);
  expect(added.body.firstId).toBe(Math.max(...oldOrders.map((o) => o.id)) + 1);
  expect(id).toBe(101);

  const schema = await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const answer = { version: db.version, stores: [...db.objectStoreNames] };
    db.close();
    return answer;
  }, `shop-admin-${uid}`);
  // Upgraded to the newest version (IndexedDB counts Dexie versions × 10); version 4 added files, trash and activity.
  expect(schema.version).toBe(LATEST_DB_VERSION * 10);
  expect(schema.stores).toEqual(expect.arrayContaining(['orderBlocks', 'files', 'trash', 'activity']));
  expect(schema.stores).not.toContain('orders');
});
