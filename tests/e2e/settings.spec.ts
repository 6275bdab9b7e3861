import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { createAccount, DEMO_ACCOUNT, latestOobCode, PROJECT_ID } from './support/emulator';
import { apiFromPage, signInThroughUi } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const EMULATOR = `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT || 9099}`;
const ADMIN = `${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}`;
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };

/** The account's name as Firebase keeps it (the emulator's admin lookup). */
async function firebaseName(uid: string): Promise<string | undefined> {
  const res = await fetch(`${ADMIN}/accounts:lookup`, { method: 'POST', headers: OWNER, body: JSON.stringify({ localId: [uid] }) });
  const { users = [] } = (await res.json()) as { users?: Array<{ displayName?: string }> };
  return users[0]?.displayName;
}

const deleteAccount = (uid: string) => fetch(`${ADMIN}/accounts:delete`, { method: 'POST', headers: OWNER, body: JSON.stringify({ localId: uid }) });

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/**
 * The page has its data: no "Loading…" left. A reload re-reads everything from the worker,
 * which on a busy machine can take longer than an assertion's 5 s (set-up, not the check).
 */
async function loaded(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0, { timeout: 30_000 });
}

async function reload(page: Page) {
  await page.reload();
  await loaded(page);
}

/** Opens a settings page through the section's own navigation. */
async function openSection(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
  await loaded(page);
}

/** Opens the header's bell and answers the groups of the events it lists (then closes it). */
async function bellGroups(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('Loading notifications…')).toBeHidden();
  const groups = await popover.locator('li[data-group]').evaluateAll((items) => items.map((item) => item.getAttribute('data-group') ?? ''));
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  return groups;
}

