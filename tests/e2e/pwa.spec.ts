import { expect, test } from '@playwright/test';
import { apiFromPage } from './support/session';
import { rowCounts, withoutActivity } from './support/row-counts';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const newUser = { name: 'Tabitha Twotabs', email: 'tabitha@example.com', role: 'Buyer', status: 'verified', address: 'Peru', phone: '+51 555 0102' };

test.describe('signed in', () => {
  test.use({ storageState: SIGNED_IN });
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page);
  });

  // One signed-in device for these checks (each was its own test; now a step). The schema
  // upgrade leaves the account database at a newer version, so it comes last.
  test('storage in settings, the connection status, "Install app", live updates across tabs, and a schema upgrade in another tab', async ({ page, context }) => {
    test.setTimeout(180_000);
    await test.step('settings show the storage this device uses', async () => {
      await page.goto('/settings');
      await expect(page.getByTestId('storage-usage')).toHaveText(/used of .* available/);
    });

    await test.step('the header shows when the connection drops, and the app keeps working', async () => {
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

    await test.step('the profile menu offers "Install app" while the browser offers installation', async () => {
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

    await test.step('a write in one tab shows in another open tab within a second, without a reload', async () => {
      await page.goto('/users?search=tabitha');
      await expect(page.getByText(/^No users match /)).toBeVisible();

      const other = await context.newPage();
      await other.goto('/users');
      await expect(other.getByTestId('user-row').first()).toBeVisible();
      expect((await apiFromPage(other, 'POST', '/api/users', newUser)).status).toBe(201);

      await expect(page.getByTestId('user-row')).toHaveCount(1, { timeout: 1000 });
      await expect(page.getByRole('cell', { name: 'tabitha@example.com' })).toBeVisible();
      await other.close();
    });

    await test.step('a schema upgrade by a newer version in another tab: 0 rows lost, this tab asked to reload and working after it', async () => {
      await page.goto('/users');
      await expect(page.getByTestId('user-row').first()).toBeVisible();
      const before = await rowCounts(page);
      const other = await context.newPage();
      await other.goto('/login');
      // What a newer build does: it opens the account database with a higher version, and its
      // upgrade function rewrites rows (here every user, unchanged) while this tab has it open.
      const rewritten = await other.evaluate(async () => {
        const dbs = await indexedDB.databases();
        const found = dbs.find((d) => (d.name ?? '').startsWith('shop-admin-') && !(d.name ?? '').startsWith('shop-admin-drafts-'));
        if (!found?.name || !found.version) throw new Error('no account database');
        return new Promise<number>((resolve, reject) => {
          let count = 0;
          const open = indexedDB.open(found.name!, found.version! + 10);
          open.onupgradeneeded = () => {
            const cursor = open.transaction!.objectStore('users').openCursor();
            cursor.onsuccess = () => {
              if (!cursor.result) return;
              cursor.result.update(cursor.result.value);
              count++;
              cursor.result.continue();
            };
          };
          open.onsuccess = () => {
            open.result.close();
            resolve(count);
          };
          open.onerror = () => reject(open.error);
        });
      });
      expect(rewritten).toBe(before.listed.users);
      await expect(page.getByText('The app was updated in another tab — reload to keep working.')).toBeVisible();
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      await expect(page.getByTestId('user-row').first()).toBeVisible();
      // Rows lost: 0, in what the API lists and in every store; and the tab works: a write goes in.
      const after = await rowCounts(page);
      expect(after.listed).toEqual(before.listed);
      expect(withoutActivity(after.stored)).toEqual(withoutActivity(before.stored));
      expect((await apiFromPage(page, 'POST', '/api/users', { ...newUser, name: 'Uma Upgraded', email: 'uma@example.com' })).status).toBe(201);
      await expect(page.getByRole('cell', { name: 'uma@example.com' })).toBeVisible();
      await other.close();
    });
  });
});

test('a first visit says once that the app works offline, without loading the toasts', async ({ page }) => {
  await page.goto('/login');
  // The worker's first install: a status of the app's own (src/pwa/reload-prompt.tsx), gone after its 6 s.
  const notice = page.getByRole('status').filter({ hasText: 'Ready to work offline' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveCount(0, { timeout: 15_000 });
  // react-hot-toast's styles (goober's <style id="_goober">) come with the first toast only.
  expect(await page.evaluate(() => document.getElementById('_goober'))).toBeNull();
});
