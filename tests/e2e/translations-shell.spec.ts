import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { englishLeftOnScreen, useLocale } from './support/english-left';
import { waitForWorkerControl } from './support/session';
import { SIGNED_IN } from './support/signed-in';

/**
 * The shell in Spanish, German and Arabic (docs/translations.md), at 1440 px and 390 px: the
 * header and every menu it opens, the sidebar, the phone drawer, the command palette, the
 * notifications, the sign-out dialog and the 404 page. No English word left, no sideways
 * scroll, axe clean, right to left in Arabic. The screens inside <main> are their areas' own
 * specs (translations-<area>.spec.ts): here they are set aside while the shell is read.
 * Controls are found by their names in the language shown, read from the catalogues.
 */
test.use({ storageState: SIGNED_IN });

const MESSAGES = fileURLToPath(new URL('../../src/i18n/messages/', import.meta.url));
const catalogue = (locale: string) => JSON.parse(readFileSync(`${MESSAGES}${locale}/common.json`, 'utf8')) as Record<string, string>;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English words the shell shows (with any menu or dialog open), <main> set aside: its area's spec reads it. */
async function shellEnglish(page: Page, locale: string): Promise<string[]> {
  await page.evaluate(() => document.getElementById('main-content')?.setAttribute('translate', 'no'));
  try {
    return await englishLeftOnScreen(page, locale);
  } finally {
    await page.evaluate(() => document.getElementById('main-content')?.removeAttribute('translate'));
  }
}

async function expectShellTranslated(page: Page, locale: string, where: string, within?: string) {
  expect.soft(await shellEnglish(page, locale), `English left on ${where} in ${locale}`).toEqual([]);
  expect.soft(await violations(page, within), `axe on ${where} in ${locale}`).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `sideways scroll on ${where}`).toBeLessThanOrEqual(0);
}

for (const locale of ['es', 'de', 'ar'] as const) {
  test(`the shell in ${locale}, at 1440 px and 390 px`, async ({ page }) => {
    test.setTimeout(120_000);
    const m = catalogue(locale);
    const named = (id: string) => m[id]!;
    /** A name that begins with the message's text before its first placeholder. */
    const startsWith = (id: string) => new RegExp(`^${escape(named(id).split('{')[0]!.trim())}`);

    await useLocale(page, locale);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/learning-management');
    const accountMenu = page.getByRole('button', { name: named('common.account.menu') });
    await expect(accountMenu).toBeVisible({ timeout: 30_000 });
    await waitForWorkerControl(page);
    // The first visit's "ready to work offline" toast fades in and out: axe would read it half faded.
    await expect(page.getByText(named('common.update.offlineReady'))).toHaveCount(0, { timeout: 10_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page).toHaveTitle(named('common.title.learningManagement'));

    for (const width of [1440, 390]) {
      const size = `${width} px`;
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });

      await test.step(`${size}: header and navigation`, async () => {
        if (width === 1440) {
          const nav = page.getByRole('navigation', { name: named('common.nav.main') });
          await expect(nav.getByRole('link', { name: named('common.nav.orders') })).toBeVisible();
          await expectShellTranslated(page, locale, `the shell at ${size}`);
          // Collapsed: the names stay as titles and screen-reader text.
          await page.getByRole('button', { name: named('common.nav.collapse') }).click();
          await expectShellTranslated(page, locale, `the collapsed sidebar at ${size}`);
          await page.getByRole('button', { name: named('common.nav.expand') }).click();
        } else {
          await expectNoSidewaysScroll(page, `the shell at ${size}`);
          await expectShellTranslated(page, locale, `the shell at ${size}`);
          await page.getByRole('button', { name: named('common.header.openNavigation') }).click();
          const drawer = page.getByRole('dialog', { name: named('common.nav.title') });
          await expect(drawer.getByRole('link', { name: named('common.nav.invoices') })).toBeVisible();
          await expectShellTranslated(page, locale, `the navigation drawer at ${size}`, '[role="dialog"]');
          await drawer.getByRole('button', { name: named('common.nav.close') }).click();
          await expect(drawer).toBeHidden();
        }
      });

      await test.step(`${size}: the header's menus`, async () => {
        for (const [what, trigger] of [
          ['the language menu', page.getByRole('button', { name: startsWith('common.language.menu') })],
          ['the theme menu', page.getByRole('button', { name: startsWith('common.theme.label') })],
          ['the account menu', accountMenu],
        ] as const) {
          await trigger.click();
          await expect(page.getByRole('menu')).toBeVisible();
          await expectShellTranslated(page, locale, `${what} at ${size}`, '[role="menu"]');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toBeHidden();
        }

        await page.getByRole('button', { name: startsWith('common.notifications.title') }).click();
        const popover = page.getByRole('dialog', { name: named('common.notifications.title') });
        await expect(popover).toBeVisible();
        // Loaded: the events, or that there are none.
        await expect(popover.getByText(named('common.notifications.loading'))).toHaveCount(0);
        await expectShellTranslated(page, locale, `the notifications at ${size}`, '[role="dialog"]');
        await page.keyboard.press('Escape');
        await expect(popover).toBeHidden();
      });

      await test.step(`${size}: the command palette`, async () => {
        await page.locator('button[aria-keyshortcuts]').click();
        const palette = page.getByRole('dialog', { name: named('common.palette.title') });
        await expect(palette).toBeVisible();
        await expectShellTranslated(page, locale, `the command palette at ${size}`, '[role="dialog"]');
        // A search: screens by their names in this language, records found, the count said.
        await palette.getByRole('combobox').fill(named('common.nav.orders').slice(0, 3));
        await expect(palette.getByRole('option', { name: named('common.nav.orders') })).toBeVisible();
        await expect(palette.getByRole('status')).not.toBeEmpty();
        await expectShellTranslated(page, locale, `the command palette's results at ${size}`, '[role="dialog"]');
        await palette.getByRole('combobox').fill('zzzzqqq');
        await expect(palette.getByRole('status')).toContainText(named('common.palette.noResults').split('{')[0]!.trim());
        await expectShellTranslated(page, locale, `the command palette with no results at ${size}`, '[role="dialog"]');
        await page.keyboard.press('Escape');
        await expect(palette).toBeHidden();
      });

      await test.step(`${size}: the sign-out dialog`, async () => {
        await accountMenu.click();
        await page.getByRole('menuitem', { name: named('common.signOut.action') }).click();
        const dialog = page.getByRole('dialog', { name: named('common.signOut.title') });
        await expect(dialog).toBeVisible();
        await expectNoSidewaysScroll(page, `the sign-out dialog at ${size}`);
        await expectShellTranslated(page, locale, `the sign-out dialog at ${size}`, '[role="dialog"]');
        await dialog.getByRole('button', { name: named('common.action.cancel') }).click();
        await expect(dialog).toBeHidden();
      });

      await test.step(`${size}: the 404 page`, async () => {
        await page.goto('/no-such-page');
        await expect(page.getByRole('heading', { name: named('common.notFound.title') })).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await expectNoSidewaysScroll(page, `the 404 page at ${size}`);
        await expectShellTranslated(page, locale, `the 404 page at ${size}`);
        await page.getByRole('link', { name: named('common.notFound.home') }).click();
        await page.goto('/learning-management');
        await expect(accountMenu).toBeVisible({ timeout: 15_000 });
      });
    }
  });
}
