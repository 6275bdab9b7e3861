import { expect, test, type Page } from '@playwright/test';
import { accounts, createShop, device, runTag, shown, signIn, synced, syncStatus, type Row } from './support/team-devices';
import { invoiceBody, orderFields, productBody, serverRequest } from './support/team-records';
import { fitsPhone } from './support/phone';
import { violations } from './support/axe';
import { waitForAppStart } from './support/session';
import { acceptCustomerInvitation } from './support/customer';
import { isPendingId } from '../../domain/sync/pending';

// A shop's customer on a device of their own (docs/sync.md "Customers"; the portal: docs/using-the-app.md):
// invited from their user record, they accept in Settings → Team and land in /portal, which shows
// only their slice; the admin's change of their order shows live; admin routes send them to the
// portal; revoked, their device drops the shop.

const customerBody = (name: string, email: string) => ({ name, email, role: 'Customer', status: 'verified', address: '1 Harbour Road, Bergen', phone: '+47 555 01 234' });
const orderFor = (customer: Row, status: string) => ({
  ...orderFields,
  status,
  customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
  statusHistory: undefined,
});

/** The page's path (the router's, without the origin). */
const pathOf = (page: Page) => new URL(page.url()).pathname;

test.describe('the customer portal (an admin and a customer, a real shop server)', () => {
  test.setTimeout(300_000);

  test('a customer invited from their record accepts, lands in /portal with only their records, follows a shipment live, cancels an order, edits their profile; admin routes send them to the portal; revoked, the device drops the shop', async ({ browser, baseURL }) => {
    const [ada, cal] = await accounts('Ada', 'Cal');
    const shop = `Portal Shop ${runTag}`;
    const admin = await device(browser, baseURL!, ada!);
    await createShop(admin.page, shop);
    // The shop: Cal's record and another customer's, a product, orders of both, an invoice for Cal.
    expect((await admin.api('POST', '/api/users', customerBody('Cal Customer', cal!.email))).status).toBe(201);
    expect((await admin.api('POST', '/api/users', customerBody('Dora Other', `dora-${runTag}@example.com`))).status).toBe(201);
    expect((await admin.api('POST', '/api/products', productBody(`PORTAL-${runTag}`))).status).toBe(201);
    await synced(admin);
    // The records as the server numbered them (a record made on this device has a pending id until its push is answered).
    await expect.poll(async () => (await shown(admin)).users.every((user) => !isPendingId(user.id)), { timeout: 30_000 }).toBe(true);
    const before = await shown(admin);
    const calRecord = before.users.find((user) => user.name === 'Cal Customer')!;
    const doraRecord = before.users.find((user) => user.name === 'Dora Other')!;
    const product = before.products.find((row) => row.code === `PORTAL-${runTag}`)!;
    const orders = [orderFor(calRecord, 'pending'), orderFor(calRecord, 'new'), orderFor(doraRecord, 'pending')];
    expect((await admin.api('POST', '/api/orders/bulk', { orders })).status).toBe(201);
    expect((await admin.api('POST', '/api/invoices', invoiceBody(calRecord, product))).status).toBe(201);
    await synced(admin);
    await expect.poll(async () => { const state = await shown(admin); return [...state.orders, ...state.invoices].every((row) => !isPendingId(row.id)); }, { timeout: 30_000 }).toBe(true);
    const shopState = await shown(admin);
    const calOrders = shopState.orders.filter((order) => (order.customer as Row).id === calRecord.id);
    expect(calOrders).toHaveLength(2);
    const [pendingOrder, newOrder] = [calOrders.find((order) => order.status === 'pending')!, calOrders.find((order) => order.status === 'new')!];
    const calInvoice = shopState.invoices.find((invoice) => (invoice.customer as Row).id === calRecord.id)!;
    const shopId = (await syncStatus(admin)).shopId!;

    // The admin invites Cal's record to the portal (the server's API: the invitation goes to the record's email).
    const invited = await serverRequest(ada!, 'POST', `/v1/shops/${shopId}/customers`, { userId: calRecord.id });
    expect(invited.status, JSON.stringify({ answer: invited.body, record: calRecord })).toBe(201);

    // Cal signs in on a device of his own: his first screen is the portal's accept step (no dashboard); he accepts and lands in the portal.
    const customer = await device(browser, baseURL!, cal!);
    await expect(customer.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await acceptCustomerInvitation(customer.page, shop);
    expect((await customer.api('GET', '/api/sync/shop')).body.shop).toMatchObject({ shopId, role: 'customer', customerId: String(calRecord.id) });
    const openOrders = customer.page.getByRole('region', { name: 'Open orders' });
    await expect(openOrders.getByRole('link', { name: `Order ${pendingOrder.invoiceId as string}` })).toBeVisible({ timeout: 60_000 });
    await expect(customer.page.getByRole('region', { name: 'Recent invoices' }).getByRole('link', { name: `Invoice ${calInvoice.id}` })).toBeVisible();
    // Only his slice is on the device: his two orders, his invoice, his own record.
    await synced(customer);
    const slice = await shown(customer);
    expect(slice.orders.map((order) => order.id).sort()).toEqual(calOrders.map((order) => order.id).sort());
    expect(slice.invoices.map((invoice) => invoice.id)).toEqual([calInvoice.id]);
    expect(slice.users.map((user) => user.id)).toEqual([calRecord.id]);
    expect(await violations(customer.page)).toEqual([]);

    // My orders, filtered: the list and the filter in the address.
    await customer.page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'My orders' }).click();
    await expect(customer.page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(customer.page.getByRole('region', { name: 'All orders' }).getByRole('listitem')).toHaveCount(2);
    await customer.page.getByLabel('Status').selectOption('new');
    await expect(customer.page).toHaveURL(/\/portal\/orders\?status=new$/);
    await expect(customer.page.getByRole('region', { name: 'New' }).getByRole('listitem')).toHaveCount(1);

    // His pending order's page; the admin ships it: the page shows it live (no reload).
    await customer.page.goto(`/portal/orders/${pendingOrder.id}`);
    await waitForAppStart(customer.page);
    await expect(customer.page.getByRole('heading', { level: 1, name: `Order ${pendingOrder.invoiceId as string}` })).toBeVisible();
    await expect(customer.page.getByTestId('order-status')).toHaveText('Pending');
    await expect(customer.page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    expect(await violations(customer.page)).toEqual([]);
    expect((await admin.api('PATCH', `/api/orders?id=${pendingOrder.id}`, { status: 'shipping' })).status).toBe(200);
    await expect(customer.page.getByTestId('order-status')).toHaveText('Shipping', { timeout: 30_000 });
    await expect(customer.page.getByTestId('order-timeline').locator('[aria-current="step"]')).toContainText('Shipped');
    // Shipping: no longer his to cancel.
    await expect(customer.page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    // He cancels his new order, after a confirmation: it leaves his orders and reaches the shop.
    await customer.page.goto(`/portal/orders/${newOrder.id}`);
    await waitForAppStart(customer.page);
    await customer.page.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = customer.page.getByRole('dialog', { name: `Cancel order ${newOrder.invoiceId as string}?` });
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await expect(customer.page.getByText(`Order ${newOrder.invoiceId as string} was cancelled`)).toBeVisible();
    await expect.poll(() => pathOf(customer.page)).toBe('/portal/orders');
    await synced(customer);
    await expect.poll(async () => (await shown(admin)).orders.map((order) => order.id), { timeout: 30_000 }).not.toContain(newOrder.id);

    // His invoice: the document and its PDF.
    await customer.page.goto(`/portal/invoices/${calInvoice.id}`);
    await waitForAppStart(customer.page);
    await expect(customer.page.getByRole('heading', { level: 1, name: `Invoice ${calInvoice.id}` })).toBeVisible();
    const download = customer.page.waitForEvent('download');
    await customer.page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`${calInvoice.id}.pdf`);

    // His profile: the phone changed here reaches the shop; the email is shown, not editable.
    await customer.page.goto('/portal/profile');
    await waitForAppStart(customer.page);
    await expect(customer.page.getByRole('main')).toContainText(cal!.email);
    await expect(customer.page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await customer.page.getByLabel('Phone').fill('+47 555 99 999');
    await customer.page.getByRole('button', { name: 'Save profile' }).click();
    await expect(customer.page.getByText('Your profile was saved')).toBeVisible();
    await synced(customer);
    await expect.poll(async () => (await shown(admin)).users.find((user) => user.id === calRecord.id)?.phone, { timeout: 30_000 }).toBe('+47 555 99 999');

    // A phone: no portal page scrolls sideways; none has an axe violation.
    for (const path of ['/portal', '/portal/orders', `/portal/orders/${pendingOrder.id}`, '/portal/invoices', `/portal/invoices/${calInvoice.id}`, '/portal/profile']) {
      await customer.page.goto(path);
      await waitForAppStart(customer.page);
      await expect(customer.page.getByRole('heading', { level: 1 })).toBeVisible();
      await fitsPhone(customer.page, path);
      expect(await violations(customer.page), path).toEqual([]);
    }

    // The admin screens do not exist for him: their addresses, and the start page, send him to the portal.
    for (const path of ['/users', '/dashboard', '/settings/team', '/']) {
      await customer.page.goto(path);
      await waitForAppStart(customer.page);
      await expect.poll(() => pathOf(customer.page), { message: path }).toBe('/portal');
    }
    // Signed out (the account menu, a confirmation) and in again: he lands in the portal.
    await customer.page.goto('/portal');
    await waitForAppStart(customer.page);
    await customer.page.getByRole('button', { name: 'Account menu' }).click();
    await customer.page.getByRole('button', { name: 'Sign out' }).click();
    await customer.page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => pathOf(customer.page)).toBe('/login');
    await signIn(customer.page, cal!);
    await expect.poll(() => pathOf(customer.page), { timeout: 30_000 }).toBe('/portal');
    await expect(customer.page.getByRole('region', { name: 'Open orders' }).getByRole('link', { name: `Order ${pendingOrder.invoiceId as string}` })).toBeVisible();

    // The keyboard: the skip link first, to the main content; the portal's navigation by Tab.
    await customer.page.goto('/portal');
    await waitForAppStart(customer.page);
    await customer.page.keyboard.press('Tab');
    await expect(customer.page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await customer.page.keyboard.press('Enter');
    await expect(customer.page.locator('#main-content')).toBeFocused();
    const nav = customer.page.getByRole('navigation', { name: 'Portal' });
    await nav.getByRole('link', { name: 'My invoices' }).focus();
    await customer.page.keyboard.press('Enter');
    await expect(customer.page.getByRole('heading', { level: 1, name: 'My invoices' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My invoices' })).toHaveAttribute('aria-current', 'page');

    // The admin's device has no portal: /portal sends it to the dashboards.
    await admin.page.goto('/portal');
    await waitForAppStart(admin.page);
    await expect(admin.page.getByRole('navigation', { name: 'Portal' })).toHaveCount(0);
    await expect.poll(() => pathOf(admin.page)).not.toMatch(/^\/portal/);

    // The admin revokes him: at its next contact with the server his device drops the shop and leaves the portal.
    const members = await serverRequest(ada!, 'GET', `/v1/shops/${shopId}/members`);
    const calUid = (members.body.customers as Array<{ uid: string; userId: number }>).find((c) => c.userId === calRecord.id)!.uid;
    expect((await serverRequest(ada!, 'DELETE', `/v1/shops/${shopId}/members/${calUid}`)).status).toBe(204);
    await customer.page.goto('/portal');
    await waitForAppStart(customer.page);
    expect((await customer.api('POST', '/api/sync/retry', {})).status).toBe(200);
    await expect.poll(() => pathOf(customer.page), { timeout: 60_000 }).not.toMatch(/^\/portal/);
    await expect(customer.page.getByRole('banner')).toContainText(`Removed from ${shop}`);
    expect((await customer.api('GET', '/api/sync/shop')).body.shop).toBeNull();
    // The device works on the account's own data again: nothing of the shop's is left (its own sample records have other names).
    const after = await shown(customer);
    expect(after.orders.filter((order) => (order.customer as Row).name === 'Cal Customer')).toEqual([]);
    expect(after.invoices.filter((invoice) => (invoice.customer as Row).name === 'Cal Customer')).toEqual([]);
    expect(after.users.filter((user) => user.name === 'Cal Customer')).toEqual([]);
    await customer.page.goto('/portal');
    await waitForAppStart(customer.page);
    await expect(customer.page.getByRole('navigation', { name: 'Portal' })).toHaveCount(0);
    await expect.poll(() => pathOf(customer.page)).not.toMatch(/^\/portal/);

    await admin.context.close();
    await customer.context.close();
  });
});
