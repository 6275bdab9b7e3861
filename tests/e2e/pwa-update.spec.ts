import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

// Runs alone, after every other spec (the 'update' project in playwright.config.ts): it
// swaps the served sw.js, which every page open at that moment would pick up.

const workerBuildId = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve((event.data as { buildId: string }).buildId);
        navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );

/**
 * The worker of the next version of this build (build id "next"). `VITE_BUILD_ID=next vite build`
 * gives a worker that differs in its build id and its precache revisions; the same change is made
 * to the served worker's text (its build id, and index.html's revision so the new worker fetches
 * the page again), which saves a second production build. Falls back to that build when the
 * worker's text is not as expected.
 */
function nextVersionOf(current: Buffer): Buffer {
  const text = current.toString('utf8');
  const buildIds = text.match(/`local`/g) ?? [];
  const indexRevision = /(\{"revision":")([0-9a-f]+)(","url":"index\.html"\})/;
  if (buildIds.length === 1 && indexRevision.test(text)) {
    return Buffer.from(text.replace('`local`', '`next`').replace(indexRevision, (_, start: string, rev: string, end: string) => `${start}${rev.split('').reverse().join('')}${end}`));
  }
  execFileSync('npx', ['vite', 'build', '--outDir', 'test-results/next-build', '--emptyOutDir'], {
    env: { ...process.env, VITE_BUILD_ID: 'next' },
    stdio: 'ignore',
  });
  return readFileSync('test-results/next-build/sw.js');
}

test('a waiting new version is offered with a toast, and Reload activates it', async ({ page }) => {
  test.setTimeout(180_000);
  // The preview server reads files from disk on each request: swapping sw.js publishes the new version.
  const servedWorker = `${process.env.E2E_DIST || 'dist'}/sw.js`;
  const currentWorker = readFileSync(servedWorker);
  const nextWorker = nextVersionOf(currentWorker);

  await page.goto('/login');
  await expect(page.getByText('Ready to work offline')).toBeVisible();
  expect(await workerBuildId(page)).toBe('local');

  writeFileSync(servedWorker, nextWorker);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText('A new version is ready.')).toBeVisible();
    // Waiting, not active: the running page keeps its version until the user says so.
    expect(await workerBuildId(page)).toBe('local');

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await workerBuildId(page)).toBe('next');
  } finally {
    writeFileSync(servedWorker, currentWorker);
  }
});
