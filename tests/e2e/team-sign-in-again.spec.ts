import { expect, test, type Page } from '@playwright/test';
import { acceptAndUse, accounts, badge, createShop, device, invite, runTag, synced, syncStatus, type Account } from './support/team-devices';
import { revokeSignIns } from './support/emulator';
import { auditCounts, userBody } from './support/team-records';
import { waitForAppStart, waitForWorkerControl } from './support/session';

// Sign-in that outlives the trip (issue 35, part 1): a device back after days whose sign-in the
// shop server no longer accepts keeps its waiting changes, asks for a sign-in in the header, and
// sends them when the same account signs in again; another account signing in on the device
// neither sends nor sees them.

const waitingNote = (page: Page) => page.getByRole('note', { name: 'Changes waiting on this device' });

async function signInOnLoginPage(page: Page, account: Account, emailPrefilled = false) {
  const email = page.getByLabel('Email', { exact: true });
  if (emailPrefilled) await expect(email).toHaveValue(account.email);
  else await email.fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 60_000 });
  await waitForWorkerControl(page);
}

test('a sign-in the server no longer accepts: "Sign in again to send 3 changes"; another account cannot send them; the same account signing in again sends them', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const [ann, ben] = await accounts('Ann', 'Ben');
  const shop = `Field Shop ${runTag}`;
  const a = await device(browser, baseURL!, ann!);
  let shopId = '';

  await test.step('Ann creates the shop and invites Ben; offline, she makes 3 changes', async () => {
    await createShop(a.page, shop);
    await expect(badge(a.page)).toHaveText(/^Synced/);
    shopId = (await syncStatus(a)).shopId!;
    await invite(a.page, shop, ben!.email, 'admin');
    await a.context.setOffline(true);
    for (const name of ['Away One', 'Away Two', 'Away Three']) expect((await a.api('POST', '/api/users', userBody(name))).status).toBe(201);
    await expect(badge(a.page)).toContainText('Offline — 3 changes will sync');
  });

  await test.step('three days later, her sign-in revoked meanwhile (a password change elsewhere): back online, the header asks her to sign in again and nothing is sent', async () => {
    await revokeSignIns(ann!.email);
    // The shop server trusts a token it verified for up to a minute (server/auth.ts, VerifiedTokens):
    // a revocation is noticed within that minute. Away longer than that.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    // The device's clock three days on: her ID token has expired, and its refresh gives one the server refuses.
    await a.context.clock.install({ time: Date.now() + 3 * 24 * 3600_000 });
    await a.context.setOffline(false);
    await a.page.goto('/users');
    await waitForAppStart(a.page);
    await expect(badge(a.page)).toContainText('Sign in again to send 3 changes', { timeout: 30_000 });
    // The worker drops an entry only on the server's answer to it: all 3 still wait.
    expect(await syncStatus(a)).toMatchObject({ pending: 3, signInNeeded: true });
  });

  await test.step('"Sign in" ends the session; the sign-in page names her waiting changes; Ben signs in on the device instead and works on the shop: none of Ann’s changes are sent or shown', async () => {
    await a.page.getByRole('banner').getByRole('button', { name: 'Sign in again to send the waiting changes' }).click();
    await expect(a.page).toHaveURL(/\/login/);
    await expect(waitingNote(a.page)).toContainText(`Sign in again as ${ann!.email} to send 3 changes made on this device.`);
    await expect(a.page.getByLabel('Email', { exact: true })).toHaveValue(ann!.email);
    await signInOnLoginPage(a.page, ben!);
    await acceptAndUse(a.page, shop);
    await synced(a);
    expect((await a.api('GET', '/api/users')).body.users).toEqual([]);
    expect((await syncStatus(a)).pending).toBe(0);
    expect(await auditCounts(ben!, shopId)).not.toHaveProperty(['POST /api/users applied']);
  });

  await test.step('Ben signs out; Ann signs in again (her email filled in): her 3 changes are sent, once each', async () => {
    await a.page.getByRole('button', { name: 'Account menu' }).click();
    await a.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(waitingNote(a.page)).toContainText(`Sign in again as ${ann!.email} to send 3 changes`);
    await expect(waitingNote(a.page)).not.toContainText(ben!.email);
    await signInOnLoginPage(a.page, ann!, true);
    await expect(badge(a.page)).toHaveText(/^Synced/, { timeout: 60_000 });
    await synced(a);
    expect(await auditCounts(ben!, shopId)).toMatchObject({ 'POST /api/users applied': 3 });
    const names = ((await a.api('GET', '/api/users')).body.users as Array<{ name: string }>).map((user) => user.name).sort();
    expect(names).toEqual(['Away One', 'Away Three', 'Away Two']);
  });
});
