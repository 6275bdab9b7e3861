import { expect, type Page } from '@playwright/test';
import { openPage, signInThroughUi } from './session';

/**
 * The sign-in checks run against both identity back ends: the firebase-tools Auth emulator
 * (tests/e2e/auth.spec.ts, with the normal build) and the in-browser one that the demo build's
 * service worker answers (tests/e2e/demo-identity.spec.ts). Same pages, same messages; only
 * how a check creates an account and reads an emailed code differs (an IdentityBackend).
 *
 * Paths are relative to the project's baseURL (no leading slash), so they work at '/' and
 * under the demo's base path.
 */

export type EmailKind = 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN';

/** An emailed action code, as the emulators list them (GET /emulator/v1/projects/<id>/oobCodes). */
export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

export interface IdentityBackend {
  /** Creates an account through the identity REST API (not the app's pages); signs nobody in in the app. */
  createAccount(page: Page, email: string, password: string, displayName?: string): Promise<void>;
  /** The newest code of this kind sent to `email`. */
  latestOobCode(page: Page, email: string, kind: EmailKind): Promise<OobCode>;
}

/** The app page an emailed code opens (`mode` as Firebase's action links name it). */
const actionPath = (mode: 'verifyEmail' | 'resetPassword', oobCode: string) => `auth/action?mode=${mode}&oobCode=${encodeURIComponent(oobCode)}`;

/** Signs out with the account menu (keeping this account's data on the device). */
export async function signOutThroughMenu(page: Page, openMenu = true) {
  if (openMenu) await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/**
 * Empty fields, a wrong password, a weak and mismatched new password, the terms, and an email
 * already in use: each gets its message. `existing` is an account the caller created.
 */
export async function checkPasswordMessages(page: Page, existing: { email: string; password: string }, newEmail: string) {
  await openPage(page, 'login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter your email address.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' })).toBeVisible();

  await openPage(page, 'register');
  await page.getByLabel('Name', { exact: true }).fill('Weak Walter');
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await expect(page.getByText('Accept the terms to create an account.')).toBeVisible();

  // An email already in use is the provider's answer, shown in words.
  await page.getByLabel('Email', { exact: true }).fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill(existing.password);
  await page.getByLabel('Confirm password').fill(existing.password);
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An account already uses this email address.' })).toBeVisible();
}

/** Registers `account`, verifies its email with the emailed code, signs out and signs in again. */
export async function checkRegisterVerifySignOutSignIn(page: Page, backend: IdentityBackend, account: { name: string; email: string; password: string }) {
  await openPage(page, 'register');
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(account.email, { exact: true })).toBeVisible();

  const { oobCode } = await backend.latestOobCode(page, account.email, 'VERIFY_EMAIL');
  await openPage(page, actionPath('verifyEmail', oobCode));
  await expect(page).toHaveURL(/\/verification\?/);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await openPage(page, 'learning-management');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(account.name)).toBeVisible();
  await signOutThroughMenu(page, false);

  await signInThroughUi(page, account.email, account.password, 'login');
  await expect(page).toHaveURL(/\/learning-management$/);
}

/**
 * Asks for a reset email for `account` (signed out), sets `newPassword` with the emailed code
 * in the app, checks the old password no longer works, and signs in with the new one.
 */
export async function checkPasswordReset(page: Page, backend: IdentityBackend, account: { email: string; password: string }, newPassword: string) {
  await openPage(page, 'forget-password');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: account.email })).toBeVisible();

  const { oobCode } = await backend.latestOobCode(page, account.email, 'PASSWORD_RESET');
  await openPage(page, actionPath('resetPassword', oobCode));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`For ${account.email}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await openPage(page, 'login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' })).toBeVisible();
  await signInThroughUi(page, account.email, newPassword, 'login');
}
