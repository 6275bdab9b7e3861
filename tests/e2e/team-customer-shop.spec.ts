import { expect, test, type Page } from '@playwright/test';
import { isPendingId } from '../../domain/sync/pending';
import { accounts, badge, createShop, device, runTag, shown, synced, syncStatus, type Row } from './support/team-devices';
import { orderFields, productBody, serverCall } from './support/team-records';
import { fitsPhone } from './support/phone';
import { violations } from './support/axe';
import { waitForAppStart } from './support/session';
import { acceptCustomerInvitation } from './support/customer';

// The customer's shop and support (docs/using-the-app.md, "The customer portal: invitations,
// Shop, cart and Support"): an owner invites a customer from their user's page; the customer
// shops, reviews what was delivered to them, and, offline, opens a ticket and places two orders, one of a product the owner takes off
// sale meanwhile; back online the owner sees the ticket and the other order and replies, and the
// customer sees the reply and the refused order with what to do; the owner revokes their access.

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function go(page: Page, path: string) {
  await page.goto(path);
  await waitForAppStart(page);
}

test.describe('the customer portal’s shop and support (an owner and a customer, a real shop server)', () => {
  test.setTimeout(300_000);

  test('invited from their user page, a customer shops and reviews; offline they open a ticket and place two orders; online again the owner sees the ticket and the order still for sale and replies, the customer sees the reply and the other order refused with what to do; revoked from the user page', async ({ browser, baseURL }) => {
    const [olga, kim] = await accounts('Olga', 'Kim');
    const shop = `Corner Shop ${runTag}`;
    const owner = await device(browser, baseURL!, olga!);
    await createShop(owner.page, shop);
    const shopId = (await syncStatus(owner)).shopId!;

    // Kim's record, a product for sale, and a delivered order of Kim's with it (so Kim may review it).
    const kimBody = { name: 'Kim Lee', email: kim!.email, role: 'Customer', status: 'verified', address: '4 Quay Street, Bergen', phone: '+47 555 01 777' };
    expect((await owner.api('POST', '/api/users', kimBody)).status).toBe(201);
    const code = `CS-${runTag}`;
    expect((await owner.api('POST', '/api/products', { ...productBody(code), title: `Harbour Jacket ${runTag}` })).status).toBe(201);
    expect((await owner.api('POST', '/api/products', { ...productBody(`${code}-S`), title: `Harbour Scarf ${runTag}` })).status).toBe(201);
    await synced(owner);
    const { users, products } = await shown(owner);
    const kimRecord = users.find((user) => user.name === 'Kim Lee')!;
    const product = products.find((row) => row.code === code)!;
    const scarf = products.find((row) => row.code === `${code}-S`)!;
    // The server's ids, which Kim's copy knows them by (a pending id is the owner's device's own).
    expect([kimRecord.id, product.id, scarf.id].filter(isPendingId)).toEqual([]);
    const delivered = {
      ...orderFields,
      status: 'delivered',
      deliveredAt: '2026-11-01T10:00:00.000Z',
      customer: { id: kimRecord.id, name: kimRecord.name, email: kimRecord.email, phone: kimRecord.phone },
      items: [{ id: product.id, name: product.title, image: product.featureImage, price: 71.99, quantity: 1 }],
      statusHistory: undefined,
    };
    expect((await owner.api('POST', '/api/orders/bulk', { orders: [delivered] })).status).toBe(201);
    await synced(owner);

    await test.step('the owner invites Kim from Kim’s user page: the invitation shows pending', async () => {
      await go(owner.page, `/users/${kimRecord.id}`);
      const portal = owner.page.getByRole('region', { name: 'Customer portal' });
      await expect(portal.getByTestId('portal-access-state')).toContainText('No access yet');
      await portal.getByRole('button', { name: 'Invite to the customer portal' }).click();
      await expect(portal.getByTestId('portal-access-state')).toContainText(`Invitation pending: sent to ${kim!.email.toLowerCase()}`);
      expect(await violations(owner.page)).toEqual([]);
      await fitsPhone(owner.page, 'a user’s page with the customer portal card');
    });

    const customer = await device(browser, baseURL!, kim!);
    await test.step('Kim’s first screen is the invitation (no dashboard); accepted, Kim lands in the portal; the owner sees Kim among the customers, apart from the team', async () => {
      await acceptCustomerInvitation(customer.page, shop);
      await synced(customer);

      await go(owner.page, `/users/${kimRecord.id}`);
      await expect(owner.page.getByRole('region', { name: 'Customer portal' }).getByTestId('portal-access-state')).toContainText('Has access');
      await go(owner.page, '/settings/team');
      const customers = owner.page.getByRole('region', { name: 'Customers in the portal' });
      await expect(customers.getByRole('listitem').filter({ hasText: kim!.email.toLowerCase() })).toContainText(`Kim Lee (user record #${kimRecord.id})`);
      // Not in the team's list.
      await expect(owner.page.getByRole('region', { name: `Members of ${shop}` }).getByRole('listitem').filter({ hasText: kim!.email.toLowerCase() })).toHaveCount(1);
      expect(await violations(owner.page)).toEqual([]);
      await fitsPhone(owner.page, 'Settings → Team with a customer');
    });

    await test.step('Kim finds the product in the Shop, reviews it (delivered to Kim) and puts two in the cart', async () => {
      await go(customer.page, '/portal/shop');
      await expect(customer.page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
      await customer.page.getByRole('searchbox', { name: 'Search products' }).fill('harbour jacket');
      await expect(customer.page).toHaveURL(/search=harbour(\+|%20)jacket/);
      await expect(customer.page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(1);
      expect(await violations(customer.page)).toEqual([]);
      await fitsPhone(customer.page, '/portal/shop');
      await customer.page.getByRole('link', { name: `Harbour Jacket ${runTag}` }).click();
      await expect(customer.page.getByRole('heading', { level: 1, name: `Harbour Jacket ${runTag}` })).toBeVisible();
      await expect(customer.page.getByText('$71.99').first()).toBeVisible();

      const form = customer.page.getByRole('form', { name: 'Write a review' });
      await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
      await form.getByLabel('Review').fill('Warm and well made.');
      await form.getByRole('button', { name: 'Publish review' }).click();
      const mine = customer.page.getByRole('region', { name: 'Your review' });
      await expect(mine).toContainText('Warm and well made.');
      await expect(mine.getByRole('button', { name: 'Edit my review' })).toBeVisible();
      expect(await violations(customer.page)).toEqual([]);
      await fitsPhone(customer.page, '/portal/shop/$productId');

      await customer.page.getByLabel('Quantity').fill('2');
      await customer.page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(customer.page.getByRole('link', { name: 'Cart (2)' })).toBeVisible();
      await synced(customer);
    });

    let ticketPath = '';
    await test.step('offline, Kim opens a ticket and places the order: both wait on the device', async () => {
      await customer.context.setOffline(true);
      await go(customer.page, '/portal/support');
      await expect(customer.page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
      const open = customer.page.getByRole('form', { name: 'Open a ticket' });
      await open.getByLabel('Category').selectOption('orders');
      await open.getByLabel('Subject').fill(`Gift wrapping ${runTag}`);
      await open.getByLabel('Message').fill('Could you wrap the jackets as a gift?');
      await open.getByRole('button', { name: 'Open ticket' }).click();
      await expect(customer.page.getByRole('heading', { level: 1, name: `Gift wrapping ${runTag}` })).toBeVisible();
      ticketPath = pathOf(customer.page);
      expect(isPendingId(Number(ticketPath.split('/').at(-1)))).toBe(true);
      await expect(customer.page.getByText('waiting to be sent to the shop')).toBeVisible();

      await go(customer.page, '/portal/cart');
      await expect(customer.page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
      await expect(customer.page.getByLabel('Delivery address')).toHaveValue('4 Quay Street, Bergen');
      await expect(customer.page.getByTestId('cart-total')).toHaveText('$143.98');
      expect(await violations(customer.page)).toEqual([]);
      await fitsPhone(customer.page, '/portal/cart');
      await customer.page.getByLabel('Payment method').selectOption('Visa Card');
      await customer.page.getByLabel('Last four digits of the card (optional)').fill('4242');
      await customer.page.getByRole('button', { name: /^Place order/ }).click();
      await expect(customer.page.getByRole('heading', { level: 1, name: 'Order saved: waiting to be sent' })).toBeVisible();
      await expect(badge(customer.page)).toContainText('2 changes');

      // A second order, of the scarf, which the owner takes off sale before it arrives.
      await go(customer.page, `/portal/shop/${scarf.id}`);
      await customer.page.getByRole('button', { name: 'Add to cart' }).click();
      await go(customer.page, '/portal/cart');
      await customer.page.getByRole('button', { name: /^Place order/ }).click();
      await expect(customer.page.getByRole('heading', { level: 1, name: 'Order saved: waiting to be sent' })).toBeVisible();
      await expect(badge(customer.page)).toContainText('3 changes');
      expect((await owner.api('POST', '/api/products/bulk-status', { ids: [scarf.id], status: 'draft' })).status).toBe(200);
      await synced(owner);
    });

    let ticketId = 0;
    await test.step('online again, the owner sees the order and the ticket, and replies in Support', async () => {
      await customer.context.setOffline(false);
      await synced(customer);
      await expect
        .poll(async () => (await shown(owner)).orders.filter((order) => (order.customer as Row).id === kimRecord.id && order.status === 'new').length, { timeout: 60_000 })
        .toBe(1);
      const placed = (await shown(owner)).orders.find((order) => (order.customer as Row).id === kimRecord.id && order.status === 'new')!;
      expect(placed).toMatchObject({ totalAmount: 143.98, payment: { paymentMethod: 'Visa Card', cardNumber: '**** **** **** 4242' }, shipping: '4 Quay Street, Bergen' });
      await expect
        .poll(async () => ((await owner.api('GET', `/api/tickets?search=${encodeURIComponent(`Gift wrapping ${runTag}`)}`)).body.tickets as Row[]).length, { timeout: 60_000 })
        .toBe(1);
      const ticket = ((await owner.api('GET', `/api/tickets?search=${encodeURIComponent(`Gift wrapping ${runTag}`)}`)).body.tickets as Row[])[0]!;
      expect(ticket).toMatchObject({ email: kim!.email.toLowerCase(), firstName: 'Kim', lastName: 'Lee', status: 'open' });
      ticketId = Number(ticket.id);

      await go(owner.page, `/support/tickets?ticket=${ticketId}`);
      const reply = owner.page.getByRole('form', { name: `Reply to ticket #${ticketId}` });
      await reply.getByLabel('Reply').fill('Of course, gift-wrapped it is.');
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await expect(owner.page.getByText('Reply sent')).toBeVisible();
      await synced(owner);
    });

    await test.step('the order of the scarf, taken off sale meanwhile, was refused: Kim’s cart says so and what to do, and puts its items back', async () => {
      await go(customer.page, '/portal/cart');
      const refused = customer.page.getByRole('region', { name: 'An order was not accepted' });
      await expect(refused).toContainText(`Product ${scarf.id} is not for sale`, { timeout: 60_000 });
      await expect(refused).toContainText('Remove it from your cart');
      expect(await violations(customer.page)).toEqual([]);
      await refused.getByRole('button', { name: 'Put its items back in the cart' }).click();
      await expect(refused).toHaveCount(0);
      // The scarf is no longer for sale: its line says so, and the order waits until it is removed.
      await expect(customer.page.getByRole('list', { name: 'Cart lines' })).toContainText('This product is no longer sold. Remove it from your cart to place the order.');
      await expect(customer.page.getByRole('button', { name: /^Place order/ })).toBeDisabled();
      await customer.page.getByRole('button', { name: `Remove Product ${scarf.id} from the cart` }).click();
      await expect(customer.page.getByText('Your cart is empty.')).toBeVisible();
      expect((await shown(owner)).orders.filter((order) => (order.customer as Row).id === kimRecord.id && order.status === 'new')).toHaveLength(1);
    });

    await test.step('Kim sees the reply in the ticket’s thread, under the id the shop gave it', async () => {
      await go(customer.page, ticketPath);
      await expect.poll(() => pathOf(customer.page), { timeout: 60_000 }).toBe(`/portal/support/${ticketId}`);
      await expect(customer.page.getByRole('list', { name: 'Messages' })).toContainText('Of course, gift-wrapped it is.', { timeout: 60_000 });
      expect(await violations(customer.page)).toEqual([]);
      await fitsPhone(customer.page, '/portal/support/$ticketId');
      await go(customer.page, '/portal/support');
      await expect(customer.page.getByRole('link', { name: `Gift wrapping ${runTag}` })).toBeVisible();
      expect(await violations(customer.page)).toEqual([]);
      await fitsPhone(customer.page, '/portal/support');
    });

    await test.step('the owner revokes Kim’s access from the user page, after a confirmation', async () => {
      await go(owner.page, `/users/${kimRecord.id}`);
      const portal = owner.page.getByRole('region', { name: 'Customer portal' });
      await portal.getByRole('button', { name: 'Revoke portal access' }).click();
      await owner.page.getByRole('dialog', { name: 'Revoke Kim Lee’s portal access?' }).getByRole('button', { name: 'Revoke access' }).click();
      await expect(portal.getByTestId('portal-access-state')).toContainText('No access yet');
      const members = await serverCall(olga!, `/v1/shops/${shopId}/members`);
      expect(members.customers).toEqual([]);
    });

    await owner.context.close();
    await customer.context.close();
  });
});
