import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiFromPage } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const IMAGE_A = fileURLToPath(new URL('./fixtures/product-a.png', import.meta.url));
const IMAGE_B = fileURLToPath(new URL('./fixtures/product-b.png', import.meta.url));

const rows = (page: Page) => page.getByTestId('product-row');
const showing = (page: Page) => page.getByRole('navigation', { name: 'Pagination' }).locator('p');
const productsTable = (page: Page) => page.getByRole('table', { name: 'Products' });
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByRole('link', { name: title, exact: true }) });
/** The image's natural width once loaded from the worker (0 if it failed). */
const loadedWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1));

test.use({ storageState: SIGNED_IN });

test('an admin maintains the catalogue offline: create with images and features, overview, review and vote, edit the price, bulk status, delete and undo', async ({ page, context }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, '/products');
  await expect(rows(page)).toHaveCount(10);
  await context.setOffline(true);
  await page.reload();
  await expect(showing(page)).toHaveText('Showing 1–10 of 15');

  // Create a product with two uploaded images, features and an offer.
  await page.getByRole('link', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { name: 'Create product' })).toBeVisible();
  await page.getByLabel('Title').fill('Offline Desk Lamp');
  await page.getByLabel('Code').fill('LAMP-001');
  await page.getByLabel('Category').selectOption('office');
  await page.getByLabel('Price').fill('40');
  await page.getByLabel('Discount %').fill('0');
  await page.getByLabel('Stock').fill('3');
  await page.getByRole('group', { name: 'Colours' }).getByText('Green').click();
  await page.getByRole('group', { name: 'Sizes' }).getByText('M', { exact: true }).click();
  await page.getByLabel('Description').fill('A warm lamp for late stock-taking.');
  await page.getByRole('button', { name: 'Add feature' }).click();
  await page.getByRole('textbox', { name: 'Feature name 1' }).fill('Bulb');
  await page.getByRole('textbox', { name: 'Feature value 1' }).fill('LED');
  await page.getByRole('button', { name: 'Add feature' }).click();
  await page.getByRole('textbox', { name: 'Feature name 2' }).fill('Power');
  await page.getByRole('textbox', { name: 'Feature value 2' }).fill('5 W');
  // Reorder by keyboard-operable buttons: Power first.
  await page.getByRole('button', { name: 'Move feature 2 up' }).click();
  await expect(page.getByRole('textbox', { name: 'Feature name 1' })).toHaveValue('Power');
  await page.getByRole('button', { name: 'Add offer' }).click();
  await page.getByRole('textbox', { name: 'Offer 1' }).fill('Free shipping this week');
  await page.getByRole('group', { name: 'Images' }).locator('input[type="file"]').setInputFiles([IMAGE_A, IMAGE_B]);
  await expect(page.getByRole('button', { name: 'Remove image 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Use image 2 as feature image' }).click();
  await expect(page.getByRole('button', { name: 'Use image 2 as feature image' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('switch', { name: 'Published' }).click();
  // A code that is taken is refused on its field.
  await page.getByLabel('Code').fill('SKU-1001');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('This code is already used by another product')).toBeVisible();
  await page.getByLabel('Code').fill('LAMP-001');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  const lamp = row(page, 'Offline Desk Lamp');
  await expect(lamp).toContainText('LAMP-001');
  await expect(lamp).toContainText('3 left');
  await expect(lamp).toContainText('Published');
  await expect.poll(() => loadedWidth(lamp.locator('img'))).toBe(8); // image B, the feature image

  // The overview shows the images and features after a reload.
  await lamp.getByRole('link', { name: 'View Offline Desk Lamp' }).click();
  await expect(page.getByRole('heading', { name: 'Offline Desk Lamp' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Offline Desk Lamp' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show image \d$/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Show image 1' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Show image 2' })).toBeFocused();
  await expect(page.getByRole('row', { name: /Power\s*5 W/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Bulb\s*LED/ })).toBeVisible();
  await expect(page.getByText('Free shipping this week')).toBeVisible();
  await expect(page.getByText('(0 reviews)', { exact: true })).toBeVisible();

  // Add a review: the rating and count change at once, and in the list.
  await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await page.getByLabel('Review', { exact: true }).fill('Bright enough for the stock room, and it runs off a power bank.');
  await page.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByText('4.0 out of 5').first()).toBeVisible();
  await expect(page.getByText('(1 review)', { exact: true })).toBeVisible();
  const review = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first();
  await expect(review).toContainText('Bright enough for the stock room');

  // Like it; the vote is kept after a reload; liking again takes it back.
  const like = review.getByRole('button', { name: /^Like/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first().getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/products?search=LAMP-001');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'Offline Desk Lamp')).toContainText('4.0');
  await expect(row(page, 'Offline Desk Lamp')).toContainText('(1)');

  // Edit price and discount: the list shows the new price.
  await row(page, 'Offline Desk Lamp').getByRole('link', { name: 'Edit Offline Desk Lamp' }).click();
  await expect(page.getByRole('heading', { name: 'Edit product' })).toBeVisible();
  await page.getByLabel('Price').fill('50');
  await page.getByLabel('Discount %').fill('20');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  await page.goto('/products?search=LAMP-001');
  await expect(row(page, 'Offline Desk Lamp')).toContainText('$40.00');
  await expect(row(page, 'Offline Desk Lamp')).toContainText('$50.00');
  await expect(row(page, 'Offline Desk Lamp')).toContainText('−20%');

  // Bulk unpublish, then publish, two products.
  await page.goto('/products?category=office');
  await expect(productsTable(page)).toHaveAttribute('aria-busy', 'false');
  const officeCount = await rows(page).count();
  expect(officeCount).toBeGreaterThanOrEqual(2);
  await rows(page).nth(0).getByRole('checkbox').check();
  await rows(page).nth(1).getByRole('checkbox').check();
  await page.getByLabel('Set status').selectOption('draft');
  await expect(page.getByText('2 products set to draft')).toBeVisible();
  await expect(rows(page).nth(0)).toContainText('Draft');
  await expect(rows(page).nth(1)).toContainText('Draft');
  await page.getByLabel('Set status').selectOption('published');
  await expect(page.getByText('2 products set to published')).toBeVisible();
  await expect(rows(page).nth(0)).toContainText('Published');
  await expect(rows(page).nth(1)).toContainText('Published');
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // Delete, then Undo: the product comes back with its review and its images.
  await page.goto('/products?search=LAMP-001');
  const lampId = Number(/\/products\/(\d+)/.exec((await row(page, 'Offline Desk Lamp').getByRole('link', { name: 'Offline Desk Lamp', exact: true }).getAttribute('href')) ?? '')?.[1]);
  await row(page, 'Offline Desk Lamp').getByRole('button', { name: 'Delete Offline Desk Lamp' }).click();
  await page.getByRole('dialog', { name: 'Delete Offline Desk Lamp?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No products match "LAMP-001"')).toBeVisible();
  expect((await apiFromPage(page, 'GET', `/api/reviews?productId=${lampId}`)).status).toBe(404);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Offline Desk Lamp is back')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  const reviews = await apiFromPage(page, 'GET', `/api/reviews?productId=${lampId}`);
  expect(reviews.body.summary.total).toBe(1);
  expect(reviews.body.reviews[0].myVote).toBe('like');
  await row(page, 'Offline Desk Lamp').getByRole('link', { name: 'View Offline Desk Lamp' }).click();
  await expect(page.getByText('(1 review)', { exact: true })).toBeVisible();
  for (const thumbnail of await page.getByRole('button', { name: /^Show image \d$/ }).locator('img').all()) {
    await expect.poll(() => loadedWidth(thumbnail)).toBeGreaterThan(0);
  }
});
