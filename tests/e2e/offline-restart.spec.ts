import { expect, test } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { withPersistentProfile } from './support/persistent-profile';
import { signInThroughUi } from './support/session';
import { screens } from './support/screens';

test('after one online visit, a restarted browser opens every screen offline', async ({ baseURL }) => {
  // Two browser starts and every screen: over 120 s beside another worker on a loaded machine.
  test.setTimeout(240_000);
  await resetAccounts(['restart@example.com']);
  await createAccount('restart@example.com', 'Sup3r-secret-pass');
  await withPersistentProfile(baseURL, async (launch) => {
    const first = await launch();
    const page = first.pages()[0] ?? (await first.newPage());
    await signInThroughUi(page, 'restart@example.com', 'Sup3r-secret-pass');
    // Let the worker finish precaching before the browser closes.
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated');
    await first.close();

    const second = await launch();
    await second.setOffline(true);
    const offlinePage = second.pages()[0] ?? (await second.newPage());
    for (const [path, , heading] of screens) {
      await offlinePage.goto(path);
      await expect(offlinePage.getByRole('heading', { name: heading, exact: true }).first(), path).toBeVisible();
    }
    await offlinePage.goto('/users');
    await expect(offlinePage.getByText('Showing 1–10 of 14')).toBeVisible();
    await second.close();
  });
});
