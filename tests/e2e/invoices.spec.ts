import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { apiFromPage } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const rows = (page: Page) => page.getByTestId('invoice-row');
const money = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Picks the first option of a search-as-you-type combobox after typing `text`. */
async function pick(page: Page, name: string, text: string, option: RegExp) {
  const box = page.getByRole('combobox', { name, exact: true });
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test.use({ storageState: SIGNED_IN });

test('invoicing offline: create from a customer and two products (totals equal the API\'s), details, PDF, print view, edit, bulk mark complete', async ({ page, context }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, '/invoices');
  await context.setOffline(true);
  await page.reload();
  await expect(rows(page)).toHaveCount(10);

  // Create: the id is the next one, billing comes from the customer, totals are live.
  await page.getByRole('link', { name: 'Create invoice' }).click();
  await expect(page.getByLabel('Invoice ID')).toHaveValue('INV-020');
  await pick(page, 'Customer', 'Amelia', /Amelia Hart/);
  await expect(page.getByLabel('Billing email')).toHaveValue('amelia.hart@example.com');
  await expect(page.getByLabel('Billing address')).not.toHaveValue('');
  await pick(page, 'Item 1', 'Denim', /Classic Denim Jacket/);
  await page.getByLabel('Quantity 1', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add item' }).click();
  await pick(page, 'Item 2', 'Oak', /Oak Bedside Table/);
  await page.getByLabel('Discount % 2', { exact: true }).fill('10');
  await page.getByLabel('Shipping charge').fill('5');
  await page.getByLabel('Tax (% of subtotal)').fill('8.25');
  await page.getByLabel('Card holder').fill('Amelia Hart');
  await page.getByLabel('Card number').fill('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('**** 4242');
  // The due date may not be before the issue date.
  const issue = await page.getByLabel('Issue date').inputValue();
  await page.getByLabel('Due date').fill('2020-01-01');
  await expect(page.getByText('Due date must not be before the issue date')).toBeVisible();
  await page.getByLabel('Due date').fill(issue);
  await expect(page.getByText('Due date must not be before the issue date')).toBeHidden();
  const shownTotal = await page.getByTestId('invoice-total').textContent();
  const shownTax = await page.getByTestId('invoice-tax').textContent();
  expect(await violations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create invoice' }).click();
  await expect(page.getByText('Invoice created')).toBeVisible();
  await expect(page).toHaveURL(/\/invoices\/INV-020\/details$/);

  // The API computed the same sums, and never got more than the last 4 card digits.
  const { body } = await apiFromPage(page, 'GET', '/api/invoices?id=INV-020');
  expect(money(body.invoice.totalAmount)).toBe(shownTotal);
  expect(money(body.invoice.tax)).toBe(shownTax);
  expect(body.invoice.taxPercent).toBe(8.25);
  expect(body.invoice.products.map((line: { discount: number }) => line.discount)).toEqual([0, 10]);
  expect(body.invoice.payment.cardNo).toBe('**** 4242');
  expect(JSON.stringify(body.invoice)).not.toContain('4242424242424242');

  // The document, then a real PDF with the invoice in it.
  const documentArticle = page.getByRole('article', { name: 'Invoice INV-020' });
  await expect(documentArticle).toContainText('Amelia Hart');
  await expect(documentArticle).toContainText(shownTotal!);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toBe('INV-020.pdf');
  const bytes = readFileSync((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('INV-020');

  // The print view shows the document and none of the app around it.
  await page.emulateMedia({ media: 'print' });
  await expect(documentArticle).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // Edit: a new shipping charge, and the total follows as the API computes it.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Invoice ID')).toHaveValue('INV-020');
  await page.getByLabel('Shipping charge').fill('12.5');
  const editedTotal = await page.getByTestId('invoice-total').textContent();
  expect(editedTotal).not.toBe(shownTotal);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Invoice saved')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Invoice INV-020' })).toContainText(editedTotal!);
  const { body: edited } = await apiFromPage(page, 'GET', '/api/invoices?id=INV-020');
  expect(money(edited.invoice.totalAmount)).toBe(editedTotal);

  // An unknown invoice says so, on its edit and its details page, with a way back.
  for (const path of ['/invoices/INV-999', '/invoices/INV-999/details']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Invoice not found' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);

  // The list: the new invoice first; select it and mark it complete.
  const created = rows(page).filter({ has: page.getByRole('link', { name: 'INV-020', exact: true }) });
  await expect(created).toContainText('Pending');
  await created.getByRole('checkbox').check();
  await page.getByRole('region', { name: 'Selection' }).getByLabel('Set status').selectOption('complete');
  await expect(page.getByText('1 invoice set to Complete')).toBeVisible();
  await expect(created).toContainText('Complete');
});
