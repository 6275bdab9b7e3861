import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cachedUrls, manifestByGroup } from './support/precache';
import { waitForAppStart, waitForWorkerControl } from './support/session';
import { SIGNED_IN } from './support/signed-in';

// A device downloads only the languages it uses (docs/translations.md, sw/precache-group.ts):
// the worker precaches English's messages with the app and each other language's once a page
// shows it, then keeps it for offline use. Offline, a language never shown says it could not load.

test.use({ storageState: SIGNED_IN });

const MESSAGES = fileURLToPath(new URL('../../src/i18n/messages/', import.meta.url));
const catalogue = (locale: string, area: string) => JSON.parse(readFileSync(`${MESSAGES}${locale}/${area}.json`, 'utf8')) as Record<string, string>;
const common = (locale: string) => catalogue(locale, 'common');
const german = common('de');
const menuName = (locale: string) => new RegExp(`^${common(locale)['common.language.menu']!.split('{')[0]}`);

test('a language is downloaded when first shown and kept for offline use; one never shown says so offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/orders');
  await waitForWorkerControl(page);
  await expect(page.getByRole('button', { name: menuName('en') })).toBeVisible({ timeout: 30_000 });

  const manifest = await manifestByGroup(page);
  const languages = ['es', 'de', 'ar'] as const;
  for (const locale of languages) expect(manifest[`language-${locale}`]?.length ?? 0, `${locale}'s messages are a group`).toBeGreaterThan(10);
  expect(manifest['']!.some((url) => /\/assets\/messages-en-common-[\w-]+\.js$/.test(url)), 'English is in the precache').toBe(true);
  const cachedOf = async (locale: string) => {
    const cached = await cachedUrls(page);
    return manifest[`language-${locale}`]!.filter((url) => cached.has(url)).length;
  };

  await test.step('in English, the device holds no other language', async () => {
    for (const locale of languages) expect(await cachedOf(locale), locale).toBe(0);
  });

  await test.step('German shown: its every part is cached, and no other language', async () => {
    await page.getByRole('button', { name: menuName('en') }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect.poll(() => cachedOf('de'), { timeout: 30_000 }).toBe(manifest['language-de']!.length);
    expect(await cachedOf('es')).toBe(0);
    expect(await cachedOf('ar')).toBe(0);
  });

  await context.setOffline(true);
  await test.step('offline, a screen never opened shows in German, its messages from the cache', async () => {
    await page.goto('/settings/data');
    await waitForAppStart(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: catalogue('de', 'backup')['backup.title'] })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('offline, Spanish (never shown) cannot load: the page says so and stays in German', async () => {
    await page.getByRole('button', { name: menuName('de') }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await expect(page.getByText(german['common.language.loadFailed']!)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: menuName('de') })).toBeVisible();
  });
  await context.setOffline(false);
});
