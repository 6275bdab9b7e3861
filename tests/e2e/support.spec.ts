import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { fitsPhone } from './support/phone';
import { apiFromPage } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const ATTACHMENT = fileURLToPath(new URL('./fixtures/avatar.png', import.meta.url));
const rows = (page: Page) => page.getByTestId('ticket-row');
const sections = (page: Page) => page.getByRole('navigation', { name: 'Support sections' });
const faqHeaders = (page: Page) => page.getByRole('main').getByRole('heading', { level: 4 });
/** A screen reached by a link: its route's code and first data, on a busy shared machine, may take longer than 5 s. */
const ARRIVAL = 15_000;

test.use({ storageState: SIGNED_IN });

test('support offline: a ticket with a product and an attachment, its thread (reply, status), delete and undo; FAQ search, keys and votes; contact; overview search; axe on every page', async ({ page, context }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, '/support');
  await context.setOffline(true);
  await page.reload();

  // The overview's cards count what the API holds.
  const open = (await apiFromPage(page, 'GET', '/api/tickets?status=open')).body.meta.total as number;
  const all = (await apiFromPage(page, 'GET', '/api/tickets')).body.meta.total as number;
  await expect(page.getByTestId('tickets-figure')).toHaveText(`${open} open · ${all} in all`);
  const faqTotal = (await apiFromPage(page, 'GET', '/api/faqs')).body.faqs.length as number;
  await expect(page.getByTestId('faqs-figure')).toHaveText(`${faqTotal} questions`);

  await test.step('create a ticket: prefilled from the account, a product, an attachment; then first in the list', async () => {
    await sections(page).getByRole('link', { name: 'Create ticket' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Demo');
    await expect(page.getByLabel('Last name')).toHaveValue('Admin');
    await expect(page.getByLabel('Email')).toHaveValue('demo@shop-admin.test');
    // The API's rules, before anything is sent.
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page.getByText('Subject is required')).toBeVisible();
    const product = page.getByRole('combobox', { name: 'Product (optional)' });
    await product.fill('Denim');
    await page.getByRole('option', { name: /Classic Denim Jacket/ }).first().click();
    await expect(product).toHaveValue('Classic Denim Jacket');
    await page.getByLabel('Category').selectOption('products');
    await page.getByLabel('Subject').fill('Zipper broke on the first day');
    await page.getByLabel('Message').fill('The zipper of my jacket came apart after one wear.');
    await page.locator('input[type="file"]').setInputFiles(ATTACHMENT);
    await expect(page.getByRole('img', { name: 'Attachment (optional): current image' })).toBeVisible();
    expect(await violations(page), 'create ticket').toEqual([]);
    await fitsPhone(page, 'create ticket');
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await expect(page.getByText('Ticket created')).toBeVisible();
    await expect(page).toHaveURL(/\/support\/tickets$/);
    await expect(rows(page).first()).toContainText('Zipper broke on the first day', { timeout: ARRIVAL });
    await expect(rows(page).first()).toContainText('Open');
  });

  const created = rows(page).first();
  const number = (await created.textContent())?.match(/#(\d+)/)?.[1];
  expect(number).toBeDefined();
  const panel = page.getByRole('region', { name: `Ticket #${number}` });

  await test.step('the thread opens in place (keyboard too): message, product, attachment; reply and status change refresh the row', async () => {
    const toggle = created.getByRole('button', { name: /^Thread #/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toContainText('The zipper of my jacket came apart after one wear.');
    await expect(panel).toContainText('Demo Admin');
    await expect(panel).toContainText('Classic Denim Jacket');
    const attachment = panel.getByRole('img', { name: `Attachment of ticket #${number}` });
    await expect(attachment).toBeVisible();
    expect(await attachment.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await panel.getByRole('textbox', { name: 'Reply', exact: true }).fill('A new zipper is on its way.');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Reply sent')).toBeVisible();
    await expect(panel.getByRole('list', { name: `Messages of ticket #${number}` }).getByRole('listitem')).toHaveCount(2);
    await expect(panel).toContainText('A new zipper is on its way.');
    await expect(panel.getByRole('textbox', { name: 'Reply', exact: true })).toHaveValue('');
    await expect(created.getByRole('cell').nth(4)).toHaveText('1');

    await panel.getByLabel('Status').selectOption('pending');
    await expect(page.getByText(`Ticket #${number} set to Pending`)).toBeVisible();
    await expect(created).toContainText('Pending');
    const { body } = await apiFromPage(page, 'GET', `/api/tickets/${number}`);
    expect(body.ticket).toMatchObject({ status: 'pending', category: 'products', firstName: 'Demo', lastName: 'Admin' });
    expect(body.ticket.replies).toEqual([expect.objectContaining({ author: 'Demo Admin', message: 'A new zipper is on its way.' })]);
    expect(body.ticket.productId).not.toBeNull();
    expect(body.ticket.attachmentFileId).not.toBeNull();
    expect(await violations(page), 'tickets, thread open').toEqual([]);
    await fitsPhone(page, 'tickets with a thread open');
  });

  await test.step('delete with confirmation, then Undo brings the ticket back whole', async () => {
    await created.getByRole('button', { name: /^Delete / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Deleted #${number} Zipper broke on the first day`)).toBeVisible();
    await expect(rows(page).filter({ hasText: 'Zipper broke on the first day' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(`#${number} Zipper broke on the first day is back`)).toBeVisible();
    await expect(rows(page).first()).toContainText('Zipper broke on the first day');
    await expect(rows(page).first()).toContainText('Pending');
    const { body } = await apiFromPage(page, 'GET', `/api/tickets/${number}`);
    expect(body.ticket.replies).toHaveLength(1);
  });

  await test.step('FAQs: the accordion\'s keys, the search narrows the list, a vote persists after a reload and can be taken back', async () => {
    await sections(page).getByRole('link', { name: 'FAQs' }).click();
    await expect(faqHeaders(page)).toHaveCount(faqTotal);
    const triggers = page.getByRole('main').getByRole('heading', { level: 4 }).getByRole('button');
    await triggers.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(triggers.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(triggers.last()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(triggers.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(triggers.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(triggers.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(triggers.first()).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press(' ');
    await expect(triggers.first()).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('searchbox', { name: 'Search FAQs' }).fill('card number');
    await expect(faqHeaders(page)).toHaveCount(1);
    await expect(page).toHaveURL(/search=card/);
    const question = page.getByRole('button', { name: 'Is the full card number stored with an invoice?' });
    await question.click();
    const item = page.getByRole('region', { name: 'Is the full card number stored with an invoice?' });
    await item.getByRole('button', { name: /^Yes/ }).click();
    await expect(item.getByRole('button', { name: 'Yes (1)' })).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(faqHeaders(page)).toHaveCount(1);
    await question.click();
    await expect(item.getByRole('button', { name: 'Yes (1)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(item.getByRole('button', { name: 'No (0)' })).toHaveAttribute('aria-pressed', 'false');
    expect(await violations(page), 'FAQs, searched and voted').toEqual([]);
    await fitsPhone(page, 'FAQs');
    await item.getByRole('button', { name: /^Yes/ }).click();
    await expect(item.getByRole('button', { name: 'Yes (0)' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await apiFromPage(page, 'GET', '/api/faqs?search=card number')).body.faqs[0].myVote).toBeNull();
  });

  await test.step('contact: a ticket of category contact, confirmed with a link to its thread', async () => {
    await sections(page).getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('Demo Admin');
    await expect(page.getByLabel('Email')).toHaveValue('demo@shop-admin.test');
    await page.getByLabel('Name').fill('Cher');
    await page.getByLabel('Subject').fill('Wholesale prices');
    await page.getByLabel('Message').fill('Do you offer a discount for orders of fifty items?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter your first and last name')).toBeVisible();
    expect(await violations(page), 'contact').toEqual([]);
    await fitsPhone(page, 'contact');
    await page.getByLabel('Name').fill('Mary Ann Smith');
    await page.getByRole('button', { name: 'Send message' }).click();
    const confirmation = page.getByRole('heading', { name: /^We received your message — ticket #\d+$/ });
    await expect(confirmation).toBeFocused();
    const contactNumber = (await confirmation.textContent())?.match(/#(\d+)/)?.[1];
    const { body } = await apiFromPage(page, 'GET', `/api/tickets/${contactNumber}`);
    expect(body.ticket).toMatchObject({ category: 'contact', firstName: 'Mary Ann', lastName: 'Smith', email: 'demo@shop-admin.test', subject: 'Wholesale prices', productId: null });
    await page.getByRole('link', { name: `View ticket #${contactNumber}` }).click();
    await expect(page).toHaveURL(/\/support\/tickets\?.*category=contact/);
    await expect(page.getByRole('region', { name: `Ticket #${contactNumber}` })).toContainText('Do you offer a discount for orders of fifty items?', { timeout: ARRIVAL });
    // The list is filtered by that category: the filter says so and every row is a contact-form ticket.
    const categoryFilter = page.getByRole('combobox', { name: 'Category', exact: true });
    await expect(categoryFilter).toHaveValue('contact');
    await expect(rows(page).filter({ hasText: 'Wholesale prices' })).toHaveCount(1);
    await expect(rows(page).filter({ hasNotText: 'Contact form' })).toHaveCount(0);
    await expect(rows(page).filter({ hasText: 'Zipper broke on the first day' })).toHaveCount(0);
    // Another category, then all of them: the products ticket comes and the contact one goes, and back.
    await categoryFilter.selectOption('products');
    await expect(page).toHaveURL(/category=products/);
    await expect(rows(page).filter({ hasText: 'Zipper broke on the first day' })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: 'Wholesale prices' })).toHaveCount(0);
    await categoryFilter.selectOption('');
    await expect(page).not.toHaveURL(/category=/);
    await expect(rows(page).filter({ hasText: 'Wholesale prices' })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: 'Zipper broke on the first day' })).toHaveCount(1);
  });

  await test.step('overview: one search finds a FAQ and a ticket, grouped, each a link', async () => {
    await sections(page).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('searchbox', { name: 'How can we help you?' }).fill('invoice');
    const faqs = page.getByRole('region', { name: 'FAQs' });
    const tickets = page.getByRole('region', { name: 'Tickets' });
    await expect(faqs.getByRole('link', { name: 'How are invoice totals calculated?' })).toBeVisible();
    await expect(tickets.getByRole('link', { name: /Charged twice for one invoice/ })).toBeVisible();
    await expect(page).toHaveURL(/\?q=invoice$/);
    expect(await violations(page), 'overview with results').toEqual([]);
    await fitsPhone(page, 'overview with results');
    await page.getByRole('searchbox', { name: 'How can we help you?' }).fill('zzqx nothing');
    await expect(page.getByText('Nothing matches “zzqx nothing”.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'How can we help you?' }).fill('invoice');
    await tickets.getByRole('link', { name: /Charged twice for one invoice/ }).click();
    await expect(page).toHaveURL(/\/support\/tickets\?/);
    const ticketRow = rows(page).filter({ hasText: 'Charged twice for one invoice' });
    await expect(ticketRow.getByRole('button', { name: /^Thread / })).toHaveAttribute('aria-expanded', 'true', { timeout: ARRIVAL });
  });
});
