import { expect, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';

// `npm run dev` (Vite's dev server over the sources, no build): the sign-in page loads and every
// module it asks for is answered. A module the dev server fails (a 500) leaves the page blank,
// as the catalogues' index did once (build/message-catalogs.ts).

let server: ViteDevServer;

test.beforeAll(async () => {
  server = await createServer({ configFile: 'vite.config.ts', logLevel: 'error', server: { port: 0, host: 'localhost' } });
  await server.listen();
});

test.afterAll(async () => {
  await server?.close();
});

test('the dev server serves the sign-in page, every module answered', async ({ browser }) => {
  test.setTimeout(180_000);
  const url = server.resolvedUrls?.local[0];
  expect(url, 'the dev server’s address').toBeTruthy();
  const context = await browser.newContext({ baseURL: url, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
  await page.goto('/login');
  // The first visit transforms every module the page imports and pre-bundles the libraries.
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  const startFailure = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(signIn.or(startFailure)).toBeVisible({ timeout: 150_000 });
  expect(failed).toEqual([]);
  await expect(startFailure).toHaveCount(0);
  await expect(signIn).toBeVisible();
  await context.close();
});
