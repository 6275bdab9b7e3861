import { expect, test, type Page } from '@playwright/test';
import { withPersistentProfile } from './support/persistent-profile';
import { apiFromPage, openPage, waitForAppStart, waitForWorkerControl } from './support/session';
import { screens } from './support/screens';

/**
 * The demo build (`npm run build:demo`, here with BASE_PATH /shop-admin/, into dist-demo) served
 * by scripts/serve-static.mjs: a plain static server with no rewrites, under a sub-path, and NO
 * Auth emulator — the service worker answers the Firebase Auth SDK (the "demo" project in
 * playwright.config.ts). Paths here are relative to the base URL (no leading slash).
 * The sign-in checks (register, reset, messages) and the accounts' own data: demo-identity.spec.ts.
 */
const BASE = '/shop-admin/';

/**
 * Opens an app path (a screen's '/users/3') as the app's own links do: a history push the router
 * follows, with no page load (each screen is also a deep link: one reload below proves that).
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((href) => window.history.pushState(null, '', href), `${BASE}${path.slice(1)}`);
}

test('a visitor of the demo on a static host under a sub-path: deep link → sign in → every screen, reload, offline, restarted browser', async ({ baseURL }) => {
  // Two browser starts, a first visit that installs the app, and about forty screens.
  test.setTimeout(180_000);
  await withPersistentProfile(baseURL, async (launch) => {
    const first = await launch();
    const page = first.pages()[0] ?? (await first.newPage());
    // Nothing may leave for Google or an emulator: every auth call stays on this origin.
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL!).origin && !url.protocol.startsWith('data')) foreign.push(request.url());
    });

    await test.step('first visit to the base path: the app installs; the login page says it is a demo', async () => {
      await page.goto('');
      // Set-up: the worker precaches the app, then controls the page; the app starts Firebase
      // Auth only then (its calls go to the worker), so nothing is shown before.
      await waitForWorkerControl(page);
      await waitForAppStart(page);
      await expect(page.getByRole('heading', { name: 'Shop Admin', level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${BASE}login`);
      await expect(page.getByText('This is a demo.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'In this demo, emails are shown here' })).toBeVisible();
    });

    await test.step('a signed-out deep link goes to login under the base path, and signing in with the demo account lands there', async () => {
      // The static host has no page at this path: the worker serves the app for it.
      await openPage(page, 'users?status=verified&search=a');
      await expect(page).toHaveURL(new RegExp(`^[^?]*${BASE}login\\?redirect=`));
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users?status=verified&search=a');
      await page.getByRole('button', { name: 'Use the demo account' }).click();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      const landed = new URL(page.url());
      expect(landed.pathname).toBe(`${BASE}users`);
      expect(landed.searchParams.get('status')).toBe('verified');
      expect(landed.searchParams.get('search')).toBe('a');
      await expect(page.getByText('Demo', { exact: true })).toBeVisible();
      // The list's links are under the base path too (a new tab or a copied link opens them).
      await expect(page.getByRole('link', { name: 'Create user' })).toHaveAttribute('href', `${BASE}users/create`);
    });

    await test.step('the worker answers /api under the base path, and the root URLs stored records hold', async () => {
      const listed = await apiFromPage(page, 'GET', `${BASE}api/users?pageSize=1`);
      expect(listed.status).toBe(200);
      expect(listed.body.meta.total).toBe(14);
      // A seed image stored as '/images/…' (origin root) loads from the precached copy under the base.
      const image = await page.evaluate(async () => {
        const response = await fetch('/images/products/product-01.svg');
        return { status: response.status, type: response.headers.get('content-type') ?? '' };
      });
      expect(image.status).toBe(200);
      expect(image.type).toContain('image/svg');
    });

    await test.step('every screen opens', async () => {
      for (const [path, title, heading] of screens) {
        await openInApp(page, path);
        await expect(page.getByRole('heading', { name: heading, exact: true }).first(), path).toBeVisible();
        await expect(page, path).toHaveTitle(`${title} · Shop Admin`);
      }
      await openInApp(page, '/products');
      // Product pictures (seed '/images/…' URLs) are drawn.
      const picture = page.locator('main img[src^="/images/"]').first();
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    });

    await test.step('a hard reload (past the worker) of the base path: the worker claims the page, the session stays', async () => {
      await openPage(page, '');
      const document = page.waitForResponse((response) => response.request().isNavigationRequest());
      const cdp = await first.newCDPSession(page);
      await cdp.send('Page.reload', { ignoreCache: true });
      // The page came from the static host itself, not from the worker (so it starts uncontrolled).
      expect((await document).fromServiceWorker()).toBe(false);
      await waitForAppStart(page);
      await expect(page.getByRole('link', { name: 'Open the dashboards' })).toBeVisible();
      await openInApp(page, '/orders');
      await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
      await expect(page.getByText(/^Showing 1–10 of \d+$/)).toBeVisible();
      await cdp.detach();
    });

    await test.step('a reload on a deep link, online and then offline, shows its page and data', async () => {
      await openPage(page, 'invoices/INV-003/details');
      await expect(page.getByRole('heading', { name: 'Invoice details', exact: true }).first()).toBeVisible();
      await first.setOffline(true);
      await page.reload();
      await waitForAppStart(page);
      await expect(page.getByRole('heading', { name: 'Invoice details', exact: true }).first()).toBeVisible();
      await openInApp(page, '/users');
      await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();
    });
    expect(foreign, 'requests that left the static host').toEqual([]);
    await first.close();

    await test.step('the browser closed and reopened with the same profile, offline: still signed in, the data is there', async () => {
      const second = await launch();
      await second.setOffline(true);
      const again = second.pages()[0] ?? (await second.newPage());
      await openPage(again, 'orders/3');
      await expect(again.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await expect(again.getByRole('heading', { name: 'Order details', exact: true }).first()).toBeVisible();
      await openInApp(again, '/users');
      await expect(again.getByText('Showing 1–10 of 14')).toBeVisible();
      await second.close();
    });
  });
});
