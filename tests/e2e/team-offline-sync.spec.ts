import { expect, test } from '@playwright/test';
import { PENDING_ID_BASE, isPendingId } from '../../domain/sync/pending';
import { acceptAndUse, accounts, badge, createShop, device, invite, pick, runTag, shown, synced, syncStatus, type Device } from './support/team-devices';
import { auditCounts, invoiceBody, orderFields, productBody, serverRequests, userBody } from './support/team-records';
import { waitForAppStart } from './support/session';

// Issue 23's proofs with two devices (support/team-devices.ts): offline work on one device
// while the other works online, offline invoices numbered by the server, a field edit that lost.

test.describe('a shop shared by a team (two devices, a real shop server)', () => {
  test.setTimeout(300_000);

  test('A works offline while B works online: after A reconnects both show the same records, each change once; invoices made offline on both get distinct server numbers; a field edit that lost is kept and put back', async ({ browser, baseURL }) => {
    const [ann, ben] = await accounts('Ann', 'Ben');
    const shop = `Harbour Street Shop ${runTag}`;
    const a = await device(browser, baseURL!, ann!);
    const b = await device(browser, baseURL!, ben!);
    let shopId = '';

    await test.step('A creates the shop in Settings → Team and invites B as admin; B accepts; both work on it', async () => {
      await createShop(a.page, shop);
      await expect(badge(a.page)).toHaveText(/^Synced/);
      shopId = (await syncStatus(a)).shopId!;
      await invite(a.page, shop, ben!.email, 'admin');
      await acceptAndUse(b.page, shop);
      await expect(badge(b.page)).toHaveText(/^Synced/);
      // A shared shop's copy starts empty, without the sample data of the account's own store.
      expect((await shown(b)).users).toEqual([]);
    });

    let orderId = 0;
    await test.step('online, A adds a customer and an order; B receives them', async () => {
      expect((await a.api('POST', '/api/users', userBody('Cora Customer'))).status).toBe(201);
      expect((await a.api('POST', '/api/orders/bulk', { orders: [orderFields] })).status).toBe(201);
      await synced(a);
      await expect.poll(async () => (await shown(b)).orders.length, { timeout: 30_000 }).toBe(1);
      const onB = await shown(b);
      orderId = Number(onB.orders[0]!.id);
      expect(orderId).toBeLessThan(PENDING_ID_BASE);
      expect(onB.users.map((user) => user.name)).toEqual(['Cora Customer']);
    });

    await test.step('A goes offline: in its forms, it creates a user and ships the order, answered at once; the badge counts them; its worker cannot reach the server', async () => {
      await a.context.setOffline(true);
      const toServer = serverRequests(a.context);
      await a.page.goto('/users/create');
      await waitForAppStart(a.page);
      await a.page.getByLabel('Name').fill('Bob Offline');
      await a.page.getByLabel('Email').fill('bob.offline@example.com');
      await a.page.getByLabel('Phone').fill('+47 555 01 999');
      await a.page.getByLabel('Role').fill('Courier');
      await a.page.getByRole('combobox', { name: 'Country' }).fill('Norw');
      await a.page.getByRole('option', { name: 'Norway' }).click();
      await a.page.getByRole('button', { name: 'Create user' }).click();
      await expect(a.page.getByText('User created')).toBeVisible();
      const bob = (await shown(a)).users.find((user) => user.name === 'Bob Offline')!;
      expect(isPendingId(bob.id)).toBe(true);

      await a.page.goto(`/orders/${orderId}`);
      await waitForAppStart(a.page);
      await a.page.getByLabel('Order status').selectOption('shipping');
      await expect(a.page.getByText('Status changed to Shipping')).toBeVisible();
      await expect(badge(a.page)).toContainText('Offline — 2 changes will sync');
      // The worker tried and failed: its own status says it could not reach the server, and no
      // request of A's reached it (each was refused by the browser, none answered).
      expect((await a.api('POST', '/api/sync/retry', {})).status).toBe(200);
      await expect.poll(() => syncStatus(a), { timeout: 30_000 }).toMatchObject({ online: false, pending: 2 });
      expect(toServer.failed.length).toBeGreaterThan(0);
      expect(toServer.answered).toEqual([]);
    });

    await test.step('B, online, creates a product; it sees none of A’s offline changes', async () => {
      expect((await b.api('POST', '/api/products', productBody('SKU-B1'))).status).toBe(201);
      await synced(b);
      await expect(badge(b.page)).toHaveText(/^Synced/);
      const onB = await shown(b);
      expect(onB.users.map((user) => user.name)).toEqual(['Cora Customer']);
      expect(onB.orders.map((order) => order.status)).toEqual(['pending']);
      expect((await syncStatus(a)).pending).toBe(2);
    });

    await test.step('A reconnects: its badge reaches Synced; both devices show the same records, each change once', async () => {
      await a.context.setOffline(false);
      await expect(badge(a.page)).toHaveText(/^Synced/, { timeout: 60_000 });
      await synced(a);
      await expect.poll(async () => (await shown(b)).users.length, { timeout: 30_000 }).toBe(2);
      await synced(b);
      const onA = await shown(a);
      const onB = await shown(b);
      expect(onA).toEqual(onB);
      expect(onA.users.map((user) => user.name).sort()).toEqual(['Bob Offline', 'Cora Customer']);
      expect(onA.users.every((user) => !isPendingId(user.id))).toBe(true);
      expect(onA.products.map((product) => product.code)).toEqual(['SKU-B1']);
      expect(onA.orders.map((order) => [order.id, order.status])).toEqual([[orderId, 'shipping']]);
      // Each write applied once on the server, none refused.
      expect(await auditCounts(ann!, shopId)).toEqual({
        'POST /api/users applied': 2,
        'POST /api/orders/bulk applied': 1,
        'PATCH /api/orders applied': 1,
        'POST /api/products applied': 1,
      });
      expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
      expect((await b.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
    });

    await test.step('offline on both, A (in the invoice form) and B each create an invoice: pending numbers, then distinct server numbers; A’s open page follows its invoice', async () => {
      const { users, products } = await shown(a);
      const customer = users.find((user) => user.name === 'Cora Customer')!;
      await a.context.setOffline(true);
      await b.context.setOffline(true);
      const onB = await b.api('POST', '/api/invoices', invoiceBody(customer, products[0]!));
      expect(onB.status, JSON.stringify(onB.body)).toBe(201);
      const pendingB = onB.body.invoice.id as string;
      expect(isPendingId(pendingB)).toBe(true);

      // A's form names no number (the server gives it); the saved invoice shows its pending one.
      await a.page.goto('/invoices/create');
      await waitForAppStart(a.page);
      await expect(a.page.getByLabel('Invoice ID')).toHaveValue('Given by the shop server when synced');
      await pick(a.page, 'Customer', 'Cora', /Cora Customer/);
      await expect(a.page.getByLabel('Billing email')).toHaveValue(String(customer.email));
      await pick(a.page, 'Item 1', String(products[0]!.title).split(' ')[0]!, new RegExp(String(products[0]!.title)));
      await a.page.getByLabel('Card holder').fill('Cora Customer');
      await a.page.getByLabel('Card number').fill('4242424242424242');
      await a.page.getByRole('button', { name: 'Create invoice' }).click();
      await expect(a.page.getByText('Invoice created')).toBeVisible();
      await expect(a.page).toHaveURL(/\/invoices\/INV-\d+\/details$/);
      const pendingA = /\/invoices\/(INV-\d+)\/details$/.exec(a.page.url())![1]!;
      expect(isPendingId(pendingA)).toBe(true);
      await expect(a.page.getByRole('article', { name: `Invoice ${pendingA}` })).toBeVisible();
      await expect(badge(a.page)).toContainText('Offline — 1 change will sync');

      await a.context.setOffline(false);
      await b.context.setOffline(false);
      // The page open on the pending invoice follows it to the number the server gave.
      await expect(a.page).toHaveURL(/\/invoices\/INV-\d{3}\/details$/, { timeout: 60_000 });
      const serverNumberA = /\/invoices\/(INV-\d+)\/details$/.exec(a.page.url())![1]!;
      await expect(a.page.getByRole('article', { name: `Invoice ${serverNumberA}` })).toBeVisible();
      await synced(a);
      await synced(b);
      await expect.poll(async () => (await shown(a)).invoices.length, { timeout: 30_000 }).toBe(2);
      await expect.poll(async () => (await shown(b)).invoices.length, { timeout: 30_000 }).toBe(2);
      const invoicesA = (await shown(a)).invoices.map((invoice) => invoice.id);
      const invoicesB = (await shown(b)).invoices.map((invoice) => invoice.id);
      expect(invoicesA).toEqual(invoicesB);
      expect(invoicesA.every((id) => /^INV-\d{3}$/.test(String(id)) && !isPendingId(id))).toBe(true);
      expect(new Set(invoicesA).size).toBe(2);
      expect(invoicesA).toContain(serverNumberA);
      expect(invoicesA).not.toContain(pendingA);
      expect(invoicesA).not.toContain(pendingB);
      expect(await shown(a)).toEqual(await shown(b));
      expect((await auditCounts(ann!, shopId))['POST /api/invoices applied']).toBe(2);
    });

    await test.step('a field both changed: A’s offline phone loses to B’s; A’s Sync page keeps A’s value and puts it back; both devices converge on it', async () => {
      const cora = (await shown(a)).users.find((user) => user.name === 'Cora Customer')!;
      const phoneOn = async (d: Device) => (await d.api('GET', `/api/users?id=${cora.id}`)).body.user.phone as string;
      await a.context.setOffline(true);
      await a.page.goto(`/users/${cora.id}`);
      await waitForAppStart(a.page);
      await expect(a.page.getByRole('heading', { name: 'Edit user' })).toBeVisible();
      await a.page.getByLabel('Phone').fill('+47 555 01 111');
      await a.page.getByRole('button', { name: 'Save changes' }).click();
      await expect(a.page.getByText('User saved')).toBeVisible();
      const coraOnB = (await b.api('GET', `/api/users?id=${cora.id}`)).body.user;
      expect((await b.api('PUT', `/api/users?id=${cora.id}`, { ...coraOnB, phone: '+47 555 02 222' })).status).toBe(200);
      await synced(b);

      await a.context.setOffline(false);
      await synced(a);
      // B's change reached the server first and is kept, on both devices.
      await expect.poll(() => phoneOn(a), { timeout: 30_000 }).toBe('+47 555 02 222');
      expect(await phoneOn(b)).toBe('+47 555 02 222');

      await a.page.goto('/settings/sync');
      await waitForAppStart(a.page);
      const title = `users #${cora.id}: phone`;
      const kept = a.page.getByRole('list', { name: 'Refused and overwritten changes' }).getByRole('listitem').filter({ hasText: title });
      await expect(kept).toContainText('Overwritten');
      await expect(kept).toContainText('Your value+47 555 01 111');
      await expect(kept).toContainText('Kept+47 555 02 222');
      await expect(kept).toContainText(`Changed by ${ben!.email}`);
      await kept.getByRole('button', { name: `Put my value back: ${title}` }).click();
      await expect(kept).toHaveCount(0);
      await synced(a);
      await expect.poll(() => phoneOn(b), { timeout: 30_000 }).toBe('+47 555 01 111');
      expect(await phoneOn(a)).toBe('+47 555 01 111');
      await synced(b);
      expect(await shown(a)).toEqual(await shown(b));
      expect((await a.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
      expect((await b.api('GET', '/api/sync/conflicts')).body.conflicts).toEqual([]);
    });

    await a.context.close();
    await b.context.close();
  });
});
