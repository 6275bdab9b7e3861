import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PENDING_ID_BASE, isPendingId } from '../../domain/sync/pending';
import { seedOrders } from '../../seed/orders';
import { seedProducts } from '../../seed/products';
import { TEAM_SERVER_URL } from '../../scripts/lib/e2e-team.mjs';
import { createAccount, idTokenOf, resetAccounts, verifyEmail } from './support/emulator';
import { withPersistentProfile } from './support/persistent-profile';
import { apiFromPage, waitForAppStart, waitForWorkerControl } from './support/session';

/*
 * Issue 23's proofs with two devices: each a browser context of its own (its own IndexedDB,
 * service worker and network switch) signed in to the team build (dist-team), both syncing with
 * a real shop server and PostgreSQL (playwright.config.ts, project "team"). Team set-up goes
 * through Settings → Team and the header's badge; the records are written and compared through
 * /api in the page (the service worker answers from the device's copy of the shop).
 */

const PASSWORD = 'Team-pass-123';
/**
 * Shops outlive a test on the server (its database is fresh per run, not per test), and an
 * invitation goes to an email: a retry names its shops anew, so it never sees an earlier try's.
 */
const runTag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

interface Account {
  email: string;
  password: string;
  name: string;
}

/** Fresh, verified accounts of this test only (an invitation goes to a verified email). */
async function accounts(...names: string[]): Promise<Account[]> {
  const list = names.map((name) => ({ email: `team-${name.toLowerCase()}-${runTag}@shop-admin.test`, password: PASSWORD, name }));
  await resetAccounts(list.map((account) => account.email));
  for (const account of list) {
    const { uid } = await createAccount(account.email, account.password, account.name);
    await verifyEmail(uid);
  }
  return list;
}

interface Device {
  context: BrowserContext;
  page: Page;
  api: <T = any>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function deviceOn(context: BrowserContext, page: Page): Device {
  return { context, page, api: (method, path, body) => apiFromPage(page, method, path, body) };
}

/**
 * Signs in through the login form. A fresh device's first start (the worker installing) on a
 * busy machine can take longer than an assertion's limit: set-up, bounded by the test's.
 */
async function signIn(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 60_000 });
  await waitForWorkerControl(page);
}

/** A device: a browser context of its own, signed in through the login form. */
async function device(browser: Browser, baseURL: string, account: Account): Promise<Device> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signIn(page, account);
  return deviceOn(context, page);
}

const yourShops = (page: Page) => page.getByRole('region', { name: 'Your shops' });
const shopRow = (page: Page, name: string) => yourShops(page).getByRole('listitem').filter({ hasText: name });

async function openTeam(page: Page) {
  await page.goto('/settings/team');
  await waitForAppStart(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
  await expect(yourShops(page).getByText('Loading…')).toHaveCount(0);
}

/** Settings → Team: create a shop and work on it on this device. */
async function createShop(page: Page, name: string) {
  await openTeam(page);
  await page.getByLabel('New shop’s name').fill(name);
  await page.getByRole('button', { name: 'Create shop' }).click();
  await useShop(page, name);
}

/** Settings → Team: "Use on this device". */
async function useShop(page: Page, name: string) {
  await shopRow(page, name).getByRole('button', { name: 'Use on this device' }).click();
  await expect(shopRow(page, name)).toContainText('On this device');
  await expect(page.getByRole('region', { name: 'This device' })).toContainText(`Works on ${name}, synced with the shop server.`);
}

/** Settings → Team, as the owner: invite by email with a role. */
async function invite(page: Page, shop: string, email: string, role: 'admin' | 'staff' | 'viewer') {
  const members = page.getByRole('region', { name: `Members of ${shop}` });
  await members.getByRole('textbox', { name: 'Invite by email' }).fill(email);
  await members.getByRole('combobox', { name: 'Role of the invited person' }).selectOption(role);
  await members.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(members.getByRole('listitem').filter({ hasText: email })).toContainText(`invited`);
}

/** Settings → Team, as the invited person: accept, then work on the shop on this device. */
async function acceptAndUse(page: Page, shop: string) {
  await openTeam(page);
  const invitation = yourShops(page).getByRole('listitem').filter({ hasText: shop }).filter({ has: page.getByRole('button', { name: 'Accept' }) });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await useShop(page, shop);
}

/** The header's sync badge. */
const badge = (page: Page) => page.getByRole('banner').getByRole('status').first();

/** The worker's sync status (GET /api/sync/status). */
async function syncStatus(d: Device) {
  return (await d.api<{ configured: boolean; shopId?: string; online: boolean; pending: number; error?: string }>('GET', '/api/sync/status')).body;
}

/** Waits until the device has pushed everything and reached the server. */
async function synced(d: Device) {
  await expect.poll(() => syncStatus(d), { timeout: 60_000 }).toMatchObject({ online: true, pending: 0 });
}

type Row = Record<string, unknown> & { id: number | string };
const byId = (a: Row, b: Row) => String(a.id).localeCompare(String(b.id), 'en', { numeric: true });

/** What a device shows of the shop: users, products, orders, invoices (sorted by id). */
async function shown(d: Device) {
  const list = async (kind: string) => ((await d.api('GET', `/api/${kind}?pageSize=100`)).body[kind] as Row[]).sort(byId);
  return { users: await list('users'), products: await list('products'), orders: await list('orders'), invoices: await list('invoices') };
}

const userBody = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, role: 'Tester', status: 'verified', address: 'Norway', phone: '+47 555 01 234' });

