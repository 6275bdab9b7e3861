import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { apiFromPage, signInThroughUi } from './support/session';

const PASSWORD = 'Sup3r-secret-pass';
const newUser = { name: 'Tabitha Twotabs', email: 'tabitha@example.com', role: 'Buyer', status: 'verified', address: 'Peru', phone: '+51 555 0102' };

const workerBuildId = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve((event.data as { buildId: string }).buildId);
        navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await resetAccounts();
    await createAccount('pwa@example.com', PASSWORD);
    await signInThroughUi(page, 'pwa@example.com', PASSWORD);
  });

  test('a write in one tab shows in another open tab within a second, without a reload', async ({ page, context }) => {
    await page.goto('/users?search=tabitha');
    await expect(page.getByText(/^No users match /)).toBeVisible();

    const other = await context.newPage();
    await other.goto('/users');
    await expect(other.getByTestId('user-row').first()).toBeVisible();
    expect((await apiFromPage(other, 'POST', '/api/users', newUser)).status).toBe(201);

    await expect(page.getByTestId('user-row')).toHaveCount(1, { timeout: 1000 });
    await expect(page.getByRole('cell', { name: 'tabitha@example.com' })).toBeVisible();
  });

  test('the header shows when the connection drops, and the app keeps working', async ({ page, context }) => {
    await page.goto('/users');
    const status = page.getByRole('banner').getByRole('status');
    await expect(status).toHaveText('Online');
    await context.setOffline(true);
    await expect(status).toHaveText('Offline');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 11–14 of 14')).toBeVisible();
    await context.setOffline(false);
    await expect(status).toHaveText('Online');
  });

  test('the profile menu offers "Install app" while the browser offers installation', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Install app' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // What Chrome fires when the app meets its install criteria.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Install app' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted)).toBe(true);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Install app' })).toHaveCount(0);
  });

  test('settings show the storage this device uses', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByTestId('storage-usage')).toHaveText(/used of .* available/);
  });

  test('a schema upgrade by a newer version in another tab asks this tab to reload', async ({ page, context }) => {
    await page.goto('/users');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    const other = await context.newPage();
    await other.goto('/login');
    // What a newer build does when it opens the account database with a higher version.
    await other.evaluate(async () => {
      const dbs = await indexedDB.databases();
      const name = dbs.map((d) => d.name ?? '').find((n) => n.startsWith('shop-admin-'));
      if (!name) throw new Error('no account database');
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name, 1000);
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error);
      });
    });
    await expect(page.getByText('The app was updated in another tab — reload to keep working.')).toBeVisible();
  });
});

test('a waiting new version is offered with a toast, and Reload activates it', async ({ page }) => {
  test.setTimeout(180_000);
  // A second build of the same app whose worker differs (build id "next").
  execFileSync('npx', ['vite', 'build', '--outDir', 'test-results/next-build', '--emptyOutDir'], {
    env: { ...process.env, VITE_BUILD_ID: 'next' },
    stdio: 'ignore',
  });
  // The preview server reads files from disk on each request: swapping sw.js publishes the new version.
  const servedWorker = `${process.env.E2E_DIST || 'dist'}/sw.js`;
  const currentWorker = readFileSync(servedWorker);

  await page.goto('/login');
  await expect(page.getByText('Ready to work offline')).toBeVisible();
  expect(await workerBuildId(page)).toBe('local');

  copyFileSync('test-results/next-build/sw.js', servedWorker);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText('A new version is ready.')).toBeVisible();
    // Waiting, not active: the running page keeps its version until the user says so.
    expect(await workerBuildId(page)).toBe('local');

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await workerBuildId(page)).toBe('next');
  } finally {
    writeFileSync(servedWorker, currentWorker);
  }
});
