import type { Page } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/csp';
import { apiFromPage } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

/*
 * Issue #14, "Nobody where they don't belong": user-entered text that is HTML markup shows as
 * text on every page that shows it (a user, a product, a ticket and an invoice line named
 * with it), nothing in the app runs it (no alert, no <img src="x">), no page violates the
 * Content-Security-Policy, and the policy does block an inline script. On the way, a dialog
 * keeps and gives back keyboard focus and a toast is announced.
 */
const MARKUP = '<img src=x onerror=alert(1)>';
/** A word of MARKUP the lists' search finds. */
const SEARCH = 'onerror';

/** The page shows MARKUP as text (in the page or in a form field), and no element was made of it. */
async function showsAsText(page: Page, where: string, inField = false) {
  if (inField) {
    await expect.poll(() => page.locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value)), where).toContain(MARKUP);
  } else {
    await expect(page.getByText(MARKUP).first(), where).toBeVisible();
  }
  await expect(page.locator('img[src="x"], [onerror]'), where).toHaveCount(0);
}

test.use({ storageState: SIGNED_IN });

test('markup in a user, product, ticket and invoice line shows as text everywhere and never runs; no page violates the Content-Security-Policy, which blocks inline scripts; dialogs keep focus, toasts are announced', async ({ page, cspViolations }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openSignedIn(page, '/users');

  const created = await test.step('create a user, a product, a ticket and an invoice named with markup (through /api)', async () => {
    const user = await apiFromPage(page, 'POST', '/api/users', { name: MARKUP, email: 'markup@example.com', role: 'Staff', status: 'verified', address: MARKUP, phone: '+1 555 0100' });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const product = await apiFromPage(page, 'POST', '/api/products', {
      title: MARKUP,
      category: 'office',
      code: 'SKU-MARKUP',
      colors: ['orange'],
      sizes: ['m'],
      description: MARKUP,
      discount: 0,
      featureImage: '/images/products/product-03.svg',
      features: [{ name: MARKUP, value: MARKUP }],
      images: ['/images/products/product-03.svg', '/images/products/product-04.svg'],
      offers: [MARKUP],
      price: 10,
      status: 'published',
      stock: 5,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const ticket = await apiFromPage(page, 'POST', '/api/tickets', { firstName: 'Mark', lastName: 'Up', email: 'markup@example.com', category: 'technical', subject: MARKUP, message: MARKUP });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const invoice = await apiFromPage(page, 'POST', '/api/invoices', {
      issueDate: new Date().toISOString(),
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      status: 'pending',
      billingAddress: { email: 'markup@example.com', phone: '+1 555 0100', address: MARKUP },
      payment: { paymentMethod: 'Visa Card', cardHolder: 'Mark Up', cardNo: '**** 1234' },
      customer: { id: user.body.user.id, name: MARKUP, image: '/images/avatars/avatar-03.svg' },
      products: [{ id: null, title: MARKUP, quantity: 1, price: 10, discount: 0 }],
      shippingCharge: 0,
      taxPercent: 0,
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    return { user: user.body.user.id as number, product: product.body.product.id as number, ticket: ticket.body.ticket.id as number, invoice: invoice.body.invoice.id as string };
  });

  await test.step('their lists and pages show the markup as text', async () => {
    /** Path, its heading, and whether the text is in a form field. */
    const pages: Array<[string, string, boolean]> = [
      [`/users?search=${SEARCH}`, 'Users', false],
      [`/users/${created.user}`, 'Edit user', true],
      [`/products?search=${SEARCH}`, 'Products', false],
      [`/products/${created.product}/overview`, 'Product overview', false],
      [`/products/${created.product}`, 'Edit product', true],
      [`/support/tickets?search=${SEARCH}`, 'Tickets', false],
      [`/invoices?search=${SEARCH}`, 'Invoices', false],
      [`/invoices/${created.invoice}/details`, 'Invoice details', false],
      [`/invoices/${created.invoice}`, `Edit invoice ${created.invoice}`, true],
    ];
    for (const [path, heading, inField] of pages) {
      await page.goto(path);
      // A first visit loads the screen's code: give a loaded machine time.
      await expect(page.getByRole('heading', { name: heading, exact: true }).first(), path).toBeVisible({ timeout: 15_000 });
      await showsAsText(page, path, inField);
    }
    // The ticket's thread (its opening message).
    await page.goto(`/support/tickets?search=${SEARCH}`);
    await page.getByRole('button', { name: /^Thread/ }).first().click();
    await expect(page.getByText(MARKUP)).not.toHaveCount(0);
    await expect(page.locator('img[src="x"], [onerror]')).toHaveCount(0);
  });

  await test.step('a confirmation dialog keeps keyboard focus inside and gives it back; the toast after a delete is announced', async () => {
    await page.goto(`/users?search=${SEARCH}`);
    const deleteButton = page.getByTestId('user-row').first().getByRole('button', { name: `Delete ${MARKUP}` });
    await deleteButton.click();
    const confirm = page.getByRole('dialog', { name: `Delete ${MARKUP}?` });
    await expect(confirm).toBeVisible();
    const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') !== null);
    expect(await focusInDialog()).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(), `focus after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(deleteButton).toBeFocused();

    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    // react-hot-toast's live region: read out by screen readers, with the name as text.
    const toast = page.getByRole('status').filter({ hasText: MARKUP });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('aria-live', 'polite');
  });

  await test.step('nothing ran; delete what the test made', async () => {
    expect(dialogs, 'alerts').toEqual([]);
    for (const path of [`/api/products?id=${created.product}`, `/api/tickets/${created.ticket}`, `/api/invoices?id=${created.invoice}`]) {
      expect((await apiFromPage(page, 'DELETE', path)).status, path).toBe(200);
    }
    expect((await apiFromPage(page, 'GET', `/api/users?id=${created.user}`)).status).toBe(404);
  });

  await test.step('no page violated the Content-Security-Policy; the policy blocks an inline script', async () => {
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'(;| )/);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy?.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBe(1);
    expect(cspViolations[0]).toMatch(/^script-src-elem inline/);
  });
});

/** Shapes of credentials that must never reach a bundle (private keys, cloud and payment keys, tokens). */
const SECRET_SHAPES: Array<[string, RegExp]> = [
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['a service account', /"type"\s*:\s*"service_account"|"private_key(_id)?"\s*:/],
  ['an OAuth client secret', /client_secret["']?\s*[:=]\s*["'][^"']{8,}/],
  ['an AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['a Stripe secret key', /\b[sr]k_(live|test)_[0-9A-Za-z]{16,}/],
  ['a GitHub token', /\bgh[pousr]_[A-Za-z0-9]{30,}/],
  ['a Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
];

/** Every text file of a build directory, with its path. */
function builtTextFiles(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|mjs|html|json|webmanifest|css|txt|map)$/.test(file) || file === '_headers')
    .map((file) => [file, readFileSync(join(dir, file), 'utf8')]);
}

test('the built app holds no secret: only Firebase’s public web config (a Google API key only if one was configured)', () => {
  const builds = [process.env.E2E_DIST || 'dist', process.env.E2E_DEMO_DIST || 'dist-demo'].filter((dir) => existsSync(join(dir, 'index.html')));
  expect(builds.length).toBeGreaterThan(0);
  for (const dir of builds) {
    const files = builtTextFiles(dir);
    expect(files.some(([file]) => file.endsWith('.js')), `${dir} has scripts`).toBe(true);
    for (const [file, text] of files) {
      for (const [what, shape] of SECRET_SHAPES) expect(text.match(shape)?.[0], `${what} in ${dir}/${file}`).toBeUndefined();
      // Firebase web API keys are public by design; any other Google key is not.
      const googleKeys = [...new Set(text.match(/AIza[0-9A-Za-z_-]{35}/g) ?? [])];
      expect(googleKeys.filter((key) => key !== process.env.VITE_FIREBASE_API_KEY), `a Google API key in ${dir}/${file}`).toEqual([]);
    }
  }
});
