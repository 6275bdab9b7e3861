import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { rowCounts, storedRows, withoutActivity } from './support/row-counts';
import { apiFromPage } from './support/session';
import { openSignedIn, signedInAt } from './support/signed-in';
import { UPDATE_DIST } from './support/builds';
import { BUILD_ID_PATTERN, nextWorkerText, workerBuildId } from './support/worker-version';

// The 'update' project in playwright.config.ts: it swaps the served sw.js, which every page
// open at that moment would pick up, so it has a preview server of its own (another origin),
// serving a copy of the build made for each run (<E2E_DIST>-update).

/**
 * The worker of the next version of this build (build id "next"). `VITE_BUILD_ID=next vite build`
 * gives a worker that differs in its build id and its precache revisions; the same change is made
 * to the served worker's text (support/worker-version.ts), which saves a second production
 * build. Falls back to that build when the worker's text is not as expected.
 */
function nextVersionOf(current: Buffer, currentId: string): Buffer {
  const next = nextWorkerText(current.toString('utf8'), currentId, 'next');
  if (next !== null) return Buffer.from(next);
  execFileSync('npx', ['vite', 'build', '--outDir', 'test-results/next-build', '--emptyOutDir'], {
    env: { ...process.env, VITE_BUILD_ID: 'next' },
    stdio: 'ignore',
  });
  return readFileSync('test-results/next-build/sw.js');
}

test.use({ storageState: async ({ baseURL }, use) => use(signedInAt(baseURL!)) });

test('a waiting new version is offered with a toast; Reload activates it with nothing lost: the dirty form comes back, another open tab keeps working', async ({ page, context }) => {
  test.setTimeout(180_000);
  // The preview server reads files from disk on each request: swapping sw.js publishes the new version.
  const servedWorker = `${UPDATE_DIST}/sw.js`;
  const currentWorker = readFileSync(servedWorker);

  await openSignedIn(page, '/users/create');
  // Every build carries a build id of its own (build/build-id.ts): its time and commit.
  const currentId = await workerBuildId(page);
  expect(currentId).toMatch(BUILD_ID_PATTERN);
  const nextWorker = nextVersionOf(currentWorker, currentId);
  // A half-filled form (kept as a draft), and a second tab on a list.
  await page.getByLabel('Name').fill('Ulla Update');
  await page.getByLabel('Email').fill('ulla@');
  await expect.poll(async () => (await storedRows(page))['drafts.drafts']).toBe(1);
  const other = await context.newPage();
  await other.goto('/users');
  await expect(other.getByTestId('user-row').first()).toBeVisible();
  const before = await rowCounts(page);

  writeFileSync(servedWorker, nextWorker);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText('A new version is ready.').first()).toBeVisible();
    // Waiting, not active: the running page keeps its version until the user says so.
    expect(await workerBuildId(page)).toBe(currentId);

    // The form is dirty: the browser asks before the reload, and the admin goes ahead.
    page.once('dialog', (dialog) => void dialog.accept());
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).first().click()]);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(await workerBuildId(page)).toBe('next');
    // Nothing lost: the rows, the draft (offered back).
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('Ulla Update');
    await expect(page.getByLabel('Email')).toHaveValue('ulla@');
    const after = await rowCounts(page);
    expect(after.listed).toEqual(before.listed);
    expect(withoutActivity(after.stored)).toEqual(withoutActivity(before.stored));

    // The other tab is told, keeps answering meanwhile, and works after its reload.
    await expect(other.getByText('The app was updated in another tab — reload to keep working.')).toBeVisible();
    expect((await apiFromPage(other, 'GET', '/api/users')).body.meta.total).toBe(before.listed.users);
    await Promise.all([other.waitForEvent('load'), other.getByRole('button', { name: 'Reload' }).click()]);
    await expect(other.getByTestId('user-row').first()).toBeVisible();
    expect(await workerBuildId(other)).toBe('next');
    await other.close();
  } finally {
    writeFileSync(servedWorker, currentWorker);
  }
});
