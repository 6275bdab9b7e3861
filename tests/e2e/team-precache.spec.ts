import { expect, test } from '@playwright/test';
import { accounts, createShop, device, runTag, syncStatus } from './support/team-devices';
import { acceptCustomerInvitation } from './support/customer';
import { invitedCustomer } from './support/team-records';
import { waitForAppStart } from './support/session';
import { cachedUrls, manifestByGroup } from './support/precache';

// The worker's precache in groups (build/precache-groups.ts, sw/precache-group.ts): a customer's
// device precaches the portal's and the shared code, never the team's screens'; a team device
// caches the team's screens once it shows the team's shell, and opens them offline.

test.describe('the worker’s precache by device (an admin and a customer, a real shop server)', () => {
  test.setTimeout(300_000);

  test('a customer’s device holds the portal’s and shared code and none of the team’s screens; a team device caches those screens and opens one offline', async ({ browser, baseURL }) => {
    const [ada, cal] = await accounts('Ada', 'Cal');
    const shop = `Precache Shop ${runTag}`;
    const admin = await device(browser, baseURL!, ada!);
    await createShop(admin.page, shop);
    const shopId = (await syncStatus(admin)).shopId!;
    await invitedCustomer(admin, ada!, shopId, cal!, { name: 'Cal Customer', address: '1 Harbour Road, Bergen', phone: '+47 555 01 234' });
    const manifest = await manifestByGroup(admin.page);
    const groups = { admin: manifest.admin ?? [], rest: manifest[''] ?? [] };
    // The team's screens are a group of their own; the portal's and the shared code the rest.
    expect(groups.admin.length).toBeGreaterThan(20);
    expect(groups.admin.some((url) => /\/assets\/users-[\w-]+\.js$/.test(url))).toBe(true);
    expect(groups.rest.some((url) => /\/assets\/portal-[\w-]+\.js$/.test(url))).toBe(true);

    await test.step('the team device caches the team’s screens once it shows its shell', async () => {
      await expect.poll(async () => { const cached = await cachedUrls(admin.page); return groups.admin.filter((url) => !cached.has(url)); }, { timeout: 60_000 }).toEqual([]);
      const cached = await cachedUrls(admin.page);
      expect(groups.rest.filter((url) => url.endsWith('.js') && !cached.has(url))).toEqual([]);
    });

    await test.step('offline, the team device opens a screen it has not visited: its code comes from the cache', async () => {
      await admin.context.setOffline(true);
      await admin.page.goto('/products');
      await waitForAppStart(admin.page);
      await expect(admin.page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible({ timeout: 30_000 });
      await admin.context.setOffline(false);
    });

    await test.step('the customer’s device holds every file of the portal’s and the shared code, and none of the team’s screens, even after an admin address', async () => {
      const customer = await device(browser, baseURL!, cal!);
      await acceptCustomerInvitation(customer.page, shop);
      await customer.page.goto('/users');
      await waitForAppStart(customer.page);
      await expect.poll(() => new URL(customer.page.url()).pathname).toBe('/portal');
      await customer.page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'My orders' }).click();
      await expect(customer.page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
      const cached = await cachedUrls(customer.page);
      expect(groups.rest.filter((url) => url.endsWith('.js') && !cached.has(url))).toEqual([]);
      expect(groups.admin.filter((url) => cached.has(url))).toEqual([]);
      expect((await customer.page.evaluate(() => caches.keys())).some((name) => name.includes('admin-screens'))).toBe(false);
      await customer.context.close();
    });

    await admin.context.close();
  });
});
