// The JS a first visit fetches, gzipped from the build: /login's (initialJsGzipKB) and each dashboard route's, signed in
// (dashboardJsGzipKB), from dist/ (bench.mjs); the customer portal's, signed in as a shop's customer (clientInitialJsGzipKB),
// from the team build bench-sync.mjs makes.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { round as roundTo } from '../lib/figures.mjs';

const DASHBOARD_ROUTES = ['/learning-management', '/job-management', '/analytics', '/sales', '/saas'];

const round = (n) => roundTo(n, 2);
// bench.mjs's settings check that dist/ is built: read only by its measures, so that bench-sync.mjs measures its team build without one.
const benchSettings = () => import('./settings.mjs');
let DIST;
const gz = (path, dist = DIST) => gzipSync(readFileSync(`${dist}${path}`)).length;

/** The paths of the app's scripts `page` fetches from here on (the service worker's included). */
function scriptsFetched(page, baseURL) {
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === new URL(baseURL).origin && /\.m?js$/.test(url.pathname)) scripts.add(url.pathname);
  });
  return scripts;
}

/** The JS the browser fetches for a first visit to /login (fresh context: no worker, no cache). */
export async function measureInitialJs(browser, baseURL) {
  ({ DIST } = await benchSettings());
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const scripts = scriptsFetched(page, baseURL);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...scripts].filter((p) => p !== '/sw.js').sort();
  const pageBytes = files.reduce((sum, p) => sum + gz(p), 0);
  return { files, kb: pageBytes / 1024, swKb: gz('/sw.js') / 1024 };
}

/**
 * The JS a signed-in first visit to each dashboard route fetches: a fresh context holding
 * only the saved session (no worker, no HTTP cache), opened at the route.
 */
export async function measureDashboardJs(browser, baseURL, email) {
  ({ DIST } = await benchSettings());
  const { signInThroughUi } = await import('./set-up.mjs');
  const signIn = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  await signInThroughUi(await signIn.newPage(), email);
  const storageState = await signIn.storageState({ indexedDB: true });
  await signIn.close();
  const kb = {};
  for (const route of DASHBOARD_ROUTES) {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', storageState });
    const page = await context.newPage();
    const scripts = scriptsFetched(page, baseURL);
    await page.goto(route);
    await page.getByRole('figure').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await context.close();
    kb[route.slice(1)] = round([...scripts].filter((path) => path !== '/sw.js').reduce((sum, path) => sum + gz(path), 0) / 1024);
  }
  return kb;
}

/**
 * The JS a customer's first visit to the portal fetches (`clientInitialJsGzipKB`): a fresh
 * context holding only the saved session of a customer's device (`storageState` with its
 * IndexedDB: the account signed in, the shop chosen as its customer; no worker, no HTTP cache),
 * opened at /portal until its Home shows the open orders. `dist` is the build served at `baseURL`.
 */
export async function measureClientJs(browser, baseURL, storageState, dist) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', storageState });
  const page = await context.newPage();
  const scripts = scriptsFetched(page, baseURL);
  await page.goto('/portal');
  await page.getByRole('region', { name: 'Open orders' }).getByRole('link').first().waitFor({ timeout: 60_000 });
  if (new URL(page.url()).pathname !== '/portal') throw new Error(`a customer's /portal ended at ${page.url()}`);
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...scripts].filter((path) => path !== '/sw.js').sort();
  const kbOf = Object.fromEntries(files.map((path) => [path, round(gz(path, dist) / 1024)]));
  return { files, kbOf, kb: round(files.reduce((sum, path) => sum + gz(path, dist), 0) / 1024) };
}
