import { expect, test, type Page } from '@playwright/test';
import { accounts, badge, createShop, device, runTag, shown, synced, syncStatus, type Row } from './support/team-devices';
import { acceptCustomerInvitation } from './support/customer';
import { invitedCustomer, orderFields } from './support/team-records';
import { queueUnknownWrite } from './support/outbox';
import { fitsPhone } from './support/phone';
import { violations } from './support/axe';
import { waitForAppStart } from './support/session';
import { isPendingId } from '../../domain/sync/pending';

// A customer's changes the shop did not take (docs/sync.md, "Customers"): the portal has a Sync
// page of its own, where their header's "changes to review" and "change stuck" lead (the team's
// Settings → Sync is not theirs). A cancellation refused because the shop shipped the order
// meanwhile is seen there and dismissed; a change stuck on the device is retried, then discarded.

const UNKNOWN = 'POST /api/loyalty-cards';
const pathOf = (page: Page) => new URL(page.url()).pathname;

test.describe('a customer’s refused and stuck changes (an admin and a customer, a real shop server)', () => {
  test.setTimeout(300_000);

  test('the customer’s refused cancellation is listed on the portal’s Sync page and dismissed; a stuck change is retried, then discarded there', async ({ browser, baseURL }) => {
    const [ada, cal] = await accounts('Ada', 'Cal');
    const shop = `Sync Portal ${runTag}`;
    const admin = await device(browser, baseURL!, ada!);
    await createShop(admin.page, shop);
    const shopId = (await syncStatus(admin)).shopId!;
    const calRecord = await invitedCustomer(admin, ada!, shopId, cal!, { name: 'Cal Customer', address: '1 Harbour Road, Bergen', phone: '+47 555 01 234' });
    const customerOf = { id: calRecord.id, name: calRecord.name, email: calRecord.email, phone: calRecord.phone };
    expect((await admin.api('POST', '/api/orders/bulk', { orders: [{ ...orderFields, status: 'new', customer: customerOf, statusHistory: undefined }] })).status).toBe(201);
    await synced(admin);
    await expect.poll(async () => (await shown(admin)).orders.every((order) => !isPendingId(order.id)), { timeout: 30_000 }).toBe(true);
    const order = (await shown(admin)).orders.find((row) => (row.customer as Row).id === calRecord.id)!;

    const customer = await device(browser, baseURL!, cal!);
    await acceptCustomerInvitation(customer.page, shop);
    await synced(customer);

    await test.step('offline, Cal cancels his new order while the shop ships it: back online, the refusal is “1 change to review”, which opens the portal’s Sync page', async () => {
      await customer.page.goto(`/portal/orders/${order.id}`);
      await waitForAppStart(customer.page);
      await expect(customer.page.getByTestId('order-status')).toHaveText('New');
      await customer.context.setOffline(true);
      await customer.page.getByRole('button', { name: 'Cancel order' }).click();
      await customer.page.getByRole('dialog', { name: `Cancel order ${order.invoiceId as string}?` }).getByRole('button', { name: 'Cancel order' }).click();
      await expect(customer.page.getByText(`Order ${order.invoiceId as string} was cancelled`)).toBeVisible();
      expect((await admin.api('PATCH', `/api/orders?id=${order.id}`, { status: 'shipping' })).status).toBe(200);
      await synced(admin);
      await customer.context.setOffline(false);
      expect((await customer.api('POST', '/api/sync/retry', {})).status).toBe(200);
      const review = customer.page.getByRole('banner').getByTestId('unseen-conflicts');
      await expect(review).toHaveAccessibleName('1 change to review: open the Sync page', { timeout: 60_000 });
      // The shop's order is back on his device as the shop keeps it: shipping.
      await expect.poll(async () => (await shown(customer)).orders.find((row) => row.id === order.id)?.status, { timeout: 30_000 }).toBe('shipping');
      await review.click();
      await expect.poll(() => pathOf(customer.page)).toBe('/portal/sync');
      await expect(customer.page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
      // Still the portal's shell (not the team's, which a customer never sees).
      await expect(customer.page.getByRole('navigation', { name: 'Portal' })).toBeVisible();
      const list = customer.page.getByRole('list', { name: 'Refused and overwritten changes' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list).toContainText(`Delete orders #${order.id}`);
      await expect(list).toContainText('The server refused it');
      // Opened: the header's count goes.
      await expect(review).toHaveCount(0);
      expect(await violations(customer.page)).toEqual([]);
    });

    await test.step('dismissed after a confirmation: the list is empty', async () => {
      await customer.page.getByRole('button', { name: `Dismiss: Delete orders #${order.id}` }).click();
      const dialog = customer.page.getByRole('dialog');
      await expect(dialog).toContainText('Your refused change is forgotten');
      await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
      await expect(customer.page.getByText('Nothing to look at: every change this device sent was applied as it made it.')).toBeVisible();
    });

    await test.step('a change of another app version is stuck first in his outbox, his profile edit behind it: the badge links to the portal’s Sync page', async () => {
      await queueUnknownWrite(customer.page, shopId, UNKNOWN);
      await customer.page.goto('/portal/profile');
      await waitForAppStart(customer.page);
      await customer.page.getByLabel('Phone').fill('+47 555 77 777');
      await customer.page.getByRole('button', { name: 'Save profile' }).click();
      await expect(customer.page.getByText('Your profile was saved')).toBeVisible();
      await expect(badge(customer.page)).toContainText('1 change stuck', { timeout: 60_000 });
      await customer.page.setViewportSize({ width: 390, height: 844 });
      await customer.page.getByRole('banner').getByRole('link', { name: '1 change stuck: review it on the Sync page' }).click();
      await expect.poll(() => pathOf(customer.page)).toBe('/portal/sync');
      const notice = customer.page.getByRole('region', { name: 'A change is stuck on this device' });
      await expect(notice).toContainText(`This change could not be sent: Unknown mutation name: ${UNKNOWN}.`);
      await expect(notice).toContainText('1 change made after it waits behind it');
      await fitsPhone(customer.page, '/portal/sync');
      expect(await violations(customer.page)).toEqual([]);
    });

    await test.step('Retry: still not sent; Discard (confirmed): his profile edit reaches the shop, the discarded change is listed', async () => {
      const notice = customer.page.getByRole('region', { name: 'A change is stuck on this device' });
      await notice.getByRole('button', { name: 'Retry now: Create loyalty-cards' }).click();
      await expect(customer.page.getByText(`Still not sent: Unknown mutation name: ${UNKNOWN}`)).toBeVisible();
      await expect(notice).toBeVisible();
      await notice.getByRole('button', { name: 'Discard: Create loyalty-cards' }).click();
      const dialog = customer.page.getByRole('dialog');
      await expect(dialog).toContainText('Discard this change?');
      await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
      await expect(notice).toHaveCount(0, { timeout: 30_000 });
      await expect(customer.page.getByRole('list', { name: 'Refused and overwritten changes' })).toContainText('Discarded by you');
      await synced(customer);
      await synced(admin);
      await expect.poll(async () => (await shown(admin)).users.find((user) => user.id === calRecord.id)?.phone, { timeout: 30_000 }).toBe('+47 555 77 777');
    });

    await test.step('the account menu leads to the Sync page too; the team’s Settings → Sync sends him to the portal', async () => {
      await customer.page.goto('/portal');
      await waitForAppStart(customer.page);
      await customer.page.getByRole('button', { name: 'Account menu' }).click();
      await customer.page.getByRole('link', { name: 'Sync', exact: true }).click();
      await expect.poll(() => pathOf(customer.page)).toBe('/portal/sync');
      await customer.page.goto('/settings/sync');
      await waitForAppStart(customer.page);
      await expect.poll(() => pathOf(customer.page)).toBe('/portal');
    });

    await admin.context.close();
    await customer.context.close();
  });
});
