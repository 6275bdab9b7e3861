import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './browser';
import { apiFromPage, waitForWorkerControl } from './support/session';
import { screens } from './support/screens';

/**
 * The demo build (`npm run build:demo`, here with BASE_PATH /shop-admin/, into dist-demo) served
 * by scripts/serve-static.mjs: a plain static server with no rewrites, under a sub-path, and NO
 * Auth emulator — the service worker answers the Firebase Auth SDK (the "demo" project in
 * playwright.config.ts). Paths here are relative to the base URL (no leading slash).
 */
const BASE = '/shop-admin/';
const DEMO = { email: 'demo@shop-admin.test', password: 'demo-admin-123' };

/** A screen's path from the spec's list ('/users/3'), under the base path. */
const underBase = (path: string) => path.slice(1);

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}login`));
}

test('a visitor of the demo on a static host under a sub-path: sign in, every screen, deep-link reload, offline, restarted browser', async ({ baseURL }) => {
  // About thirty full page loads on a shared machine.
  test.setTimeout(420_000);
  const profile = mkdtempSync(join(tmpdir(), 'shop-admin-demo-'));
  const contexts: BrowserContext[] = [];
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions(), baseURL, serviceWorkers: 'allow' });
    contexts.push(context);
    return context;
  };
  try {
    const first = await launch();
    const page = first.pages()[0] ?? (await first.newPage());
    // Nothing may leave for Google or an emulator: every auth call stays on this origin.
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL!).origin && !url.protocol.startsWith('data')) foreign.push(request.url());
    });

    await test.step('first visit to the base path: the login page says it is a demo', async () => {
      await page.goto('');
      // Auth waits for the worker, which takes control once it has precached the app.
      await page.getByRole('link', { name: 'Sign in' }).first().click({ timeout: 30_000 });
      await expect(page).toHaveURL(new RegExp(`${BASE}login`));
      await expect(page.getByText('This is a demo.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'In this demo, emails are shown here' })).toBeVisible();
    });

    await test.step('sign in with the demo account shown on the page', async () => {
      await page.getByRole('button', { name: 'Use the demo account' }).click();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      // The dashboard (its first board) under the base path.
      await expect(page).toHaveURL(new RegExp(`${BASE}learning-management`));
      await expect(page.getByText('Demo', { exact: true })).toBeVisible();
      await waitForWorkerControl(page);
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

    await test.step('every screen opens by its URL (a reload on a deep link), served by the worker with no host rewrites', async () => {
      for (const [path, , heading] of screens) {
        await page.goto(underBase(path));
        await expect(page.getByRole('heading', { name: heading, exact: true }).first(), path).toBeVisible({ timeout: 15_000 });
      }
      await page.goto('products');
      // Product pictures (seed '/images/…' URLs) are drawn.
      const picture = page.locator('main img[src^="/images/"]').first();
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    });

    await test.step('offline: a reload on a deep link still shows its page and data', async () => {
      await page.goto('orders/3');
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated');
      await first.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Order details', exact: true }).first()).toBeVisible();
      await page.goto('users');
      await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();
    });
    expect(foreign, 'requests that left the static host').toEqual([]);
    await first.close();

    await test.step('the browser closed and reopened with the same profile, offline: still signed in, the data is there', async () => {
      const second = await launch();
      await second.setOffline(true);
      const again = second.pages()[0] ?? (await second.newPage());
      await again.goto('users');
      // A cold browser start-up on a shared machine.
      await expect(again.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
      await expect(again.getByText('Showing 1–10 of 14')).toBeVisible();
      await second.close();
    });
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
    // Chromium may still be writing to the profile as it exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});

test('register, verify, sign out, reset the password with the in-app code, sign in again; accounts keep their own data', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `visitor-${Date.now()}@example.com`;
  // A first visit starts at the base path: the static host has no page at '<base>register'
  // until the worker (which answers every app path) controls the browser.
  await page.goto('');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible({ timeout: 30_000 });
  await waitForWorkerControl(page);
  await page.goto('register');

  await test.step('register a new account: the verification email is shown in the app', async () => {
    await page.getByLabel('Name', { exact: true }).fill('Vera Visitor');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-pass-123');
    await page.getByLabel('Confirm password', { exact: true }).fill('first-pass-123');
    await page.getByLabel('I accept the terms and privacy policy').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}verification`));
    const mailbox = page.getByRole('region', { name: 'In this demo, emails are shown here' });
    await mailbox.getByRole('link', { name: 'Verify your email' }).click();
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  });

  await test.step('the new account changes its data (one user fewer); the demo account does not see it', async () => {
    await page.goto('users');
    await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();
    const removed = await apiFromPage(page, 'DELETE', `${BASE}api/users?id=3`);
    expect(removed.status).toBe(200);
    await page.reload();
    await expect(page.getByText('Showing 1–10 of 13')).toBeVisible();
    await signOut(page);
    await signIn(page, DEMO.email, DEMO.password);
    await page.goto('users');
    await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();
    await signOut(page);
  });

  await test.step('wrong password: the same message as with Firebase', async () => {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  });

  await test.step('reset the password with the code shown in the app', async () => {
    await page.goto('forget-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    await page.getByRole('region', { name: 'In this demo, emails are shown here' }).getByRole('link', { name: 'Reset your password' }).first().click();
    await page.getByLabel('New password', { exact: true }).fill('second-pass-456');
    await page.getByLabel('Confirm new password', { exact: true }).fill('second-pass-456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  });

  await test.step('sign in with the new password: the account and its own data are back', async () => {
    await page.goto('login');
    await signIn(page, email, 'second-pass-456');
    await page.goto('users');
    await expect(page.getByText('Showing 1–10 of 13')).toBeVisible();
  });
});
