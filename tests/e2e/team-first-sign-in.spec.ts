import { expect, test, type Page } from '@playwright/test';
import { accounts, createShop, device, runTag, shown, syncStatus } from './support/team-devices';
import { invitedCustomer } from './support/team-records';
import { fitsPhone } from './support/phone';
import { violations } from './support/axe';
import { waitForAppStart } from './support/session';

// An account's first sign-in on a team build (src/lib/first-access.ts): without team access it
// never meets the team's dashboard and its sample data. With no shop at all the page says so and
// what to do; a customer's invitation is the portal's accept step; a customer who joined on
// another device opens the portal from it.

const pathOf = (page: Page) => new URL(page.url()).pathname;

test.describe('the first sign-in of an account without team access (a real shop server)', () => {
  test.setTimeout(300_000);

  test('no shop: a clear page, no dashboard; invited as a customer meanwhile: Check again shows the accept step, which opens the portal; on a second device: Open the portal', async ({ browser, baseURL }) => {
    const [ada, dee] = await accounts('Ada', 'Dee');
    const shop = `Welcome Shop ${runTag}`;

    const customer = await device(browser, baseURL!, dee!);
    await test.step('Dee, in no shop, is told so plainly: no dashboard, no sample data; the admin addresses send here too', async () => {
      await expect(customer.page.getByRole('heading', { level: 1, name: 'No shop yet' })).toBeVisible();
      expect(pathOf(customer.page)).toBe('/welcome');
      await expect(customer.page.getByRole('main')).toContainText(`Ask the shop to invite ${dee!.email}`);
      await expect(customer.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      for (const path of ['/dashboard', '/users', '/settings/team', '/portal']) {
        await customer.page.goto(path);
        await waitForAppStart(customer.page);
        await expect.poll(() => pathOf(customer.page), { message: path }).toBe('/welcome');
      }
      expect(await violations(customer.page)).toEqual([]);
      await customer.page.setViewportSize({ width: 390, height: 844 });
      await fitsPhone(customer.page, '/welcome');
      await customer.page.setViewportSize({ width: 1280, height: 800 });
    });

    const admin = await device(browser, baseURL!, ada!);
    await createShop(admin.page, shop);
    const shopId = (await syncStatus(admin)).shopId!;
    const deeRecord = await invitedCustomer(admin, ada!, shopId, dee!, { name: 'Dee Customer', address: '2 Quay Street, Oslo', phone: '+47 555 02 345' });

    await test.step('invited meanwhile: Check again shows the portal’s accept step; Accept opens the portal with the shop’s name', async () => {
      await customer.page.getByRole('button', { name: 'Check again' }).click();
      await expect(customer.page.getByRole('heading', { level: 1, name: `${shop} invites you` })).toBeVisible();
      expect(await violations(customer.page)).toEqual([]);
      await customer.page.getByRole('region', { name: `Invitation from ${shop}` }).getByRole('button', { name: 'Accept and open the portal' }).click();
      await expect.poll(() => pathOf(customer.page), { timeout: 30_000 }).toBe('/portal');
      await expect(customer.page.getByTestId('portal-shop-name')).toHaveText(shop);
      // The first pull brings her own record (only hers).
      await expect.poll(async () => (await shown(customer)).users.map((user) => user.id), { timeout: 60_000 }).toEqual([deeRecord.id]);
    });

    await test.step('on a second device of Dee’s, the first screen offers the portal she joined: Open the portal', async () => {
      const second = await device(browser, baseURL!, dee!);
      await expect(second.page.getByRole('heading', { level: 1, name: 'Your shops' })).toBeVisible();
      await expect(second.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await second.page.getByRole('region', { name: `Your portal of ${shop}` }).getByRole('button', { name: 'Open the portal' }).click();
      await expect.poll(() => pathOf(second.page), { timeout: 30_000 }).toBe('/portal');
      // The first pull brings her own record (only hers).
      await expect.poll(async () => (await shown(second)).users.map((user) => user.id), { timeout: 60_000 }).toEqual([deeRecord.id]);
      await second.context.close();
    });

    await admin.context.close();
    await customer.context.close();
  });
});
