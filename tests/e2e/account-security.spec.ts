import { expect, test, type Page } from '@playwright/test';
import { PROJECT_ID, createAccount, latestOobCode } from './support/emulator';
import { violations } from './support/axe';
import { signInThroughUi, waitForWorkerControl } from './support/session';

// Settings → Security, Two-factor authentication and Account deactivation, on an account this
// test creates (the demo account is never changed). One journey: password change, sign out
// other tabs, SMS second step (enrol, sign-in with a code, remove), deactivation offline and online.

const EMULATOR = `http://127.0.0.1:${process.env.AUTH_EMULATOR_PORT || 9099}`;
const API_KEY = 'demo-api-key';
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };

/** The newest SMS code the emulator "texted" to `phoneNumber` (after `after` codes were already listed). */
async function latestSmsCode(phoneNumber: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
    const { verificationCodes = [] } = (await res.json()) as { verificationCodes?: Array<{ phoneNumber: string; code: string }> };
    const codes = verificationCodes.filter((c) => c.phoneNumber === phoneNumber);
    if (codes.length > after) return codes.at(-1)!.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No new code texted to ${phoneNumber}`);
}

const smsCodeCount = async (phoneNumber: string) => {
  const res = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
  const { verificationCodes = [] } = (await res.json()) as { verificationCodes?: Array<{ phoneNumber: string }> };
  return verificationCodes.filter((c) => c.phoneNumber === phoneNumber).length;
};

/** The emulator's record of the account (admin lookup), or null when it no longer exists. */
async function accountRecord(uid: string): Promise<{ emailVerified?: boolean; mfaInfo?: unknown[] } | null> {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ localId: [uid] }),
  });
  const { users } = (await res.json()) as { users?: Array<{ emailVerified?: boolean; mfaInfo?: unknown[] }> };
  return users?.[0] ?? null;
}

const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Opens a settings page (a full page load: on a busy machine the start can take longer than an assertion's 5 s). */
async function openSettings(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible({ timeout: 30_000 });
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('security settings: password change, sign out other tabs, SMS second step, account deletion offline and online', async ({ page, context }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `security-${stamp}@example.com`;
  const firstPassword = 'First-pass-42';
  const secondPassword = 'Second-pass-42';
  // A number of its own per run, so codes from other runs never match.
  const phone = `+1650555${String(Math.floor(1000 + Math.random() * 9000))}`;
  const { uid } = await createAccount(email, firstPassword, 'Sam Secure');

  await test.step('change the password: wrong current password and bad new ones are refused, then it changes', async () => {
    await signInThroughUi(page, email, firstPassword);
    await openSettings(page, '/settings/security', 'Security');
    const facts = page.getByTestId('session-facts');
    await expect(facts).toContainText('Remembered ("Remember me")');
    await expect(facts).toContainText('Email and password');
    await expect(facts).toContainText(`${email} (not verified)`);
    expect(await violations(page), 'security page').toEqual([]);

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password-1');
    await form.getByLabel('New password', { exact: true }).fill('short1');
    await form.getByLabel('Confirm new password').fill('short2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Use at least 8 characters.')).toBeVisible();
    await expect(form.getByText('The passwords do not match.')).toBeVisible();

    await form.getByLabel('New password', { exact: true }).fill(secondPassword);
    await form.getByLabel('Confirm new password').fill(secondPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toHaveText('The current password is not right.');

    await form.getByLabel('Current password').fill(firstPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed. Use the new one next time you sign in.')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');
  });

  await test.step('the old password is refused, the new one signs in', async () => {
    await signOut(page);
    await fillSignIn(page, email, firstPassword);
    await expect(page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' })).toBeVisible();
    await signInThroughUi(page, email, secondPassword);
  });

  await test.step('sign out other tabs: the other tab goes to sign-in with a toast, this one stays signed in', async () => {
    const other = await context.newPage();
    await other.goto('/users');
    await expect(other.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible({ timeout: 30_000 });

    await openSettings(page, '/settings/security', 'Security');
    await page.getByRole('button', { name: 'Sign out other tabs' }).click();
    await expect(page.getByText('Other tabs were signed out. This tab stays signed in until you close it.')).toBeVisible();
    await expect(page.getByTestId('session-facts')).toContainText('This tab only: until this tab is closed');

    await expect(other).toHaveURL(/\/login\?redirect=%2Fusers/);
    await expect(other.getByText('You were signed out in another tab.')).toBeVisible();
    // The remembered session is gone from the browser: a new tab asks to sign in...
    const fresh = await context.newPage();
    await fresh.goto('/users');
    await expect(fresh.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
    await expect(fresh).toHaveURL(/\/login\?redirect=/);
    await fresh.close();
    await other.close();
    // ...and this tab keeps its session, across a reload too.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('session-facts')).toContainText('This tab only');
  });

  await test.step('two-step verification needs a verified email first', async () => {
    await openSettings(page, '/settings/two-factor-authentication', 'Two-factor authentication');
    await expect(page.getByText('Verify your email address first.')).toBeVisible();
    await expect(page.getByText('No second step yet')).toBeVisible();
    expect(await violations(page), 'two-factor page, email not verified').toEqual([]);
    await page.getByRole('button', { name: 'Send verification email' }).click();
    await expect(page.getByText(`Verification email sent to ${email}`)).toBeVisible();
    // The link is opened elsewhere (another device): the emulator applies its code.
    const { oobCode } = await latestOobCode(email, 'VERIFY_EMAIL');
    const applied = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=${API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode }),
    });
    expect(applied.ok).toBe(true);
    await page.getByRole('button', { name: 'I have verified it' }).click();
    await expect(page.getByLabel('Phone number')).toBeVisible();
  });

  await test.step('enrol a phone with the texted code', async () => {
    await page.getByLabel('Phone number').fill('07700 900123');
    await page.getByLabel('Name for this phone (optional)').fill('Work phone');
    await page.getByLabel('Current password').fill(secondPassword);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Enter the number with + and the country code, e.g. +44 7700 900123.')).toBeVisible();

    await page.getByLabel('Phone number').fill(phone.replace(/(\d{3})(\d{3})(\d{4})$/, ' $1 $2-$3'));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status').filter({ hasText: `We sent a code to ${phone}.` })).toBeVisible();
    expect(await violations(page), 'two-factor page, code step').toEqual([]);
    await page.getByLabel('Code from the text message').fill(await latestSmsCode(phone));
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await expect(page.getByText(`Two-step verification is on: signing in now also asks for a code texted to ${phone}.`)).toBeVisible();
    await expect(page.getByTestId('second-step')).toContainText('Work phone');
    expect((await accountRecord(uid))?.mfaInfo).toHaveLength(1);
  });

  await test.step('sign-in asks for the code: a wrong code is refused, a resent right one signs in', async () => {
    await signOut(page);
    const before = await smsCodeCount(phone);
    await fillSignIn(page, email, secondPassword);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    // Firebase shows the phone masked until the sign-in is complete.
    const masked = `+${'*'.repeat(phone.length - 5)}${phone.slice(-4)}`;
    await expect(page.getByRole('status').filter({ hasText: `We sent a code to ${masked}.` })).toBeVisible();
    const first = await latestSmsCode(phone, before);
    expect(await violations(page), 'sign-in code step').toEqual([]);

    await page.getByLabel('Code from the text message').fill(first === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right. Check the text message and try again.');

    await page.getByRole('button', { name: 'Resend code' }).click();
    const resent = await latestSmsCode(phone, before + 1);
    await page.getByLabel('Code from the text message').fill(resent);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await waitForWorkerControl(page);
    await openSettings(page, '/settings/security', 'Security');
    await expect(page.getByTestId('session-facts')).toContainText('Email and password, then a code by text message');
  });

  await test.step('remove the second step: password, then a texted code', async () => {
    await openSettings(page, '/settings/two-factor-authentication', 'Two-factor authentication');
    await page.getByRole('button', { name: 'Remove Work phone' }).click();
    const before = await smsCodeCount(phone);
    await page.getByRole('form', { name: 'Remove Work phone' }).getByLabel('Current password').fill(secondPassword);
    await page.getByRole('button', { name: 'Remove second step' }).click();
    await expect(page.getByText('enter the code we text to your phone to remove this second step')).toBeVisible();
    await page.getByLabel('Code from the text message').fill(await latestSmsCode(phone, before));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('Work phone was removed as a second step.')).toBeVisible();
    await expect(page.getByText('No second step yet')).toBeVisible();
    expect((await accountRecord(uid))?.mfaInfo ?? []).toHaveLength(0);
  });

  await test.step('deactivation offline says a connection is needed and changes nothing', async () => {
    await openSettings(page, '/settings/account-deactivation', 'Account deactivation');
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Current password').fill(secondPassword);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await expect(form.getByText('Tick the box to confirm that you understand.')).toBeVisible();
    expect(await databaseNames(page)).toContain(`shop-admin-${uid}`);

    await context.setOffline(true);
    await form.getByLabel('I understand this deletes my account and this device’s data').check();
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'This needs a connection to the sign-in service. Connect to the internet and try again; nothing was changed.',
    );
    await expect(page).toHaveURL(/\/settings\/account-deactivation$/);
    expect(await databaseNames(page)).toContain(`shop-admin-${uid}`);
    await context.setOffline(false);
    expect(await accountRecord(uid)).not.toBeNull();
    // Still signed in, with the data: the users list answers from this account's database.
    await page.goto('/users');
    await expect(page.getByText('Showing 1–10 of 14')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('deactivation online deletes the Firebase account, then this device’s data, and lands on sign-in', async () => {
    await openSettings(page, '/settings/account-deactivation', 'Account deactivation');
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('I understand this deletes my account and this device’s data').check();
    await form.getByLabel('Current password').fill(secondPassword);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account was deleted, and its data removed from this device.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await accountRecord(uid)).toBeNull();
    const names = await databaseNames(page);
    expect(names).not.toContain(`shop-admin-${uid}`);
    expect(names).not.toContain(`shop-admin-drafts-${uid}`);
    await fillSignIn(page, email, secondPassword);
    await expect(page.getByRole('alert').filter({ hasText: /No account uses this email address\.|The email or password is incorrect\./ })).toBeVisible();
  });
});
