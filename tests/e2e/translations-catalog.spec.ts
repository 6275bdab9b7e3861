import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { expectNoEnglishLeft, useLocale } from './support/english-left';
import { waitForWorkerControl } from './support/session';
import { SIGNED_IN } from './support/signed-in';

// The shop's own screens in Spanish, German and Arabic, on a desktop and a phone (issue #34):
// the five dashboards, the orders, invoices, products and users lists, a record's page of each
// (an order, an invoice's document, a product's overview and edit form, a user's page) and the
// profile: no English word left, no sideways scroll, axe clean, right to left in Arabic. One page
// per language and size, moving from screen to screen by the records' own links where a list
// has them.

const LOCALES = ['es', 'de', 'ar'] as const;
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** A screen's route code and first data, on a busy shared machine, may take longer than 5 s. */
const ARRIVAL = 20_000;
const DASHBOARDS = ['/learning-management', '/job-management', '/analytics', '/sales', '/saas'] as const;

test.use({ storageState: SIGNED_IN });

async function check(page: Page, locale: string, where: string) {
  await expectNoEnglishLeft(page, locale, where);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `sideways scroll on ${where}`).toBeLessThanOrEqual(0);
  expect.soft(await violations(page), `axe on ${where}`).toEqual([]);
}

/** A list's first row (its test id is `<noun>-row`, the noun in the page's language), then the list checked. */
async function list(page: Page, locale: string, path: string) {
  await page.goto(path);
  const row = page.getByRole('main').locator('tbody tr[data-testid$="-row"]:not([data-testid="skeleton-row"])').first();
  await expect(row).toBeVisible({ timeout: ARRIVAL });
  await check(page, locale, path);
  return row;
}

/**
 * Follows a link of the list's first row to its record's page (`href` starts with `prefix`):
 * a page shows its record once its "Loading…" is gone; a form page (`form`) once its form is.
 */
async function openRecord(page: Page, locale: string, row: ReturnType<Page['locator']>, prefix: string, where: string, form = false) {
  const link = row.locator(`a[href^="${prefix}"]`).first();
  const href = await link.getAttribute('href');
  expect(href, `a link to ${where}`).toBeTruthy();
  await page.goto(href!);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible({ timeout: ARRIVAL });
  if (form) await expect(main.locator('form').first()).toBeVisible({ timeout: ARRIVAL });
  else await expect(main.locator('p[role="status"]')).toHaveCount(0, { timeout: ARRIVAL });
  await check(page, locale, where);
  return href!;
}

for (const size of SIZES) {
  for (const locale of LOCALES) {
    test(`dashboards, orders, invoices, products and users in ${locale} on a ${size.name} (${size.width} px)`, async ({ page }) => {
      // Fourteen screens, each checked by axe: about a minute on a shared 2-core machine, three
      // for a device's first start while the machine ran several suites (load 40).
      test.setTimeout(240_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await useLocale(page, locale);

      for (const path of DASHBOARDS) {
        await page.goto(path);
        if (path === DASHBOARDS[0]) {
          await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 30_000 });
          await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
          await waitForWorkerControl(page);
        }
        // The figures, then the end of the page (drawn after the first paint).
        await expect(page.getByRole('main').locator('figure').first()).toBeVisible({ timeout: ARRIVAL });
        await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: ARRIVAL });
        await check(page, locale, `the ${path.slice(1)} dashboard`);
      }

      const order = await list(page, locale, '/orders');
      await openRecord(page, locale, order, '/orders/', 'an order’s page');

      const invoice = await list(page, locale, '/invoices');
      await openRecord(page, locale, invoice, '/invoices/', 'an invoice’s document');
      if (locale === 'ar' && size.name === 'desktop') {
        // The Arabic PDF: its font with Arabic letters is fetched (only now) and embedded.
        const download = page.waitForEvent('download');
        await page.getByRole('main').getByRole('button', { name: /PDF/ }).click();
        const pdf = readFileSync((await (await download).path())!, 'latin1');
        expect(pdf).toMatch(/\/BaseFont \/DejaVuSans\b/);
        expect(pdf).toContain('/Lang (ar)');
      }

      const product = await list(page, locale, '/products');
      const productPage = await openRecord(page, locale, product, '/products/', 'a product’s edit form', true);
      await page.goto(`${productPage}/overview`);
      await expect(page.getByRole('main').locator('#reviews-title')).toBeVisible({ timeout: ARRIVAL });
      await expect(page.getByRole('main').locator('[role="status"]')).toHaveCount(0, { timeout: ARRIVAL });
      await check(page, locale, 'a product’s overview');

      const user = await list(page, locale, '/users');
      await openRecord(page, locale, user, '/users/', 'a user’s page', true);
      await page.goto('/users/profile');
      await expect(page.getByRole('main').locator('#recent-activity-title')).toBeVisible({ timeout: ARRIVAL });
      await expect(page.getByRole('main').locator('[role="status"]')).toHaveCount(0, { timeout: ARRIVAL });
      await check(page, locale, 'the profile');
    });
  }
}
