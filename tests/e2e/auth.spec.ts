import { expect, test, type Page } from '@playwright/test';
import { createAccount, firebaseToolsEmulator, latestOobCode, resetAccounts } from './support/emulator';
import { checkPasswordMessages, checkPasswordReset, checkRegisterVerifySignOutSignIn } from './support/sign-in-checks';
import { apiFromPage, signInThroughUi } from './support/session';
import { storedDraft } from './support/drafts';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const PASSWORD = 'Sup3r-secret-pass';
const newUser = { name: 'Quinzel Field', email: 'quinzel@example.com', role: 'Courier', status: 'waiting', address: 'Chile', phone: '+56 555 0101' };

// The tests of this file run side by side (fullyParallel in playwright.config.ts): each starts
// by deleting only the accounts it uses, which no other test uses.

test('a signed-out visit goes to login with the full path, and signing in lands exactly there', async ({ page }) => {
  await resetAccounts(['ana@example.com']);
  await createAccount('ana@example.com', PASSWORD);
  await page.goto('/users?status=verified&page=1&search=a');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe('/users?status=verified&page=1&search=a');

  await page.getByLabel('Email', { exact: true }).fill('ana@example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/users\?/);
  const landed = new URL(page.url());
  expect(landed.pathname).toBe('/users');
  expect(landed.searchParams.get('status')).toBe('verified');
  expect(landed.searchParams.get('search')).toBe('a');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test('signed-in visits to session pages go to the dashboards; /dashboard and /sessions redirect', async ({ page }) => {
  await resetAccounts(['sid@example.com']);
  await createAccount('sid@example.com', PASSWORD);
  await page.goto('/sessions');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, 'sid@example.com', PASSWORD);
  await expect(page).toHaveURL(/\/learning-management$/);

  for (const path of ['/login', '/register', '/forget-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/learning-management$/);
  }
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/learning-management$/);
  await expect(page).toHaveTitle('Learning management · Shop Admin');
});

// The same checks run against the demo build's in-browser identity (demo-identity.spec.ts).
test('wrong password and weak or mismatched passwords get clear messages', async ({ page }) => {
  await resetAccounts(['wanda@example.com', 'walter@example.com']);
  await createAccount('wanda@example.com', PASSWORD);
  await checkPasswordMessages(page, { email: 'wanda@example.com', password: PASSWORD }, 'walter@example.com');
});

test('register, verify the email from the emailed code, sign out, sign in again', async ({ page }) => {
  await resetAccounts(['rita@example.com']);
  await checkRegisterVerifySignOutSignIn(page, firebaseToolsEmulator, { name: 'Rita Register', email: 'rita@example.com', password: PASSWORD });
});

test('password reset end to end, handled in the app', async ({ page }) => {
  await resetAccounts(['paula@example.com']);
  await createAccount('paula@example.com', PASSWORD);
  await checkPasswordReset(page, firebaseToolsEmulator, { email: 'paula@example.com', password: PASSWORD }, 'Brand-new-pass-42');
});

test('email-link sign-in and the emulator Google sign-in', async ({ page }) => {
  // The emulator's Google sign-in makes google.user@.
  await resetAccounts(['linda@example.com', 'google.user@example.com']);
  await page.goto('/login');
  await page.getByText('Email me a sign-in link instead').click();
  await page.getByLabel('Email for the link').fill('linda@example.com');
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'linda@example.com' })).toBeVisible();
  const { oobLink } = await latestOobCode('linda@example.com', 'EMAIL_SIGNIN');
  const link = new URL(oobLink);
  await page.goto(`/auth/action${link.search}`);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'Sign in with Google (emulator test account)' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('the API answers 401 without a signed-in user, even with the page open', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const res = await apiFromPage(page, 'GET', '/api/users', undefined, false);
  expect(res.status).toBe(401);
  expect(res.body.message).toBe('Sign in to use the shop data');
});

/** The IndexedDB databases on this device whose name holds an account's uid, sorted. */
const databasesOf = (page: Page, uid: string) =>
  page.evaluate(async (uid) => (await indexedDB.databases()).map((d) => d.name ?? '').filter((name) => name.includes(uid)).sort(), uid);

test("each account has its own data: A's new user is invisible to B; sign-out can remove A's data", async ({ page }) => {
  // Five sign-ins on a shared machine.
  test.setTimeout(120_000);
  await resetAccounts(['alice@example.com', 'bob@example.com']);
  const alice = await createAccount('alice@example.com', PASSWORD, 'Alice');
  await createAccount('bob@example.com', PASSWORD, 'Bob');

  await signInThroughUi(page, 'alice@example.com', PASSWORD);
  expect((await apiFromPage(page, 'POST', '/api/users', newUser)).status).toBe(201);
  await page.goto('/users?search=quinzel');
  await expect(page.getByTestId('user-row')).toHaveCount(1);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signInThroughUi(page, 'bob@example.com', PASSWORD, '/login?redirect=%2Fusers%3Fsearch%3Dquinzel');
  await expect(page.getByText(/^No users match /)).toBeVisible();
  await page.goto('/users');
  await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();

  // Alice signs back in: her user is still there; she signs out removing her data.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  // Signed out before the next page load: a navigation during the sign-out would cut it short.
  await expect(page).toHaveURL(/\/login/);
  await signInThroughUi(page, 'alice@example.com', PASSWORD, '/login?redirect=%2Fusers%3Fsearch%3Dquinzel');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  // A half-typed form leaves a draft on this device: it must go with the rest of her data.
  await page.goto('/users/create');
  await page.getByLabel('Name').fill('Draft Dora');
  await expect.poll(() => storedDraft(page, 'users/create')).toMatchObject({ name: 'Draft Dora' });
  expect(await databasesOf(page, alice.uid)).toEqual([`shop-admin-${alice.uid}`, `shop-admin-drafts-${alice.uid}`].sort());
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByLabel("Also remove this account's data from this device").check();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  // Her shop database (records and files) and her drafts database are gone from the device.
  await expect.poll(() => databasesOf(page, alice.uid)).toEqual([]);
  await signInThroughUi(page, 'alice@example.com', PASSWORD, '/login?redirect=%2Fusers%3Fsearch%3Dquinzel');
  await expect(page.getByText(/^No users match /)).toBeVisible();
});

test.describe('signed in (the saved demo session)', () => {
  test.use({ storageState: SIGNED_IN });

  test('a signed-in user stays signed in across an offline reload', async ({ page, context }) => {
    await openSignedIn(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.goto('/users');
    await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();
  });
});

test('"Remember me" off keeps the session to this tab; on, a new tab is signed in too', async ({ page, context }) => {
  await resetAccounts(['remi@example.com']);
  await createAccount('remi@example.com', PASSWORD);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('remi@example.com');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  const forgetful = await context.newPage();
  await forgetful.goto('/users');
  await expect(forgetful).toHaveURL(/\/login\?redirect=/);
  await forgetful.close();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await signInThroughUi(page, 'remi@example.com', PASSWORD);
  const remembered = await context.newPage();
  await remembered.goto('/users');
  await expect(remembered.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});
