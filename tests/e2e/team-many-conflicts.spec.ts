import { expect, test } from '@playwright/test';
import { acceptAndUse, accounts, createShop, device, invite, runTag, synced } from './support/team-devices';
import { productBody, userBody } from './support/team-records';
import { waitForAppStart } from './support/session';
import { violations } from './support/axe';

// The Sync page after days apart (docs/sync.md, "The Sync page"), in browsers against a real shop
// server: a viewer's device makes 55 users and 5 products offline, all refused by the server once
// it is back. The header counts the 60 entries until the Sync page is opened; the page lists 50
// a page, filters by kind and type in its URL, and dismisses many at once after a confirmation,
// from the keyboard, on a phone's width without sideways scrolling.

const USERS = 55;
const PRODUCTS = 5;

test.describe('many refused changes on the Sync page (a viewer’s device, a real shop server)', () => {
  test.setTimeout(300_000);

  test('counted in the header until the page is opened; paged, filtered by kind and type, selected on the page or all matching, dismissed together', async ({ browser, baseURL }) => {
    const [olga, vic] = await accounts('Olga', 'Vic');
    const shop = `Many Conflicts Shop ${runTag}`;
    const owner = await device(browser, baseURL!, olga!);
    const viewer = await device(browser, baseURL!, vic!);
    await createShop(owner.page, shop);
    await invite(owner.page, shop, vic!.email, 'viewer');
    await acceptAndUse(viewer.page, shop);
    await viewer.page.setViewportSize({ width: 390, height: 844 });

    await test.step('the viewer’s writes are all refused: the header counts them, a link to the Sync page', async () => {
      // Made offline, as after days away, and sent together when the device is back.
      await viewer.context.setOffline(true);
      for (let i = 0; i < USERS; i++) {
        const made = await viewer.api('POST', '/api/users', userBody(`Field ${i} ${runTag}`));
        expect(made.status, `user ${i}: ${JSON.stringify(made.body)}`).toBe(201);
      }
      for (let i = 0; i < PRODUCTS; i++) {
        const made = await viewer.api('POST', '/api/products', productBody(`FLD-${i}-${runTag}`));
        expect(made.status, `product ${i}: ${JSON.stringify(made.body)}`).toBe(201);
      }
      await viewer.context.setOffline(false);
      await synced(viewer);
      await viewer.page.goto('/users');
      await waitForAppStart(viewer.page);
      const count = viewer.page.getByRole('banner').getByRole('link', { name: `${USERS + PRODUCTS} changes to review: open the Sync page` });
      await expect(count).toBeVisible({ timeout: 30_000 });
      await count.click();
      await expect(viewer.page).toHaveURL(/\/settings\/sync$/);
      await expect(viewer.page.getByRole('banner').getByTestId('unseen-conflicts')).toHaveCount(0, { timeout: 30_000 });
    });

    const list = viewer.page.getByRole('list', { name: 'Refused and overwritten changes' }).getByRole('listitem');
    const pages = viewer.page.getByRole('navigation', { name: 'Pages of the list' });

    await test.step('50 a page, the next page with the rest', async () => {
      await expect(list).toHaveCount(50);
      await expect(pages).toContainText(`Showing 1–50 of ${USERS + PRODUCTS}`);
      await expect(pages).toContainText('Page 1 of 2');
      await pages.getByRole('button', { name: 'Next page' }).click();
      await expect(viewer.page).toHaveURL(/[?&]page=2/);
      await expect(list).toHaveCount(USERS + PRODUCTS - 50);
      expect(await viewer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    await test.step('filtered by kind and type, in the URL', async () => {
      await viewer.page.getByLabel('Kind').selectOption('products');
      await expect(viewer.page).toHaveURL(/kind=products/);
      await expect(viewer.page).not.toHaveURL(/page=2/);
      await expect(list).toHaveCount(PRODUCTS);
      await expect(list.first()).toContainText('Create products');
      await viewer.page.getByLabel('Show').selectOption('overwritten');
      await expect(viewer.page.getByText('No entry matches these filters.')).toBeVisible();
      await viewer.page.getByRole('button', { name: 'Show every entry' }).click();
      await expect(list).toHaveCount(50);
    });

    await test.step('all on the page, then all matching, dismissed together after a confirmation, from the keyboard', async () => {
      await viewer.page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      const selection = viewer.page.getByRole('region', { name: 'Selection' });
      await expect(selection).toContainText('50 selected');
      await selection.getByRole('button', { name: `Select all ${USERS + PRODUCTS} matching` }).click();
      await expect(selection).toContainText(`${USERS + PRODUCTS} selected`);
      // Unticking one leaves the others.
      await list.first().getByRole('checkbox').uncheck();
      await expect(selection).toContainText(`${USERS + PRODUCTS - 1} selected`);
      expect(await violations(viewer.page)).toEqual([]);
      const dismiss = selection.getByRole('button', { name: `Dismiss ${USERS + PRODUCTS - 1}…` });
      await dismiss.focus();
      await viewer.page.keyboard.press('Enter');
      const dialog = viewer.page.getByRole('alertdialog').or(viewer.page.getByRole('dialog'));
      await expect(dialog).toContainText(`Dismiss ${USERS + PRODUCTS - 1} entries?`);
      await dialog.getByRole('button', { name: 'Dismiss' }).focus();
      await viewer.page.keyboard.press('Enter');
      await expect(list).toHaveCount(1);
      await expect(pages).toContainText('Showing 1–1 of 1');
      expect(await viewer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});
