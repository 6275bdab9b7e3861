import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { expectNoEnglishLeft, useLocale } from './support/english-left';
import { waitForWorkerControl } from './support/session';
import { SIGNED_IN } from './support/signed-in';

// Support (overview, tickets and a ticket's thread, FAQs, contact, create ticket) in Spanish,
// German and Arabic, on a desktop and a phone: no English word left, no sideways scroll, axe
// clean, right to left in Arabic (issue #34). One page per language and size, moving between
// the screens through the section's own links. The customer portal's screens:
// demo-translations-portal.spec.ts (the static demo's customer preview). Settings → Activity is
// a team build's (tests/unit/app/activity-page.test.ts renders it in each language).

const LOCALES = ['es', 'de', 'ar'] as const;
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** A screen reached by a link: its route's code and first data, on a busy shared machine, may take longer than 5 s. */
const ARRIVAL = 15_000;

test.use({ storageState: SIGNED_IN });

/** The section's link to `path` (its words are the language's: found by address). */
const sectionLink = (page: Page, path: string) => page.locator(`main nav a[href="${path}"]`);

async function check(page: Page, locale: string, where: string) {
  await expectNoEnglishLeft(page, locale, where);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `sideways scroll on ${where}`).toBeLessThanOrEqual(0);
  expect.soft(await violations(page), `axe on ${where}`).toEqual([]);
}

for (const size of SIZES) {
  for (const locale of LOCALES) {
    test(`support in ${locale} on a ${size.name} (${size.width} px)`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await useLocale(page, locale);
      await page.goto('/support');
      await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('tickets-figure')).toHaveText(/\d/, { timeout: 30_000 });
      await expect(page.getByTestId('faqs-figure')).toHaveText(/\d/);
      await waitForWorkerControl(page);
      await check(page, locale, 'the support overview');

      // The overview's search: FAQs and tickets matching a word of the seeded data.
      await page.getByRole('search').getByRole('searchbox').fill('order');
      await expect(page.locator('main [role="status"]')).toHaveText(/\d/, { timeout: ARRIVAL });
      await check(page, locale, 'the support search');

      await sectionLink(page, '/support/tickets').click();
      const row = page.getByTestId('ticket-row').first();
      await expect(row).toBeVisible({ timeout: ARRIVAL });
      await check(page, locale, 'the tickets list');
      await row.getByRole('button', { expanded: false }).first().click();
      await expect(page.getByRole('main').getByRole('region').locator('dl').first()).toBeVisible({ timeout: ARRIVAL });
      await check(page, locale, 'a ticket’s thread');

      await sectionLink(page, '/support/faqs').click();
      await expect(page.getByRole('main').getByRole('heading', { level: 4 }).first()).toBeVisible({ timeout: ARRIVAL });
      await check(page, locale, 'the FAQs');

      await sectionLink(page, '/support/contact').click();
      await expect(page.getByRole('main').locator('form')).toBeVisible({ timeout: ARRIVAL });
      await check(page, locale, 'the contact form');

      await sectionLink(page, '/support/create-ticket').click();
      // By its own id: the contact form, also a form with a text area, may still be on screen.
      const form = page.getByTestId('create-ticket-form');
      await expect(form.locator('textarea')).toBeVisible({ timeout: ARRIVAL });
      // The form's own messages when it is sent empty.
      await form.locator('button[type="submit"]').click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check(page, locale, 'the create-ticket form');
    });
  }
}
