import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, resetAccounts, verifyEmail } from './emulator';
import { apiFromPage, waitForAppStart, waitForWorkerControl } from './session';
import type { DeviceLink } from './device-link';
import { pageRecorder } from './page-recorder';
import { isUpToDate, type SyncStatus } from '../../../domain/contract/sync';

/*
 * The devices of the team journeys (team-*.spec.ts, Playwright project "team"): each a browser
 * context of its own (its own IndexedDB, service worker and network switch) signed in to the
 * team build (dist-team), syncing with a real shop server and PostgreSQL (playwright.config.ts).
 * Team set-up goes through Settings → Team and the header's badge; the records are compared
 * through /api in the page (the service worker answers from the device's copy of the shop).
 */

const PASSWORD = 'Team-pass-123';
/**
 * Shops outlive a test on the server (its database is fresh per run, not per test), and an
 * invitation goes to an email: a retry names its shops anew, so it never sees an earlier try's.
 */
export const runTag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

export interface Account {
  email: string;
  password: string;
  name: string;
}

/** Fresh, verified accounts of this test only (an invitation goes to a verified email). */
export async function accounts(...names: string[]): Promise<Account[]> {
  const list = names.map((name) => ({ email: `team-${name.toLowerCase()}-${runTag}@shop-admin.test`, password: PASSWORD, name }));
  await resetAccounts(list.map((account) => account.email));
  for (const account of list) {
    const { uid } = await createAccount(account.email, account.password, account.name);
    await verifyEmail(uid);
  }
  return list;
}

export interface Device {
  context: BrowserContext;
  page: Page;
  api: <T = any>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function deviceOn(context: BrowserContext, page: Page): Device {
  return { context, page, api: (method, path, body) => apiFromPage(page, method, path, body) };
}

/**
 * Signs in through the login form. A fresh device's first start (the worker installing) on a
 * busy machine can take longer than an assertion's limit: set-up, bounded by the test's.
 */
export async function signIn(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A shell (the team's, the portal), or, for an account without team access, the welcome page.
  await expect(page.getByRole('button', { name: 'Account menu' }).or(welcomeHeading(page))).toBeVisible({ timeout: 60_000 });
  await waitForWorkerControl(page);
}

/**
 * The first screen of an account with no team access (src/features/welcome): the accept step or
 * "No shop yet", in whichever language the account keeps (team-translations.spec).
 */
export const welcomeHeading = (page: Page) => page.getByTestId('welcome-page').getByRole('heading', { level: 1 });

/** A device: a browser context of its own, signed in through the login form. */
export async function device(browser: Browser, baseURL: string, account: Account, link?: DeviceLink): Promise<Device> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow', ...(link ? { proxy: link.proxy } : {}) });
  const page = await context.newPage();
  await signIn(page, account);
  return deviceOn(context, page);
}

const yourShops = (page: Page) => page.getByRole('region', { name: 'Your shops' });
const shopRow = (page: Page, name: string) => yourShops(page).getByRole('listitem').filter({ hasText: name });

/**
 * Settings → Team. An account with no shop is welcomed first ("No shop yet"): it starts a shop of
 * its own there, as a shop's owner does, and comes back here.
 */
export async function openTeam(page: Page) {
  await page.goto('/settings/team');
  await waitForAppStart(page);
  const team = page.getByRole('heading', { level: 2, name: 'Team' });
  const noShop = page.getByRole('heading', { level: 1, name: 'No shop yet' });
  await expect(team.or(noShop)).toBeVisible();
  if (await noShop.isVisible()) {
    await page.getByRole('button', { name: 'Start a shop of my own' }).click();
  }
  await expect(team).toBeVisible();
  await expect(yourShops(page).getByText('Loading…')).toHaveCount(0);
}

/** Settings → Team: create a shop and work on it on this device. */
export async function createShop(page: Page, name: string) {
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
export async function invite(page: Page, shop: string, email: string, role: 'admin' | 'staff' | 'viewer') {
  const members = page.getByRole('region', { name: `Members of ${shop}` });
  await members.getByRole('textbox', { name: 'Invite by email' }).fill(email);
  await members.getByRole('combobox', { name: 'Role of the invited person' }).selectOption(role);
  await members.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(members.getByRole('listitem').filter({ hasText: email })).toContainText(`invited`);
}

/** Settings → Team, as the invited person: accept, then work on the shop on this device. */
export async function acceptAndUse(page: Page, shop: string) {
  await openTeam(page);
  const invitation = yourShops(page).getByRole('listitem').filter({ hasText: shop }).filter({ has: page.getByRole('button', { name: 'Accept' }) });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await useShop(page, shop);
}

/** The header's sync badge. */
export const badge = (page: Page) => page.getByRole('banner').getByRole('status').first();

/**
 * Every text the header's sync badge shows, recorded as it happens (`recordBadgeTexts` from now
 * on, `badgeTexts` what it has shown since, in order): a short state, as "Sending 500 of 3,000
 * changes" on a fast push, may come and go between two looks.
 */
const badgeTextRecorder = pageRecorder('badgeTexts', () => document.querySelector('header [role="status"], [role="banner"] [role="status"]')?.textContent || null);
export const recordBadgeTexts = badgeTextRecorder.start;
export const badgeTexts = badgeTextRecorder.seen;

/** The worker's sync status (GET /api/sync/status). */
export async function syncStatus(d: Device) {
  return (await d.api<SyncStatus>('GET', '/api/sync/status')).body;
}

/**
 * Waits until the device has pushed everything and pulled after it (isUpToDate). Not pending 0
 * alone: that comes with the push's answer, and until the pull after it the records the device
 * created are still under their pending ids (team-customer-shop.spec once took the scarf's id
 * then, and sent the customer to a product no copy but the owner's had).
 */
export async function synced(d: Device) {
  // The status itself is polled: a failure shows the last one.
  await expect
    .poll(async () => {
      const status = await syncStatus(d);
      return { upToDate: isUpToDate(status), ...status };
    }, { timeout: 60_000 })
    .toMatchObject({ upToDate: true });
}

export type Row = Record<string, unknown> & { id: number | string };
const byId = (a: Row, b: Row) => String(a.id).localeCompare(String(b.id), 'en', { numeric: true });

/** What a device shows of the shop: users, products, orders, invoices (sorted by id). */
export async function shown(d: Device) {
  const list = async (kind: string) => ((await d.api('GET', `/api/${kind}?pageSize=100`)).body[kind] as Row[]).sort(byId);
  return { users: await list('users'), products: await list('products'), orders: await list('orders'), invoices: await list('invoices') };
}

/** Picks the first option of a search-as-you-type combobox after typing `text`. */
export async function pick(page: Page, name: string, text: string, option: RegExp) {
  await page.getByRole('combobox', { name, exact: true }).fill(text);
  await page.getByRole('option', { name: option }).first().click();
}