test.describe('settings', () => {
  test.use({ storageState: SIGNED_IN });

  // One long journey over six screens, with an accessibility check on each.
  test.setTimeout(240_000);

  test('an admin keeps a profile, a plan, a card, notification switches and social links offline; the bell and the user profile follow', async ({ page, context }) => {
    // Every request body the page sends: the card's full number and CVC must never be among them.
    const sentBodies: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) sentBodies.push(request.postData() ?? '');
    });

    await openSignedIn(page, '/settings');
    await context.setOffline(true);
    await reload(page);

    await test.step('profile information: saved on this device, kept after a reload; Firebase untouched when name and photo are', async () => {
      await expect(page.getByRole('heading', { level: 2, name: 'Profile information' })).toBeVisible();
      const email = page.getByLabel('Email', { exact: true });
      await expect(email).toHaveValue(DEMO_ACCOUNT.email);
      await expect(email).toHaveAttribute('readonly', '');
      await expect(page.getByText('Verified', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(DEMO_ACCOUNT.displayName);
      // The storage card stays.
      await expect(page.getByRole('heading', { name: 'Storage on this device' })).toBeVisible();

      await page.getByLabel('Username').fill('a b');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Use 3–40 letters, digits, dots, dashes or underscores')).toBeVisible();
      await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

      await page.getByLabel('Username').fill('demo.admin');
      await page.getByLabel('Phone').fill('+354 555 0100');
      await page.getByLabel('Company').fill('Northwind Traders');
      await page.getByLabel('Designation').fill('Store manager');
      await page.getByRole('combobox', { name: 'Country' }).fill('Icel');
      await page.getByRole('option', { name: 'Iceland' }).click();
      await page.getByRole('combobox', { name: 'Language', exact: true }).fill('icel');
      await page.getByRole('option', { name: 'Icelandic' }).click();
      await page.getByLabel('About').fill('Runs the shop from Reykjavík.');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(toast(page, 'Profile saved')).toBeVisible();
      // Name and photo unchanged: nothing waits for Firebase.
      await expect(page.getByText(/reach your sign-in account/)).toHaveCount(0);
      expect(await violations(page)).toEqual([]);

      await reload(page);
      await expect(page.getByLabel('Username')).toHaveValue('demo.admin');
      await expect(page.getByLabel('Phone')).toHaveValue('+354 555 0100');
      await expect(page.getByLabel('Company')).toHaveValue('Northwind Traders');
      await expect(page.getByLabel('Designation')).toHaveValue('Store manager');
      await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Iceland');
      await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('Icelandic');
      await expect(page.getByLabel('About')).toHaveValue('Runs the shop from Reykjavík.');
    });

    await test.step('plan: a change confirmed with its price difference, kept after a reload', async () => {
      await openSection(page, 'Plan & billing');
      await expect(page.getByTestId('current-plan')).toContainText('Basic plan, $10 per month');
      await page.getByRole('button', { name: 'Switch to Enterprise' }).click();
      const dialog = page.getByRole('dialog', { name: 'Switch to Enterprise?' });
      await expect(dialog).toContainText('Enterprise costs $30 per month instead of $10 on Basic: $20 more per month.');
      expect(await violations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('current-plan')).toContainText('Basic plan');

      await page.getByRole('button', { name: 'Switch to Premium' }).click();
      await expect(page.getByRole('dialog')).toContainText('$10 more per month');
      await page.getByRole('dialog').getByRole('button', { name: 'Switch to Premium' }).click();
      await expect(toast(page, 'You are now on the Premium plan')).toBeVisible();
      await expect(page.getByTestId('current-plan')).toContainText('Premium plan, $20 per month');
      await reload(page);
      await expect(page.getByTestId('current-plan')).toContainText('Premium plan, $20 per month, since');
      await expect(page.getByRole('listitem').filter({ hasText: 'Premium' })).toContainText('Current plan');
    });

    await test.step('card: checked in the form; only the brand and last 4 digits are kept', async () => {
      const year = new Date().getFullYear() + 3;
      await page.getByRole('button', { name: 'Add a card' }).click();
      const form = page.getByRole('form', { name: 'Add a card' });
      await form.getByLabel('Name on card').fill('Demo Admin');
      await form.getByLabel('Card number').fill('4242 4242 4242 4241');
      await expect(page.getByTestId('card-brand')).toContainText('Visa');
      await form.getByLabel('Expiry month').selectOption('8');
      await form.getByLabel('Expiry year').selectOption(String(year));
      await form.getByLabel(/Security code/).fill('1234');
      await form.getByRole('button', { name: 'Save card' }).click();
      await expect(form.getByText('This card number is not valid: check the digits')).toBeVisible();
      await expect(form.getByText('The security code is 3 digits')).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await form.getByLabel('Card number').fill('4242 4242 4242 4242');
      await form.getByLabel(/Security code/).fill('737');
      await form.getByRole('button', { name: 'Save card' }).click();
      await expect(toast(page, 'Card saved')).toBeVisible();
      await expect(page.getByTestId('card-on-file')).toContainText('Visa ending in 4242');
      await expect(page.getByTestId('card-on-file')).toContainText(`Expires 08/${year}`);
      await expect(form).toBeHidden();

      // Neither the page, nor a request, nor the stored settings hold the number or the CVC.
      expect(await page.content()).not.toMatch(/4242 ?4242 ?4242 ?4242/);
      const stored = await apiFromPage(page, 'GET', '/api/settings');
      expect(stored.status).toBe(200);
      expect(stored.body.settings.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 8, expYear: year });
      expect(JSON.stringify(stored.body)).not.toContain('42424242');
      const patches = sentBodies.filter((body) => body.includes('"card"'));
      expect(patches).toEqual([JSON.stringify({ card: { brand: 'visa', last4: '4242', expMonth: 8, expYear: year } })]);
      expect(sentBodies.join('\n')).not.toMatch(/4242 ?4242|"737"|:737\b/);

      await reload(page);
      await expect(page.getByTestId('card-on-file')).toContainText('Visa ending in 4242');

      // Remove, then Undo puts it back.
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByRole('dialog', { name: 'Remove the card?' }).getByRole('button', { name: 'Remove card' }).click();
      await expect(page.getByText('No card on file.')).toBeVisible();
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByTestId('card-on-file')).toContainText('Visa ending in 4242');
    });

    await test.step('billing history: the account’s invoices, newest first, each linking to its details', async () => {
      const rows = page.getByTestId('billing-row');
      await expect(rows.first()).toBeVisible();
      const dates = await rows.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
      expect(dates.length).toBeGreaterThan(1);
      expect(dates).toEqual([...dates].sort().reverse());
      const newest = await apiFromPage(page, 'GET', '/api/invoices?sort=issueDate&order=desc&pageSize=1');
      const newestId: string = newest.body.invoices[0].id;
      await expect(rows.first().getByRole('link')).toHaveText(newestId);
      await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/invoices/${newestId}/details`);
      expect(await violations(page)).toEqual([]);
    });

    await test.step('notifications: each switch saved as it is flipped, kept after a reload, and the bell honours it', async () => {
      await openSection(page, 'Notifications');
      const orders = page.getByRole('switch', { name: 'Orders' });
      const newsletters = page.getByRole('switch', { name: 'Newsletters' });
      await expect(orders).toHaveAttribute('aria-checked', 'true');
      await expect(newsletters).toHaveAttribute('aria-checked', 'false');
      await expect(orders).toHaveAccessibleDescription('New and pending orders.');
      expect(await bellGroups(page)).toContain('orders');

      await orders.click();
      await expect(toast(page, 'Orders notifications turned off')).toBeVisible();
      await expect(orders).toHaveAttribute('aria-checked', 'false');
      await newsletters.click();
      await expect(toast(page, 'Newsletters notifications turned on')).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await reload(page);
      await expect(page.getByRole('switch', { name: 'Orders' })).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByRole('switch', { name: 'Newsletters' })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByRole('switch', { name: 'Low stock' })).toHaveAttribute('aria-checked', 'true');
      const groups = await bellGroups(page);
      expect(groups).not.toContain('orders');
      expect(groups.length).toBeGreaterThan(0);
    });

    await test.step('social links: a link to another host is refused under its field; good ones are kept and shown on the user profile', async () => {
      await openSection(page, 'Social media links');
      const facebook = page.getByLabel('Facebook');
      await facebook.fill('https://facebook.example.com/demo');
      await page.getByRole('button', { name: 'Save links' }).click();
      await expect(page.getByText('Must be a link to facebook.com or fb.com')).toBeVisible();
      await expect(facebook).toHaveAttribute('aria-invalid', 'true');
      expect(await violations(page)).toEqual([]);

      await facebook.fill('https://www.facebook.com/demo.admin');
      await page.getByLabel('X', { exact: true }).fill('https://x.com/demoadmin');
      await page.getByRole('button', { name: 'Save links' }).click();
      await expect(toast(page, 'Social links saved')).toBeVisible();
      await reload(page);
      await expect(page.getByLabel('Facebook')).toHaveValue('https://www.facebook.com/demo.admin');
      await expect(page.getByLabel('X', { exact: true })).toHaveValue('https://x.com/demoadmin');

      await page.goto('/users/profile');
      await loaded(page);
      const card = page.getByRole('region', { name: 'Social links' });
      await expect(card.getByRole('link', { name: /facebook\.com\/demo\.admin/ })).toHaveAttribute('href', 'https://www.facebook.com/demo.admin');
      await expect(card.getByRole('link', { name: /x\.com\/demoadmin/ })).toHaveAttribute('href', 'https://x.com/demoadmin');
      await expect(card.getByText('Instagram')).toHaveCount(0);
      expect(await violations(page)).toEqual([]);
    });
  });
});

// Name and photo are also the sign-in account's: tested on an account of its own, so the demo
// account's Firebase name never changes (other specs may run alongside and rely on it).
test('a new admin’s name reaches Firebase: at once online, on reconnecting when saved offline; the verification email can be resent', async ({ page, context }) => {
  test.setTimeout(180_000);
  const email = `settings-${Date.now()}@example.com`;
  const password = 'Sup3r-secret-pass';
  const { uid } = await createAccount(email, password, 'Fresh Admin');
  try {
    await signInThroughUi(page, email, password);
    await page.goto('/settings');
    await loaded(page);
    await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Resend verification' }).click();
    await expect(toast(page, `Verification email sent to ${email}`)).toBeVisible();
    expect((await latestOobCode(email, 'VERIFY_EMAIL')).email).toBe(email);

    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Fresh Admin');
    await page.getByLabel('Name', { exact: true }).fill('Fresh Renamed');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(toast(page, 'Profile saved')).toBeVisible();
    await expect.poll(() => firebaseName(uid)).toBe('Fresh Renamed');
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('FR');

    await context.setOffline(true);
    await page.getByLabel('Name', { exact: true }).fill('Offline Renamed');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText(/reach your sign-in account \(Firebase\) when you are back online/)).toBeVisible();
    expect(await firebaseName(uid)).toBe('Fresh Renamed');
    await reload(page);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Offline Renamed');

    await context.setOffline(false);
    await expect(page.getByText('Back online: your sign-in account now shows your saved name and photo')).toBeVisible();
    await expect.poll(() => firebaseName(uid)).toBe('Offline Renamed');
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('OR');
  } finally {
    await deleteAccount(uid);
  }
  expect(await firebaseName(DEMO_ACCOUNT.uid)).toBe(DEMO_ACCOUNT.displayName);
});
