import { expect, test } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { signInThroughUi } from './support/session';

/** Every screen of the spec: [path, page title, main heading]. */
const screens: Array<[string, string, string]> = [
  ['/learning-management', 'Learning management', 'Learning management'],
  ['/job-management', 'Job management', 'Job management'],
  ['/analytics', 'Analytics', 'Analytics'],
  ['/sales', 'Sales', 'Sales'],
  ['/saas', 'SaaS', 'SaaS'],
  ['/users', 'Users', 'Users'],
  ['/users/create', 'Create user', 'Create user'],
  ['/users/profile', 'User profile', 'User profile'],
  ['/users/3', 'Edit user', 'Edit user'],
  ['/products', 'Products', 'Products'],
  ['/products/create', 'Create product', 'Create product'],
  ['/products/3', 'Edit product', 'Edit product'],
  ['/products/3/overview', 'Product overview', 'Product overview'],
  ['/orders', 'Orders', 'Orders'],
  ['/orders/3', 'Order details', 'Order details'],
  ['/invoices', 'Invoices', 'Invoices'],
  ['/invoices/create', 'Create invoice', 'Create invoice'],
  ['/invoices/INV-003', 'Edit invoice', 'Edit invoice'],
  ['/invoices/INV-003/details', 'Invoice details', 'Invoice details'],
  ['/settings', 'Profile information', 'Profile information'],
  ['/settings/security', 'Security', 'Security'],
  ['/settings/plan-billing', 'Plan & billing', 'Plan & billing'],
  ['/settings/two-factor-authentication', 'Two-factor authentication', 'Two-factor authentication'],
  ['/settings/notification', 'Notifications', 'Notifications'],
  ['/settings/social-media-links', 'Social media links', 'Social media links'],
  ['/settings/account-deactivation', 'Account deactivation', 'Account deactivation'],
  ['/support', 'Support', 'Support'],
  ['/support/tickets', 'Tickets', 'Tickets'],
  ['/support/faqs', 'FAQs', 'FAQs'],
  ['/support/contact', 'Contact', 'Contact'],
  ['/support/create-ticket', 'Create ticket', 'Create ticket'],
];

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
