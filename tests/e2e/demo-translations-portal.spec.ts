import { expect, test, type Page } from '@playwright/test';
import { checkAtBothWidths } from './support/walk-checks';
import { waitForAppStart, waitForWorkerControl } from './support/session';

// The customer portal (home, shop, a product, the cart, orders and an order, invoices and an
// invoice, support and a ticket, the profile) in Spanish, German and Arabic, through the static
// demo's "See it as a customer" (demo-customer-preview.spec.ts): no English word left, no
// sideways scroll at 1440 and 390 px, axe clean, right to left in Arabic (issue #34). One page
// per language; each screen is checked at both widths, moving between screens in the app.

const BASE = '/shop-admin/';
const LOCALES = ['es', 'de', 'ar'] as const;
/** A screen reached by a link: its route's code and first data, on a busy shared machine, may take longer than 5 s. */
const ARRIVAL = 15_000;

/** The portal's link to `path` (its words are the language's: found by address). */
const navLink = (page: Page, path: string) => page.locator(`nav a[href="${BASE}portal${path}"]`).first();

/** The portal's sections with a list and records: what each is called in the check, and the record's heading. */
const SECTIONS = [
  { path: '/orders', list: 'my orders', record: 'an order', heading: 'main h1' },
  { path: '/invoices', list: 'my invoices', record: 'an invoice', heading: 'main h1' },
  { path: '/support', list: 'support', record: 'a ticket', heading: '#ticket-heading' },
] as const;


for (const locale of LOCALES) {
  test(`the customer portal in ${locale} at 1440 and 390 px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('');
    await waitForWorkerControl(page);
    await waitForAppStart(page);
    // Signed in and previewing in English (the session's screens are another area's), then the language chosen.
    await page.goto('login');
    await waitForAppStart(page);
    await page.getByRole('button', { name: 'Use the demo account' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const offer = page.getByRole('region', { name: 'See it as a customer' });
    await expect(offer).toBeVisible({ timeout: 60_000 });
    await offer.getByLabel('Customer').selectOption({ label: 'Kenji Watanabe' });
    await offer.getByRole('button', { name: 'See it as a customer' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(`${BASE}portal`);
    await page.evaluate((chosen) => localStorage.setItem('shop-admin:locale', chosen), locale);
    await page.reload();
    await waitForAppStart(page);
    await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.locator('main h1').first()).toBeVisible({ timeout: ARRIVAL });
    await checkAtBothWidths(page, locale, 'the portal’s home');

    await navLink(page, '/shop').click();
    const product = page.locator('main ul li h2 a').first();
    await expect(product).toBeVisible({ timeout: ARRIVAL });
    await checkAtBothWidths(page, locale, 'the shop');
    await product.click();
    await expect(page.locator('#product-heading')).toBeVisible({ timeout: ARRIVAL });
    await expect(page.locator('#reviews-heading')).toBeVisible({ timeout: ARRIVAL });
    await checkAtBothWidths(page, locale, 'a product');
    // Into the cart: the button beside the quantity.
    await page.locator('main input[type="number"]').locator('xpath=../..').locator('button').click();
    await page.locator(`main a[href="${BASE}portal/cart"]`).first().click();
    await expect(page.getByTestId('cart-total')).toBeVisible({ timeout: ARRIVAL });
    await checkAtBothWidths(page, locale, 'the cart');

    // Each section's list, then its first record.
    for (const section of SECTIONS) {
      await navLink(page, section.path).click();
      const first = page.locator(`main a[href^="${BASE}portal${section.path}/"]`).first();
      await expect(first).toBeVisible({ timeout: ARRIVAL });
      await checkAtBothWidths(page, locale, section.list);
      await first.click();
      await expect(page.locator(section.heading).first()).toBeVisible({ timeout: ARRIVAL });
      await checkAtBothWidths(page, locale, section.record);
    }

    await navLink(page, '/profile').click();
    await expect(page.locator('main form, main h1').first()).toBeVisible({ timeout: ARRIVAL });
    await checkAtBothWidths(page, locale, 'the profile');
  });
}
