// Renders the PWA icons in public/icons/ from SVG (the favicon's design: an indigo rounded
// square with a white shopping bag) with Playwright's Chromium, and, with --screenshots, takes
// the manifest's screenshots in public/screenshots/ of the built app.
//
//   node scripts/make-icons.mjs                  icons only
//   npm run build && node scripts/with-auth-emulator.mjs "node scripts/make-icons.mjs --screenshots"
//
// Screenshots sign in with the emulator's demo account and show the users list; `vite preview` on port 4173 is started unless one already answers there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, ensurePreview } from './lib/browser.mjs';

const ROOT = new URL('../', import.meta.url);
const ICONS = new URL('public/icons/', ROOT);
const SCREENSHOTS = new URL('public/screenshots/', ROOT);
const INDIGO = '#4f46e5';
const BASE_URL = 'http://localhost:4173';

// The favicon's shopping bag, in its 32-unit box (see public/favicon.svg). Its bounding box is
// x 9..23, y 8..23, so its centre is (16, 15.5).
const BAG = `<path d="M9 12h14l-1.5 11h-11z" fill="#fff"/><path d="M12 12a4 4 0 0 1 8 0" stroke="#fff" stroke-width="2" fill="none"/>`;

/** The favicon as it is: a rounded square (transparent corners) with the bag. */
const roundedIcon = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${INDIGO}"/>${BAG}</svg>`;

/**
 * A full-bleed square (no transparency) with the bag scaled by `scale` about the centre. For
 * the maskable icon the bag must stay in the safe zone, the centred circle of radius 40%:
 * at 0.8 the bag's farthest corner is 0.8 * 10.3 = 8.2 units (26%) from the centre.
 */
const fullBleedIcon = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${INDIGO}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -15.5)">${BAG}</g></svg>`;

/** A shortcut icon: the rounded indigo square with the app's own 24-unit nav glyph in white. */
const shortcutIcon = (glyph) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${INDIGO}"/>` +
  `<g transform="translate(5 5) scale(0.9167)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyph}</g></svg>`;

// Same glyphs as the sidebar (src/components/layout/icons.tsx).
const CART = `<path d="M3 4h2l2.2 10.5a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6"/><circle cx="9" cy="19.5" r="1.25"/><circle cx="17" cy="19.5" r="1.25"/>`;
const CUBE = `<path d="M12 2.8 20 7v10l-8 4.2L4 17V7l8-4.2Z"/><path d="m4 7 8 4.3L20 7"/><path d="M12 11.3v9.9"/>`;
const DOCUMENT = `<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z"/><path d="M14 3v5h5"/><path d="M9 13h6M9 17h4"/>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: roundedIcon() },
  { file: 'icon-512.png', size: 512, svg: roundedIcon() },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleedIcon(0.8) },
  // iOS rounds the corners itself and shows transparency as black: full bleed, bag at its size.
  { file: 'apple-touch-icon-180.png', size: 180, svg: fullBleedIcon(1) },
  { file: 'shortcut-orders-96.png', size: 96, svg: shortcutIcon(CART) },
  { file: 'shortcut-products-96.png', size: 96, svg: shortcutIcon(CUBE) },
  { file: 'shortcut-invoices-96.png', size: 96, svg: shortcutIcon(DOCUMENT) },
];

async function makeIcons(browser) {
  mkdirSync(ICONS, { recursive: true });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    writeFileSync(new URL(file, ICONS), await page.screenshot({ omitBackground: true }));
    console.log(`public/icons/${file} (${size}x${size})`);
  }
  await page.close();
}

async function makeScreenshots(browser) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const stop = await ensurePreview(4173);
  try {
    // On a phone the table is cramped; the narrow shot shows the navigation drawer over it.
    const shots = [
      { file: 'users-wide.png', width: 1280, height: 720, openNavigation: false },
      { file: 'navigation-narrow.png', width: 390, height: 844, openNavigation: true },
    ];
    for (const { file, width, height, openNavigation } of shots) {
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, colorScheme: 'light' });
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/login`);
      await page.getByLabel('Email', { exact: true }).fill('demo@shop-admin.test');
      await page.getByLabel('Password', { exact: true }).fill('demo-admin-123');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/learning-management$/);
      // The users list is a finished screen with data (the dashboards are still placeholders).
      await page.goto(`${BASE_URL}/users`);
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      await page.locator('table tbody tr').first().waitFor();
      await page.waitForLoadState('networkidle');
      if (openNavigation) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('dialog').getByRole('navigation', { name: 'Main' }).waitFor();
      }
      // Let avatars, fonts and the drawer's transition settle.
      await page.waitForTimeout(1000);
      writeFileSync(new URL(file, SCREENSHOTS), await page.screenshot());
      console.log(`public/screenshots/${file} (${width}x${height})`);
      await context.close();
    }
  } finally {
    stop();
  }
}

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  await makeIcons(browser);
  if (process.argv.includes('--screenshots')) await makeScreenshots(browser);
} finally {
  await browser.close();
}
