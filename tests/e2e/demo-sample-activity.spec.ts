import { expect, test } from '@playwright/test';
import { violations } from './support/axe';
import { apiFromPage, waitForAppStart, waitForWorkerControl } from './support/session';

/**
 * The demo build (static host, no emulator: playwright's "demo" project) offers "Fill with a year
 * of sample activity" on the first screen after sign-in, fills the shop from there, and stops
 * offering it once the shop is filled. The full fill journey (figures, removal): sample-activity.spec.ts.
 */
test('the demo offers a year of sample activity on its first screen after sign-in, and fills the shop from it', async ({ page }) => {
  test.setTimeout(120_000);
  // The static host serves the base path only: the worker installs there and serves the app's other paths.
  await page.goto('');
  await waitForWorkerControl(page);
  await waitForAppStart(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Use the demo account' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  const offer = page.getByRole('region', { name: 'Sample activity' });
  await expect(offer).toContainText('This shop is nearly empty', { timeout: 30_000 });
  // The first screen after sign-in is a dashboard.
  expect(new URL(page.url()).pathname).toMatch(/\/shop-admin\/(learning-management|sales|analytics|saas|job-management)$/);
  expect(await violations(page, 'section[aria-label="Sample activity"]')).toEqual([]);
  await offer.getByRole('button', { name: 'Fill with a year of sample activity' }).click();
  await expect(offer.getByRole('status').filter({ hasText: /^Added 300 customers, 2,000 orders/ })).toBeVisible({ timeout: 60_000 });

  const status = await apiFromPage(page, 'GET', '/shop-admin/api/sample-activity');
  expect(status.body).toMatchObject({ filled: true, counts: { orders: 2000, users: 300 } });
  await offer.getByRole('button', { name: 'Close' }).click();
  await expect(offer).toBeHidden();
  // Filled: a later visit is not offered it again.
  await page.reload();
  await waitForAppStart(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(offer).toBeHidden();
});
