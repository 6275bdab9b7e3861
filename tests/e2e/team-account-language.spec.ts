import { expect, test, type Page } from '@playwright/test';
import { accounts, createShop, device, deviceOn, runTag, syncStatus, type Account } from './support/team-devices';
import { waitForAppStart, waitForWorkerControl } from './support/session';
import { invitedCustomer } from './support/team-records';
import { acceptCustomerInvitation } from './support/customer';
import { fitsPhone } from './support/phone';
import { violations } from './support/axe';

// The language is the account's, kept by the shop server (issue 34, item 3; docs/sync.md "The
// account's preferences"): a staff member who picks German on the laptop gets German on the
// phone when signing in there, and a later choice on the phone reaches the laptop when it starts again.

const html = (page: Page) => page.locator('html');

/** Signs in on the login page without waiting for English names: the screens may switch language meanwhile. */
async function signInAnyLanguage(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
  await waitForWorkerControl(page);
}

test('German chosen on the laptop: the phone signing in shows German; Spanish chosen on the phone reaches the laptop', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const [ann] = await accounts('Ann');
  const laptop = await device(browser, baseURL!, ann!);
  await createShop(laptop.page, `Language Shop ${runTag}`);

  await test.step('the laptop: the header’s language menu, Deutsch', async () => {
    await laptop.page.getByRole('banner').getByRole('button', { name: /^Language:/ }).click();
    await laptop.page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(html(laptop.page)).toHaveAttribute('lang', 'de');
    await expect(laptop.page.getByRole('button', { name: 'Kontomenü' })).toBeVisible();
  });

  const phoneContext = await browser.newContext({ baseURL: baseURL!, serviceWorkers: 'allow', locale: 'en-US' });
  const phone = deviceOn(phoneContext, await phoneContext.newPage());
  await test.step('the phone, a browser in English: Ann signs in and the screens turn German', async () => {
    await signInAnyLanguage(phone.page, ann!);
    await expect(html(phone.page)).toHaveAttribute('lang', 'de', { timeout: 30_000 });
    await expect(phone.page.getByRole('button', { name: 'Kontomenü' })).toBeVisible();
  });

  await test.step('on the phone, Settings → Profile: Español; the laptop, started again, follows', async () => {
    await phone.page.goto('/settings');
    await waitForAppStart(phone.page);
    await phone.page.getByLabel('Sprache der App').selectOption('es');
    await expect(html(phone.page)).toHaveAttribute('lang', 'es');
    // The worker sends it at once; the laptop reads the account's language as the app starts.
    await expect(async () => {
      await laptop.page.reload();
      await waitForAppStart(laptop.page);
      await expect(html(laptop.page)).toHaveAttribute('lang', 'es', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(laptop.page.getByRole('button', { name: 'Menú de la cuenta' })).toBeVisible();
  });

  await phoneContext.close();
  await laptop.context.close();
});

test('a customer picks Deutsch on the portal’s profile; their other device shows German from its welcome page on', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const [ada, cal] = await accounts('Ada', 'Cal');
  const shop = `Portal Language ${runTag}`;
  const admin = await device(browser, baseURL!, ada!);
  await createShop(admin.page, shop);
  const shopId = (await syncStatus(admin)).shopId!;
  await invitedCustomer(admin, ada!, shopId, cal!, { name: 'Cal Customer', address: '1 Harbour Road', phone: '+47 555 01 234' });

  const laptop = await device(browser, baseURL!, cal!);
  await acceptCustomerInvitation(laptop.page, shop);
  await test.step('the portal’s profile offers the language; Deutsch turns the portal German', async () => {
    await laptop.page.goto('/portal/profile');
    await waitForAppStart(laptop.page);
    await laptop.page.getByLabel('Language of the app').selectOption('de');
    await expect(html(laptop.page)).toHaveAttribute('lang', 'de');
    await expect(laptop.page.getByLabel('Sprache der App')).toHaveValue('de');
    expect(await violations(laptop.page)).toEqual([]);
    await fitsPhone(laptop.page, 'the portal’s profile in German');
  });

  await test.step('a second device of Cal’s: its welcome page, then the portal, in German', async () => {
    const phone = await device(browser, baseURL!, cal!);
    // The account's language reaches the first page after the sign-in (the welcome page follows it too).
    await expect(html(phone.page)).toHaveAttribute('lang', 'de', { timeout: 30_000 });
    await phone.page.getByRole('region', { name: `Dein Portal von ${shop}` }).getByRole('button', { name: 'Portal öffnen' }).click();
    await expect.poll(() => new URL(phone.page.url()).pathname, { timeout: 30_000 }).toBe('/portal');
    await expect(html(phone.page)).toHaveAttribute('lang', 'de', { timeout: 30_000 });
    await phone.context.close();
  });

  await laptop.context.close();
  await admin.context.close();
});
