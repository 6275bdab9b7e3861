// The README's screenshots (docs/images/), made from the built app so they can be made again:
//
//   npm run screenshots    (builds, starts the Auth emulator, runs this)
//
// Signs in with the emulator's demo account in Chromium (`vite preview` on SCREENSHOT_PORT, 4173
// by default, is started unless one already answers there), fills its shop with a year of sample
// activity (2,000 orders, as Settings → Data does: POST /api/sample-activity) and takes: the sales
// dashboard and the orders list on a desktop, an order's page, and the analytics dashboard on a phone.
// Then the same shop in Spanish, German and Arabic (docs/translations.md): the sales dashboard and
// the orders list on a desktop and an order's page on a phone, into docs/images/<language>/.
// `--languages` makes only those; `--no-languages` only the English ones.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, ensurePreview } from './lib/browser.mjs';
import { tokenFromPage } from './lib/page-token.mjs';

const PORT = Number(process.env.SCREENSHOT_PORT || 4173);
const BASE_URL = `http://localhost:${PORT}`;
const OUT = new URL('../docs/images/', import.meta.url);

/** Each shot: its file, the window, the page, and what shows the page is ready. */
const SHOTS = [
  { file: 'dashboard.png', width: 1280, height: 800, path: '/sales', ready: (page) => page.locator('[data-testid="stat-value"]').first() },
  { file: 'orders.png', width: 1280, height: 800, path: '/orders', ready: (page) => page.locator('table tbody tr').first() },
  { file: 'order.png', width: 1280, height: 900, path: null, ready: (page) => page.getByRole('heading', { name: 'Order details', level: 1 }) },
  { file: 'phone.png', width: 390, height: 844, path: '/analytics', ready: (page) => page.locator('[data-testid="stat-value"]').first() },
];

/** The shots in each language (one device per language: signed in and filled once). */
const LANGUAGES = ['es', 'de', 'ar'];
const LANGUAGE_SHOTS = [
  { file: 'dashboard.png', width: 1280, height: 800, path: '/sales', ready: (page) => page.locator('[data-testid="stat-value"]').first() },
  { file: 'orders.png', width: 1280, height: 800, path: '/orders', ready: (page) => page.locator('table tbody tr[data-testid$="-row"]').first() },
  { file: 'order-phone.png', width: 390, height: 844, path: null, ready: (page) => page.locator('main h1') },
];

async function signIn(page) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email', { exact: true }).fill('demo@shop-admin.test');
  await page.getByLabel('Password', { exact: true }).fill('demo-admin-123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/learning-management$/);
}

/** The account's shop filled with a year of sample activity (2,000 orders), as Settings → Data does. */
async function fillShop(page) {
  // The first visit's worker takes the page over after it loads: /api is its to answer.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const token = await tokenFromPage(page);
  const status = await page.evaluate(async (token) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const res = await fetch('/api/sample-activity', { method: 'POST', headers, body: JSON.stringify({ size: 2000 }) });
    return res.status === 201 ? 'ok' : `${res.status} ${await res.text()}`;
  }, token);
  if (status !== 'ok') throw new Error(`filling the shop: ${status}`);
}

/** The newest order's page (the first row of the list). */
async function firstOrderPath(page) {
  await page.goto(`${BASE_URL}/orders`);
  const link = page.locator('table tbody tr a[href*="/orders/"]').first();
  await link.waitFor();
  return new URL((await link.getAttribute('href')) ?? '/orders', BASE_URL).pathname;
}

/** Waits for a page's figures, its loading notes gone, the charts' animation and the fonts. */
async function settle(page, ready) {
  await ready.waitFor();
  await page.locator('main p[role="status"], main [aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
}

/** One language's shots: the device chooses it (the language menu's stored choice), then each page. */
async function languageShots(browser, locale) {
  const dir = new URL(`${locale}/`, OUT);
  mkdirSync(dir, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: 'light' });
  const page = await context.newPage();
  await signIn(page);
  await fillShop(page);
  const orderPath = await firstOrderPath(page);
  await page.evaluate((chosen) => localStorage.setItem('shop-admin:locale', chosen), locale);
  for (const shot of LANGUAGE_SHOTS) {
    await page.setViewportSize({ width: shot.width, height: shot.height });
    await page.goto(`${BASE_URL}${shot.path ?? orderPath}`);
    await page.locator(`html[lang="${locale}"]`).waitFor();
    await settle(page, shot.ready(page));
    writeFileSync(new URL(shot.file, dir), await page.screenshot());
    console.log(`docs/images/${locale}/${shot.file} (${shot.width}x${shot.height})`);
  }
  await context.close();
}

const only = process.argv.includes('--languages');
const withLanguages = !process.argv.includes('--no-languages');
mkdirSync(OUT, { recursive: true });
const stop = await ensurePreview(PORT);
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  if (withLanguages) for (const locale of LANGUAGES) await languageShots(browser, locale);
  for (const shot of only ? [] : SHOTS) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: 1, colorScheme: 'light' });
    const page = await context.newPage();
    await signIn(page);
    await fillShop(page);
    await page.goto(`${BASE_URL}${shot.path ?? (await firstOrderPath(page))}`);
    await shot.ready(page).waitFor();
    await page.waitForLoadState('networkidle');
    // Charts animate in; avatars and fonts settle.
    await page.waitForTimeout(1500);
    writeFileSync(new URL(shot.file, OUT), await page.screenshot());
    console.log(`docs/images/${shot.file} (${shot.width}x${shot.height})`);
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