function productBody(code: string) {
  const { id: _id, createdAt: _createdAt, rating: _rating, totalReviews: _totalReviews, ...fields } = seedProducts[0]!;
  return { ...fields, code };
}

const { id: _orderId, subTotalAmount: _sub, totalAmount: _total, ...orderFields } = seedOrders.find((order) => order.status === 'pending') ?? seedOrders[0]!;

function invoiceBody(customer: Row, product: Row) {
  return {
    issueDate: '2026-11-20T00:00:00.000Z',
    dueDate: '2026-12-20T00:00:00.000Z',
    status: 'pending',
    billingAddress: { email: customer.email, phone: customer.phone, address: customer.address },
    payment: { paymentMethod: 'Credit Card', cardHolder: customer.name, cardNo: '**** 4242' },
    customer: { id: customer.id, name: customer.name, image: customer.image },
    products: [{ id: product.id, title: product.title, quantity: 2, price: 10, discount: 0 }],
    shippingCharge: 5,
    taxPercent: 10,
  };
}

/** Picks the first option of a search-as-you-type combobox after typing `text`. */
async function pick(page: Page, name: string, text: string, option: RegExp) {
  await page.getByRole('combobox', { name, exact: true }).fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

/** The requests the context's pages and service worker send to the shop server: those that failed, and those answered. */
function serverRequests(context: BrowserContext) {
  const seen = { failed: [] as string[], answered: [] as string[] };
  context.on('requestfailed', (request) => {
    if (request.url().startsWith(TEAM_SERVER_URL)) seen.failed.push(request.url());
  });
  context.on('requestfinished', (request) => {
    if (request.url().startsWith(TEAM_SERVER_URL)) seen.answered.push(request.url());
  });
  return seen;
}

/** Calls the shop server from the test as `account` (an ID token from the Auth emulator): GET, or POST with a body. */
async function serverCall(account: Account, path: string, body?: unknown) {
  const token = await idTokenOf(account.email, account.password);
  const res = await fetch(`${TEAM_SERVER_URL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The shop's audit trail (owner or admin): how many times each write was applied and refused, by name ("POST /api/users"). */
async function auditCounts(account: Account, shopId: string) {
  const { entries } = (await serverCall(account, `/v1/shops/${shopId}/audit?limit=200`)) as { entries: Array<{ name: string; result: string }> };
  const counts: Record<string, number> = {};
  for (const entry of entries.filter((e) => e.name.includes(' /api/'))) counts[`${entry.name} ${entry.result}`] = (counts[`${entry.name} ${entry.result}`] ?? 0) + 1;
  return counts;
}

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

  test('a viewer’s writes are refused by the server with a message on the Sync page and in the owner’s Activity, and the viewer’s device returns to the server’s state; removed, it drops the shop', async ({ browser, baseURL }) => {
    const [olga, vic] = await accounts('Olga', 'Vic');
    const shop = `Viewer Test Shop ${runTag}`;
    const owner = await device(browser, baseURL!, olga!);
    const viewer = await device(browser, baseURL!, vic!);
    await createShop(owner.page, shop);
    expect((await owner.api('POST', '/api/users', userBody('Dina Kept'))).status).toBe(201);
    await synced(owner);
    await invite(owner.page, shop, vic!.email, 'viewer');
    await acceptAndUse(viewer.page, shop);
    await expect.poll(async () => (await shown(viewer)).users.map((user) => user.name), { timeout: 30_000 }).toEqual(['Dina Kept']);
    const serverState = await shown(viewer);

    // The viewer's device answers the writes at once (offline-first), and pushes them: an edit
    // in the user form, and a creation.
    const dina = serverState.users[0]!;
    await viewer.page.goto(`/users/${dina.id}`);
    await waitForAppStart(viewer.page);
    await expect(viewer.page.getByRole('heading', { name: 'Edit user' })).toBeVisible();
    await viewer.page.getByLabel('Name').fill('Dina Changed');
    await viewer.page.getByRole('button', { name: 'Save changes' }).click();
    await expect(viewer.page.getByText('User saved')).toBeVisible();
    expect((await viewer.api('POST', '/api/users', userBody('Eve Refused'))).status).toBe(201);
    await synced(viewer);

    // The server refused both: the device shows the shop as the server keeps it.
    await expect.poll(async () => shown(viewer), { timeout: 30_000 }).toEqual(serverState);
    expect(await shown(owner)).toEqual(serverState);

    // Settings → Sync lists both refusals with the server's message.
    await viewer.page.goto('/settings/sync');
    await waitForAppStart(viewer.page);
    const refused = viewer.page.getByRole('list', { name: 'Refused and overwritten changes' }).getByRole('listitem');
    await expect(refused).toHaveCount(2);
    await expect(refused.filter({ hasText: `Replace users #${dina.id}` })).toContainText('The server refused it: Your role (viewer) may not send PUT /api/users');
    await expect(refused.filter({ hasText: 'Create users' })).toContainText('The server refused it: Your role (viewer) may not send POST /api/users');
    await expect(badge(viewer.page)).toHaveText(/^Synced/);
    // On the server: the owner's creation applied, the viewer's two writes refused, once each.
    const shopId = (await syncStatus(viewer)).shopId!;
    expect(await auditCounts(olga!, shopId)).toEqual({ 'POST /api/users applied': 1, 'PUT /api/users rejected': 1, 'POST /api/users rejected': 1 });

    // The owner's Settings → Activity shows the viewer's refused writes, with who and why.
    await owner.page.goto('/settings/activity');
    await waitForAppStart(owner.page);
    const activity = owner.page.getByRole('list', { name: 'Shop activity, newest first' }).getByRole('listitem');
    const refusedThere = activity.filter({ hasText: 'Refused: Your role (viewer) may not send' });
    await expect(refusedThere).toHaveCount(2);
    for (const entry of await refusedThere.all()) await expect(entry).toContainText(`by ${vic!.email}`);
    await expect(activity.filter({ hasText: `by ${olga!.email}` }).filter({ hasText: 'Applied' }).first()).toBeVisible();

    // The owner removes the viewer in Settings → Team: the viewer's device drops the shop's copy when it next syncs.
    await openTeam(owner.page);
    const members = owner.page.getByRole('region', { name: `Members of ${shop}` });
    await members.getByRole('listitem').filter({ hasText: vic!.email }).getByRole('button', { name: 'Remove' }).click();
    await owner.page.getByRole('dialog', { name: `Remove ${vic!.email}?` }).getByRole('button', { name: 'Remove' }).click();
    await expect(owner.page.getByText(`${vic!.email} removed`)).toBeVisible();
    await expect(members.getByRole('listitem').filter({ hasText: vic!.email })).toHaveCount(0);
    const memberEmails = async () => ((await serverCall(olga!, `/v1/shops/${shopId}/members`)).members as Array<{ email: string }>).map((member) => member.email);
    expect(await memberEmails()).toEqual([olga!.email]);
    // Its next contact with the server (a sync now, as after a write or a reconnect).
    expect((await viewer.api('POST', '/api/sync/retry', {})).status).toBe(200);
    await expect(badge(viewer.page)).toContainText(`Removed from ${shop}`, { timeout: 60_000 });
    await openTeam(viewer.page);
    await expect(viewer.page.getByRole('main').getByText(`You are no longer a member of “${shop}”: its data was removed from this device`)).toBeVisible();
    expect((await viewer.api('GET', '/api/sync/shop')).body.shop).toBeNull();
    expect((await shown(viewer)).users.map((user) => user.name)).not.toContain('Dina Kept');

    await owner.context.close();
    await viewer.context.close();
  });

  test('a device closed with 50 writes waiting offline pushes each exactly once when it is opened again', async ({ baseURL }) => {
    const [fay] = await accounts('Fay');
    const shop = `Closed Worker Shop ${runTag}`;
    const names = Array.from({ length: 50 }, (_, i) => `Waiting ${String(i + 1).padStart(2, '0')}`);
    let shopId = '';
    await withPersistentProfile(baseURL, async (launch) => {
      const first = await launch();
      const page = first.pages()[0] ?? (await first.newPage());
      await signIn(page, fay!);
      await createShop(page, shop);
      const d = deviceOn(first, page);
      await synced(d);
      shopId = (await syncStatus(d)).shopId!;

      await first.setOffline(true);
      for (const name of names) expect((await d.api('POST', '/api/users', userBody(name))).status).toBe(201);
      await expect.poll(() => syncStatus(d), { timeout: 30_000 }).toMatchObject({ online: false, pending: 50 });
      // The browser closes with the writes waiting: its worker stops with them.
      await first.close();

      const again = await launch();
      const reopened = again.pages()[0] ?? (await again.newPage());
      await reopened.goto('/users');
      await waitForAppStart(reopened);
      const d2 = deviceOn(again, reopened);
      await expect(badge(reopened)).toHaveText(/^Synced/, { timeout: 60_000 });
      await synced(d2);
      expect((await shown(d2)).users.map((user) => user.name).sort()).toEqual(names);
    });

    // The server has each write once: 50 users, and 50 applied creations in its audit trail.
    const pulled = await serverCall(fay!, `/v1/shops/${shopId}/pull`, { clientId: 'e2e-check', cookie: 0 });
    expect(pulled.more).toBe(false);
    const users = (pulled.changes as Array<{ kind: string; record?: { name: string } }>).filter((change) => change.kind === 'users');
    expect(users.map((change) => change.record!.name).sort()).toEqual(names);
    expect(await auditCounts(fay!, shopId)).toEqual({ 'POST /api/users applied': 50 });
  });
});
