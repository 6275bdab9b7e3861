import { expect, test, type Page } from '@playwright/test';
import { accounts, createShop, device, runTag, syncStatus } from './support/team-devices';
import { acceptCustomerInvitation } from './support/customer';
import { invitedCustomer } from './support/team-records';
import { waitForAppStart } from './support/session';

// The worker's precache in groups (build/precache-groups.ts, sw/admin-screens.ts): a customer's
// device precaches the portal's and the shared code, never the team's screens'; a team device
// caches the team's screens once it shows the team's shell, and opens them offline.

/** The precache manifest the worker was built with (its URLs absolute), split by group. */
async function manifestGroups(page: Page) {
  return page.evaluate(async () => {
    const source = await (await fetch('/sw.js')).text();
    const entries = [...source.matchAll(/\{[^{}]*"url":"[^"]*"[^{}]*\}/g)].map((match) => JSON.parse(match[0]) as { url: string; group?: string });
    const absolute = (url: string) => new URL(url, location.origin + '/').href;
    return {
      admin: entries.filter((entry) => entry.group === 'admin').map((entry) => absolute(entry.url)),
      rest: entries.filter((entry) => entry.group !== 'admin').map((entry) => absolute(entry.url)),
    };
  });
}

/** Every URL in the device's Cache Storage (the worker's caches). */
async function cachedUrls(page: Page): Promise<Set<string>> {
  const urls = await page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      // Workbox keys a precached file with its revision as a query (`?__WB_REVISION__=…`).
      for (const request of await cache.keys()) all.push(request.url.replace(/[?&]__WB_REVISION__=[^&]*$/, ''));
    }
    return all;
  });
  return new Set(urls);
}

test.describe('the worker’s precache by device (an admin and a customer, a real shop server)', () => {
  test.setTimeout(300_000);

  test('a customer’s device holds the portal’s and shared code and none of the team’s screens; a team device caches those screens and opens one offline', async ({ browser, baseURL }) => {
    const [ada, cal] = await accounts('Ada', 'Cal');
    const shop = `Precache Shop ${runTag}`;
    const admin = await device(browser, baseURL!, ada!);
    await createShop(admin.page, shop);
    const shopId = (await syncStatus(admin)).shopId!;
    await invitedCustomer(admin, ada!, shopId, cal!, { name: 'Cal Customer', address: '1 Harbour Road, Bergen', phone: '+47 555 01 234' });
    const groups = await manifestGroups(admin.page);
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
