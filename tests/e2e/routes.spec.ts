import { expect, test } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { signInThroughUi } from './support/session';
import { screens } from './support/screens';


test('every screen renders in the shell with its own title', async ({ page }) => {
  await resetAccounts();
  await createAccount('route@example.com', 'Sup3r-secret-pass');
  await signInThroughUi(page, 'route@example.com', 'Sup3r-secret-pass');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [path, title, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first(), path).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Shop Admin`);
    await expect(nav).toBeVisible();
  }
});

test('public pages and the 404 page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shop Admin', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign in · Shop Admin');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/api/unknown-thing');
  // A navigation to /api is answered by the back end as JSON, never with the app shell.
  await expect(page.locator('body')).toContainText('"message"');
  await expect(page.locator('#root')).toHaveCount(0);
});
