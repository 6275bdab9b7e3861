import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { violations } from './support/axe';
import { apiFromPage, signInThroughUi } from './support/session';

// Settings → Data on an account this test creates (the demo account's data is never touched):
// download a backup, change things, restore it (the changes are gone), a bad file is refused
// with a message and changes nothing, and "Reset to sample data" after a confirmation.

const SAMPLE_PRODUCT = 'Classic Denim Jacket';

/** Whether the product with this id exists (an unknown id answers `{ product: false }`). */
const productExists = async (page: Page, id: number) => (await apiFromPage(page, 'GET', `/api/products?id=${id}`)).body.product !== false;

/** The account's product count, and whether product 1 (the sample's first) is there. */
async function productState(page: Page) {
  const list = await apiFromPage(page, 'GET', '/api/products?pageSize=1');
  return { total: list.body.meta.total as number, hasFirst: await productExists(page, 1) };
}

async function openDataSettings(page: Page) {
  await page.goto('/settings/data');
  await expect(page.getByRole('heading', { name: 'Data', exact: true })).toBeVisible({ timeout: 30_000 });
}

test('backup and restore: download a backup, restore it after a change, refuse a bad file, reset to sample data', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `backup-${stamp}@example.com`;
  const password = 'Backup-pass-42';
  const { uid } = await createAccount(email, password, 'Bea Backup');
  let backupPath = '';

  try {
    await test.step('sign in as a new account and open Settings → Data (listed in the settings navigation)', async () => {
      await signInThroughUi(page, email, password);
      await page.goto('/settings');
      await page.getByRole('link', { name: 'Data', exact: true }).click();
      await expect(page).toHaveURL(/\/settings\/data$/);
      await expect(page.getByRole('heading', { name: 'Data', exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(page).toHaveTitle('Data · Shop Admin');
      // The page as loaded is checked by axe in routes.spec.ts; this journey's own states (its
      // dialog, its refusals) are checked in the dark theme.
      await page.evaluate(() => localStorage.setItem('shop-admin:theme', 'dark'));
      await openDataSettings(page);
    });

    const original = await productState(page);
    expect(original.hasFirst).toBe(true);

    await test.step('download a backup: one JSON file named after the account and the day', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download a backup' }).click();
      const download = await downloading;
      const day = new Date().toISOString().slice(0, 10);
      expect(download.suggestedFilename()).toBe(`shop-admin-${email}-${day}.json`);
      backupPath = test.info().outputPath('backup.json');
      await download.saveAs(backupPath);
      const file = JSON.parse(await readFile(backupPath, 'utf8'));
      expect(file.formatName).toBe('dexie');
      expect(file.data.databaseName).toBe(`shop-admin-${uid}`);
      const products = file.data.data.find((t: { tableName: string }) => t.tableName === 'products');
      expect(products.rows).toHaveLength(original.total);
      await expect(page.getByText(`Backup saved as shop-admin-${email}-${day}.json`)).toBeVisible();
    });

    await test.step('change things: delete the first product, add another', async () => {
      expect((await apiFromPage(page, 'DELETE', '/api/products?id=1')).status).toBe(200);
      expect(await productExists(page, 1)).toBe(false);
      await page.goto('/products?search=Denim');
      await expect(page.getByText('No products match')).toBeVisible({ timeout: 30_000 });
    });

    await test.step('restore the backup: the confirmation names what is replaced and what the file holds; the change is gone', async () => {
      await openDataSettings(page);
      await page.getByLabel('Backup file').setInputFiles(backupPath);
      const dialog = page.getByRole('dialog', { name: 'Replace this account’s data?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('backup.json');
      const productsRow = dialog.getByTestId('backup-counts').getByRole('row', { name: /^Products/ });
      await expect(productsRow).toHaveText(`Products${original.total - 1}${original.total}`);
      expect(await violations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Restore backup' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(/^Backup restored: /)).toBeVisible();
      expect(await productState(page)).toEqual(original);
      await page.goto('/products?search=Denim');
      await expect(page.getByRole('row', { name: new RegExp(SAMPLE_PRODUCT) })).toBeVisible({ timeout: 30_000 });
    });

    await test.step('a bad file (cut short, or another account’s) is refused with a message, and nothing changes', async () => {
      expect((await apiFromPage(page, 'DELETE', '/api/products?id=2')).status).toBe(200);
      const before = await productState(page);
      await openDataSettings(page);
      const text = await readFile(backupPath, 'utf8');
      await page.getByLabel('Backup file').setInputFiles({ name: 'cut-short.json', mimeType: 'application/json', buffer: Buffer.from(text.slice(0, Math.floor(text.length / 2))) });
      const alert = page.getByRole('alert').filter({ hasText: 'This file cannot be restored' });
      await expect(alert).toContainText('it is not valid JSON (damaged, or cut short). Nothing was changed.');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const otherAccount = JSON.parse(text);
      otherAccount.data.databaseName = 'shop-admin-someone-else';
      await page.getByLabel('Backup file').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(otherAccount)) });
      await expect(alert).toContainText('This backup belongs to another account');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await productState(page)).toEqual(before);
      expect(await violations(page)).toEqual([]);
    });

    await test.step('reset to sample data, after a confirmation: the account is as a new one', async () => {
      const created = await apiFromPage(page, 'POST', '/api/products', {
        title: 'Made Before Reset',
        category: 'office',
        code: 'SKU-RESET-1',
        colors: ['green'],
        sizes: ['m'],
        description: 'A product the reset must remove.',
        discount: 0,
        featureImage: '/images/products/product-03.svg',
        features: [{ name: 'Material', value: 'Brass' }],
        images: ['/images/products/product-03.svg', '/images/products/product-04.svg'],
        offers: [],
        price: 10,
        status: 'draft',
        stock: 1,
      });
      expect(created.status).toBe(201);
      await page.getByRole('button', { name: 'Reset to sample data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset to the sample data?' });
      await expect(dialog).toBeVisible();
      // Cancel keeps everything.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect(await productExists(page, created.body.product.id)).toBe(true);
      await page.getByRole('button', { name: 'Reset to sample data' }).click();
      await dialog.getByRole('button', { name: 'Reset to sample data' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(/^Sample data restored: /)).toBeVisible();
      expect(await productState(page)).toEqual(original);
      expect(await productExists(page, created.body.product.id)).toBe(false);
    });
  } finally {
    await resetAccounts([email]);
  }
});
