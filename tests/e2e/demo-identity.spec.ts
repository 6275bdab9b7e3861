import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT } from './support/emulator';
import { inBrowserIdentity } from './support/in-browser-identity';
import { apiFromPage, openPage, signInThroughUi, waitForWorkerControl } from './support/session';
import { checkPasswordMessages, checkPasswordReset, checkRegisterVerifySignOutSignIn, signOutThroughMenu } from './support/sign-in-checks';

/**
 * The sign-in checks of auth.spec.ts (there against the firebase-tools Auth emulator) against the
 * demo build's in-browser identity emulator: the demo build under /shop-admin/ on a plain
 * static server, no emulator running (project "demo" in playwright.config.ts). Then what only
 * the demo adds: each account's data stays its own in the visitor's browser.
 */
const BASE = '/shop-admin/';
const PASSWORD = 'first-pass-123';
const identity = inBrowserIdentity(BASE);

test('the sign-in checks against the in-browser identity; each account keeps its own data', async ({ page }) => {
  test.setTimeout(180_000);

  await test.step('set-up: the first visit installs the app (the worker then answers the sign-in calls)', async () => {
    await page.goto('');
    await waitForWorkerControl(page);
  });

  await test.step('wrong password, weak and mismatched passwords, an email in use: the same messages', async () => {
    await identity.createAccount(page, 'ana@example.com', PASSWORD);
    await checkPasswordMessages(page, { email: 'ana@example.com', password: PASSWORD }, 'walter@example.com');
  });

  await test.step('register, verify the email with the code shown in the app, sign out, sign in again', async () => {
    await checkRegisterVerifySignOutSignIn(page, identity, { name: 'Rita Register', email: 'rita@example.com', password: PASSWORD });
  });

  await test.step("a new account's change stays its own: the demo account still has all its users", async () => {
    await openPage(page, 'users');
    await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();
    expect((await apiFromPage(page, 'DELETE', `${BASE}api/users?id=3`)).status).toBe(200);
    // The worker tells the page its data changed: the list reloads by itself.
    await expect(page.getByText('Showing 1–10 of 13')).toBeVisible();
    await signOutThroughMenu(page);
    await signInThroughUi(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, 'login?redirect=%2Fusers');
    await expect(page.getByText('Showing 1–10 of 14')).toBeVisible();
    await signOutThroughMenu(page);
  });

  await test.step('reset the password with the code shown in the app; sign in with the new one: the data is back', async () => {
    await checkPasswordReset(page, identity, { email: 'rita@example.com', password: PASSWORD }, 'second-pass-456');
    await openPage(page, 'users');
    await expect(page.getByText('Showing 1–10 of 13')).toBeVisible();
  });
});
