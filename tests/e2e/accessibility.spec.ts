import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { signInThroughUi } from './support/session';

/** WCAG 2.1 A/AA violations on the page as it is now (axe-core). */
async function violations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // An open modal menu hides the rest of the page from assistive tech (Radix), so check the menu itself.
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('session pages have no WCAG A/AA violations', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/forget-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
});

test('the signed-in shell has no WCAG A/AA violations, light and dark, menus open', async ({ page }) => {
  await resetAccounts();
  await createAccount('axe@example.com', 'Sup3r-secret-pass', 'Axe Admin');
  await signInThroughUi(page, 'axe@example.com', 'Sup3r-secret-pass');
  await page.goto('/users');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  expect(await violations(page), 'users, light').toEqual([]);
  await page.getByTestId('user-row').first().getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page, '[role=dialog]'), 'delete confirmation').toEqual([]);
  await page.keyboard.press('Escape');
  for (const path of ['/users/create', '/users/3', '/users/profile', '/products', '/products/create', '/products/3', '/products/3/overview']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto('/users');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await violations(page, '[role=menu]'), 'account menu').toEqual([]);
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('shop-admin:theme', 'dark'));
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(await violations(page), 'settings, dark').toEqual([]);
});
