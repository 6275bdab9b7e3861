import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv } from '../../src/lib/csv';
import { violations } from './support/axe';
import { apiFromPage } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const rows = (page: Page) => page.getByTestId('order-row');
const showing = (page: Page) => page.getByRole('navigation', { name: 'Pagination' }).locator('p');
/** A summary card showing exactly this count (its text is the title, then the number). */
const expectCard = (page: Page, card: string, count: string) => expect(page.getByTestId(`order-card-${card}`)).toHaveText(new RegExp(`[^\\d,]${count}$`));
const currentStep = (page: Page) => page.getByTestId('order-timeline').locator('li[aria-current="step"]');

test.use({ storageState: SIGNED_IN });

test('fulfilment offline: a status change moves the cards and the timeline (after a reload too), delete with undo, combined filters and reset, the palette, a 10,000-order CSV export with progress', async ({ page, context }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, '/orders');
  await context.setOffline(true);
  await page.reload();
  await expect(rows(page)).toHaveCount(10);
  await expect(showing(page)).toHaveText('Showing 1–10 of 15');
  // The cards and the chart are counted from the stored orders.
  await expectCard(page, 'total', '15');
  await expectCard(page, 'pending', '2');
  await expectCard(page, 'shipping', '3');
  await expectCard(page, 'cancelled', '2');
  const chart = page.getByRole('figure', { name: 'Orders per month' });
  const { body: months } = await apiFromPage(page, 'GET', '/api/orders/analytics');
  const placed = (months as Array<{ value: number }>).reduce((sum, month) => sum + month.value, 0);
  expect(placed).toBeGreaterThan(0);
  await expect(chart).toContainText(`${placed} orders in the last 12 months`);
  await expect(chart.getByRole('img')).toBeVisible();

  // A pending order goes to shipping, then out for delivery: the timeline follows, and keeps it after a reload.
  await page.getByRole('link', { name: '#IN0011', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Order details' })).toBeVisible();
  await expect(currentStep(page)).toContainText('Processing');
  await page.getByLabel('Order status').selectOption('shipping');
  await expect(page.getByText('Status changed to Shipping')).toBeVisible();
  await expect(currentStep(page)).toContainText('Shipped');
  await page.getByRole('button', { name: 'Mark out for delivery' }).click();
  await expect(currentStep(page)).toContainText('Out for delivery');
  await page.reload();
  await expect(currentStep(page)).toContainText('Out for delivery');
  await expect(page.getByLabel('Order status')).toHaveValue('shipping');
  expect(await violations(page)).toEqual([]);

  // Edit the items: the API recomputes the sums.
  const totalRow = page.getByRole('row', { name: /^Total/ });
  const totalBefore = await totalRow.textContent();
  await page.getByRole('button', { name: 'Edit items' }).click();
  const quantity = page.getByLabel(/^Quantity of /).first();
  await quantity.fill(String(Number(await quantity.inputValue()) + 1));
  await page.getByRole('button', { name: 'Save items' }).click();
  await expect(page.getByText('Items saved')).toBeVisible();
  await expect(totalRow).not.toHaveText(totalBefore ?? '');
  const { body } = await apiFromPage(page, 'GET', '/api/orders?id=11');
  await expect(totalRow).toContainText(body.order.totalAmount.toLocaleString('en-US', { minimumFractionDigits: 2 }));

  // Back on the list, the cards have moved.
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await expectCard(page, 'pending', '1');
  await expectCard(page, 'shipping', '4');

  // Delete with a confirmation, then Undo brings the same order back.
  await rows(page).first().getByRole('button', { name: 'Delete Order #IN0015' }).click();
  await page.getByRole('dialog', { name: 'Delete Order #IN0015?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name: '#IN0015', exact: true })).toHaveCount(0);
  await expectCard(page, 'total', '14');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('link', { name: '#IN0015', exact: true })).toBeVisible();
  await expectCard(page, 'total', '15');

  // Filters combine (status, payment method, date range) and Reset clears them all.
  await page.getByLabel('Status', { exact: true }).selectOption('delivered');
  await page.getByLabel('Payment method').selectOption('Credit Card');
  await expect(rows(page)).toHaveCount(2);
  await page.getByLabel('Order date From').fill('2026-01-01');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('#IN0005');
  await expect(page).toHaveURL(/status=delivered/);
  await expect(page).toHaveURL(/from=2026-01-01/);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(showing(page)).toHaveText('Showing 1–10 of 15');
  await expect(page).not.toHaveURL(/status=|payment=|from=/);

  // The palette: a customer's name → Enter opens their order.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Search or jump to' });
  await palette.getByRole('combobox', { name: 'Search or jump to' }).fill('Liam');
  await expect(palette.getByRole('option', { name: /^#IN0011, Liam O'Connor,/ })).toBeVisible();
  await expect(palette.getByRole('status')).toHaveText(/\d+ results?/);
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders\/11$/);
  await expect(palette).toBeHidden();

  // An unknown order says so, with a way back.
  await page.goto('/orders/999999');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);

  // 10,000 more orders, exported with a progress bar: every row is in the file.
  const { body: first } = await apiFromPage(page, 'GET', '/api/orders?id=1');
  const { id: _id, statusHistory: _history, ...template } = first.order;
  for (let batch = 0; batch < 2; batch++) {
    const orders = Array.from({ length: 5000 }, (_, i) => ({ ...template, invoiceId: `#IN${String(100000 + batch * 5000 + i)}` }));
    const inserted = await apiFromPage(page, 'POST', '/api/orders/bulk', { orders });
    expect(inserted.status).toBe(201);
  }
  await page.goto('/orders');
  await expect(showing(page)).toHaveText('Showing 1–10 of 10,015');
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  // The progress bar and its Cancel, seen together (looked for one after the other, the export
  // could end in between).
  await expect
    .poll(() =>
      page.evaluate(() => (document.querySelector('[role="progressbar"]') ? [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Cancel') : null)),
    )
    .toBe(true);
  const download = await downloading;
  const exported = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, ''));
  expect(exported.rows).toHaveLength(10_015);
  await expect(page.getByRole('progressbar')).toBeHidden();
});
