import type { Page } from '@playwright/test';
import { violations } from './support/axe';
import { chooseLook, navigateInApp, settled } from './support/page-state';
import { expect, test } from './support/csp';
import { keyboardProblems } from './support/keyboard';
import { waitForWorkerControl } from './support/session';
import { screens } from './support/screens';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

// The tests are independent (each page a fresh device): the two test workers run this file's
// tests side by side, so its two passes over every screen take about half as long.
test.describe.configure({ mode: 'parallel' });

test.describe('signed in', () => {
  test.use({ storageState: SIGNED_IN });

  /**
   * Every screen in one theme and direction (index.html applies them before the first paint):
   * it renders in the shell with its own title and no WCAG A/AA violation (axe) once settled.
   * `visit`: each screen loaded as a visit; otherwise reached inside the app as a link does.
   * `eachScreen` runs after the screen's checks.
   */
  async function everyScreen(page: Page, theme: 'light' | 'dark', direction: 'ltr' | 'rtl', visit: boolean, eachScreen: (path: string, index: number) => Promise<void>) {
    await openSignedIn(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await chooseLook(page, theme, direction);
    for (const [index, [path, title, heading]] of screens.entries()) {
      if (visit || index === 0) await page.goto(path);
      else await navigateInApp(page, path);
      // A screen's code and first data, on a busy shared machine, may take longer than 10 s.
      await expect(page.getByRole('heading', { name: heading, exact: true }).first(), path).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveTitle(`${title} · Shop Admin`);
      await expect(nav).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await settled(page);
      expect.soft(await violations(page), `${path}, ${theme}, ${direction}`).toEqual([]);
      await eachScreen(path, index);
    }
  }

  test('every screen, light and left to right, each loaded as a visit: renders in the shell with its own title, violating no Content-Security-Policy, with no WCAG A/AA violation (axe); nor has the delete confirmation or the account menu', async ({ page, cspViolations }) => {
    // 32 screens, a second or more of axe each on a loaded machine.
    test.setTimeout(600_000);
    await everyScreen(page, 'light', 'ltr', true, async (path) => {
      if (path !== '/users') return;
      await page.getByTestId('user-row').first().getByRole('button', { name: /^Delete / }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect.soft(await violations(page, '[role=dialog]'), 'delete confirmation').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect.soft(await violations(page, '[role=menu]'), 'account menu').toEqual([]);
      await page.keyboard.press('Escape');
    });
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
  });

  test('every screen, dark and right to left, each reached inside the app as a link does: renders in the shell with its own title, violating no Content-Security-Policy, with no WCAG A/AA violation (axe); every control is reachable by keyboard and shows a visible focus, and Tab walks the screen in order without getting stuck', async ({ page, cspViolations }) => {
    test.setTimeout(600_000);
    await everyScreen(page, 'dark', 'rtl', false, async (path, index) => {
      // The whole page's Tab order on the first screen; the shell around <main> is the same on
      // every screen, so on the others the walk goes through <main> only.
      await test.step(`${path}: keyboard`, async () => {
        expect.soft(await keyboardProblems(page, { walkWithin: index === 0 ? undefined : 'main' }), `${path}: keyboard`).toEqual([]);
      });
    });
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
  });

  // One signed-in page for the shell's journeys (each was its own test; now a step).
  test('the shell: navigation progress bar; collapsible sidebar, notifications, full screen and the phone drawer; theme and layout direction', async ({ page }) => {
    test.setTimeout(120_000);
    await openSignedIn(page);
    const desktop = page.viewportSize()!;
    await test.step('a slim progress bar runs while the next route loads, then hides', async () => {
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

    await test.step('the shell: collapsible sidebar (remembered), notifications, full screen, and a navigation drawer on phones', async () => {
      const nav = page.getByRole('navigation', { name: 'Main' });

      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible();

      await page.getByRole('button', { name: /^Notifications: (\d+|9\+) unread$/ }).click();
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

    // Back to a desktop window on the dashboard, as a new visit.
    await page.setViewportSize(desktop);
    await page.goto('/learning-management');
    await test.step('the theme and layout direction are chosen in the header, applied at once and remembered', async () => {
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
  });
});

test('public pages and the 404 page; the public pages have no WCAG A/AA violations, light and left-to-right, then dark and right-to-left; every control is reachable by keyboard with a visible focus, and Tab walks each page in order', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shop Admin', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign in · Shop Admin');
  await waitForWorkerControl(page);

  // Each loaded as a visit (was accessibility.spec.ts), in both themes and both directions.
  for (const [theme, direction] of [['light', 'ltr'], ['dark', 'rtl']] as const) {
    await chooseLook(page, theme, direction);
    for (const path of ['/', '/login', '/register', '/forget-password', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect.soft(await violations(page), `${path}, ${theme}, ${direction}`).toEqual([]);
      if (direction === 'ltr') {
        await test.step(`${path}: keyboard`, async () => {
          expect.soft(await keyboardProblems(page), `${path}: keyboard`).toEqual([]);
        });
      }
    }
  }
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await page.goto('/api/unknown-thing');
  // A navigation to /api is answered by the back end as JSON, never with the app shell.
  await expect(page.locator('body')).toContainText('"message"');
  await expect(page.locator('#root')).toHaveCount(0);
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
