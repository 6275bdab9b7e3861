import { expect, test } from '@playwright/test';
import { seedTickets } from '../../seed/tickets';
import { violations } from './support/axe';
import { fitsPhone } from './support/phone';
import { apiFromPage, waitForAppStart, waitForWorkerControl } from './support/session';

// The static demo's "See it as a customer" (docs/sync.md, "A customer preview without a server"):
// no server, the worker answers the portal's /api as the chosen customer's device would, over this
// browser's demo data; the way back leaves that data as it was.

const BASE = '/shop-admin/';
const pathOf = (url: string) => new URL(url).pathname;
const kenjisTicket = seedTickets(Date.now()).find((ticket) => ticket.email === 'kenji.watanabe@example.com')!.subject;

test('a demo visitor sees the portal as one of the demo shop’s customers, works in it, and goes back to the untouched admin data', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('');
  await waitForWorkerControl(page);
  await waitForAppStart(page);
  await page.goto('login');
  await waitForAppStart(page);
  await expect(page.getByText('“See it as a customer” on the dashboard')).toBeVisible();
  await page.getByRole('button', { name: 'Use the demo account' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  const offer = page.getByRole('region', { name: 'See it as a customer' });
  await expect(offer).toBeVisible({ timeout: 60_000 });
  const ownTickets = (await apiFromPage(page, 'GET', '/api/tickets?pageSize=100')).body.tickets as unknown[];
  await offer.getByLabel('Customer').selectOption({ label: 'Kenji Watanabe' });
  await offer.getByRole('button', { name: 'See it as a customer' }).click();
  await expect.poll(() => pathOf(page.url()), { timeout: 30_000 }).toBe(`${BASE}portal`);
  await expect(page.getByRole('region', { name: 'Customer preview' })).toContainText('Kenji Watanabe');
  expect(await violations(page)).toEqual([]);

  // Only Kenji's slice answers: his orders, his ticket; products without their stock.
  const orders = (await apiFromPage(page, 'GET', '/api/orders?pageSize=100')).body.orders as Array<{ customer: { name: string } }>;
  expect(orders.length).toBeGreaterThan(0);
  expect(orders.every((order) => order.customer.name === 'Kenji Watanabe')).toBe(true);
  const products = (await apiFromPage(page, 'GET', '/api/products?pageSize=100')).body.products as Array<Record<string, unknown>>;
  expect(products.length).toBeGreaterThan(0);
  expect(products.some((product) => 'stock' in product)).toBe(false);

  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  await fitsPhone(page, 'the preview’s shop');

  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('link', { name: kenjisTicket })).toBeVisible();
  const open = page.getByRole('form', { name: 'Open a ticket' });
  await open.getByLabel('Subject').fill('Asked in the preview');
  await open.getByLabel('Message').fill('Does this reach the shop?');
  await open.getByRole('button', { name: 'Open ticket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asked in the preview' })).toBeVisible();

  // The admin screens are the portal's while the preview is on.
  await page.goto('users');
  await waitForAppStart(page);
  await expect.poll(() => pathOf(page.url())).toBe(`${BASE}portal`);

  await page.getByRole('region', { name: 'Customer preview' }).getByRole('button', { name: 'Back to the admin dashboard' }).click();
  await expect.poll(() => pathOf(page.url()), { timeout: 30_000 }).not.toMatch(/\/portal/);
  await expect(page.getByRole('region', { name: 'See it as a customer' })).toBeVisible();
  // The account's own data as before: the preview's ticket stayed in the preview.
  expect((await apiFromPage(page, 'GET', '/api/tickets?pageSize=100')).body.tickets).toEqual(ownTickets);
});
