import { expect, test } from '@playwright/test';
import { createAccount, resetAccounts } from './support/emulator';
import { apiFromPage, signInThroughUi } from './support/session';
import { fitsPhone } from './support/phone';

const EMAIL = 'long-name-reviewer@example.com';
const PASSWORD = 'Sup3r-secret-pass';
/** A reviewer's name with no place to break: an account with no display name shows its email. */
const LONG_NAME = 'reviewer.with.a.very.long.unbroken.address@example-company-domain.com';

test('a long unbroken reviewer name does not widen the product overview on a phone', async ({ page }) => {
  await resetAccounts([EMAIL]);
  await createAccount(EMAIL, PASSWORD, LONG_NAME);
  await signInThroughUi(page, EMAIL, PASSWORD);
  const review = await apiFromPage(page, 'POST', '/api/reviews', { productId: 1, rating: 5, review: 'Fits well.' });
  expect(review.status).toBe(201);
  expect(review.body.review.user.name).toBe(LONG_NAME);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products/1/overview');
  const list = page.getByRole('list', { name: 'Reviews' });
  await expect(list.getByText(LONG_NAME).first()).toBeAttached();
  // The reviews stay inside their section, and the page has no sideways scroll.
  const [listRight, sectionRight] = await Promise.all([
    list.evaluate((element) => element.getBoundingClientRect().right),
    page.locator('section[aria-labelledby="reviews-title"]').evaluate((element) => element.getBoundingClientRect().right),
  ]);
  expect(listRight).toBeLessThanOrEqual(sectionRight + 0.5);
  await fitsPhone(page, 'the product overview with a long reviewer name');
});
