import { expect, test } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { signInThroughUi, waitForWorkerControl } from './support/session';
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

  await waitForWorkerControl(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/api/unknown-thing');
  // A navigation to /api is answered by the back end as JSON, never with the app shell.
  await expect(page.locator('body')).toContainText('"message"');
  await expect(page.locator('#root')).toHaveCount(0);
});

test('a slim progress bar runs while the next route loads, then hides', async ({ page }) => {
  await resetAccounts();
  await createAccount('bar@example.com', 'Sup3r-secret-pass');
  await signInThroughUi(page, 'bar@example.com', 'Sup3r-secret-pass');
  const bar = page.getByTestId('navigation-progress');
  await expect(bar).toHaveAttribute('data-state', 'idle');
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressStates: string[] }).progressStates = seen;
    const el = document.querySelector('[data-testid="navigation-progress"]')!;
    new MutationObserver(() => seen.push(el.getAttribute('data-state') ?? '')).observe(el, { attributes: true });
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expect(bar).toHaveAttribute('data-state', 'idle');
  const states = await page.evaluate(() => (window as unknown as { progressStates: string[] }).progressStates);
  expect(states).toContain('loading');
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
});

test('the theme and layout direction are chosen in the header, applied at once and remembered', async ({ page }) => {
  await resetAccounts();
  await createAccount('theme@example.com', 'Sup3r-secret-pass');
  await signInThroughUi(page, 'theme@example.com', 'Sup3r-secret-pass');
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Theme: system' }).click();
  await page.getByRole('menuitemradio', { name: /Dark/ }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: /LTR layout/ }).click();
  await expect(html).toHaveAttribute('dir', 'rtl');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Theme: dark' })).toBeVisible();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('dir', 'rtl');

  // "System" follows the device's setting, live.
  await page.getByRole('button', { name: 'Theme: dark' }).click();
  await page.getByRole('menuitemradio', { name: /System/ }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
});

test('the shell: collapsible sidebar (remembered), notifications, full screen, and a navigation drawer on phones', async ({ page }) => {
  await resetAccounts();
  await createAccount('shell@example.com', 'Sup3r-secret-pass');
  await signInThroughUi(page, 'shell@example.com', 'Sup3r-secret-pass');
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible();

  await page.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText("You're all caught up")).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Enter full screen' }).click();
  await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await expect(page.getByRole('button', { name: 'Enter full screen' })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await drawer.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
});

test('a full-screen spinner shows until the app knows the auth state, then the page replaces it', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the app's main chunk so the start-up state can be seen.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const spinner = page.getByRole('status').filter({ hasText: 'Starting Shop Admin…' });
  await expect(spinner).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(spinner).toHaveCount(0);
});

test('when the back end cannot start (its worker script fails to load), the page says so instead of spinning', async ({ page, context }) => {
  await context.route('**/sw.js', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto('/login');
  const alert = page.getByRole('alert').filter({ hasText: 'Shop Admin cannot start' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Starting Shop Admin…' })).toHaveCount(0);
});
