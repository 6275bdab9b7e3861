import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type BrowserContextOptions, type Page } from '@playwright/test';
import { waitForWorkerControl } from './session';

/**
 * The demo account's session, saved once per run by tests/e2e/auth.setup.ts (Firebase's
 * IndexedDB persistence only: every test still starts on a fresh device, with no shop data,
 * no service worker and nothing else stored). Gitignored; never commit it.
 *
 *   test.use({ storageState: SIGNED_IN });
 *   test('…', async ({ page }) => {
 *     await openSignedIn(page, '/orders');
 *   });
 */
export const SIGNED_IN = fileURLToPath(new URL('../.auth/demo.json', import.meta.url));

type SavedState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * The saved session for a server on another origin (the update test's own preview server): the
 * same Firebase persistence, under that origin. A fixture, as the file exists only once the
 * setup project has run:
 *
 *   test.use({ storageState: ({ baseURL }, use) => use(signedInAt(baseURL!)) });
 */
export function signedInAt(baseURL: string): SavedState {
  const state = JSON.parse(readFileSync(SIGNED_IN, 'utf8')) as SavedState;
  const origin = new URL(baseURL).origin;
  return { ...state, origins: state.origins.map((saved) => ({ ...saved, origin })) };
}

/**
 * Opens `path` as the signed-in demo account (the test must use SIGNED_IN) and waits, as
 * signInThroughUi does, for the app shell and for the service worker to control the page
 * (so the app is precached: going offline and reloading works from here on).
 */
export async function openSignedIn(page: Page, path = '/learning-management') {
  await page.goto(path);
  // A cold first visit (nothing cached yet, the worker installing) on a busy machine can take
  // longer than an assertion's 5 s; this is set-up, as the sign-in form's actions were.
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
  await waitForWorkerControl(page);
}
