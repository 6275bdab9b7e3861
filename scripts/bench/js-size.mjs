// The JS a first visit fetches, gzipped from dist/: /login's (initialJsGzipKB) and each dashboard route's, signed in (dashboardJsGzipKB).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { signInThroughUi } from './set-up.mjs';
import { DIST, round } from './settings.mjs';

const DASHBOARD_ROUTES = ['/learning-management', '/job-management', '/analytics', '/sales', '/saas'];

const gz = (path) => gzipSync(readFileSync(`${DIST}${path}`)).length;

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
