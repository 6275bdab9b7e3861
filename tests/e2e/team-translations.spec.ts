import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkAtBothWidths } from './support/walk-checks';
import { waitForAppStart } from './support/session';
import { accounts, createShop, device, runTag, syncStatus, synced, shown } from './support/team-devices';
import { serverRequest } from './support/team-records';
import { isPendingId } from '../../domain/sync/pending';

// The team build's own screens in Spanish, German and Arabic (issue #34), which the other walks
// cannot reach: the welcome page (no shop yet, then a shop's invitation), Settings → Team, Sync
// and Activity, and the customer portal's Sync page. On a desktop (1440 px) and a phone (390 px):
// no English word left, no sideways scroll, axe clean, right to left in Arabic. One test per
// language: an owner's device and a customer's, each one page, the set-up done in English through
// the shared helpers, then the language chosen on the device (its stored choice, as the header's
// menu keeps it; for the customer, the language their account keeps on the server) and the
// screens walked in it.

const LOCALES = ['es', 'de', 'ar'] as const;
/** A screen's route code and first data on a busy shared machine. */
const ARRIVAL = 30_000;

/** A message of `locale`'s catalogue (a select's `other` words for one with choices). */
function message(locale: string, area: string, id: string): string {
  const catalogue = JSON.parse(readFileSync(new URL(`../../src/i18n/messages/${locale}/${area}.json`, import.meta.url), 'utf8')) as Record<string, string>;
  const text = catalogue[id]!;
  return /other \{([^{}]*)\}/.exec(text)?.[1] ?? text;
}

/** Chooses the language on this device (the language menu's stored choice) and starts the page again in it. */
async function chooseLanguage(page: Page, locale: string) {
  await page.evaluate((chosen) => localStorage.setItem('shop-admin:locale', chosen), locale);
  await page.reload();
  await waitForAppStart(page);
  await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: ARRIVAL });
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
}

/** Opens `path` and waits for its heading and the end of its loading notes. */
async function open(page: Page, locale: string, path: string) {
  await page.goto(path);
  await waitForAppStart(page);
  await settled(page, locale);
}

async function settled(page: Page, locale: string) {
  const loading = message(locale, 'common', 'common.loading');
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: ARRIVAL });
  await expect(page.getByRole('main').getByText(loading, { exact: true })).toHaveCount(0, { timeout: ARRIVAL });
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: ARRIVAL });
}


for (const locale of LOCALES) {
  test(`the team build's screens in ${locale} at 1440 and 390 px`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const [owner, customer] = await accounts(`Owner-${locale}`, `Customer-${locale}`);
    const shop = `Tienda ${locale} ${runTag}`;

    // The customer-to-be first: no shop at all, the welcome page says so, in the language their
    // account keeps on the server (chosen on another device): this device follows it.
    const kept = await serverRequest(customer!, 'PUT', '/v1/me/preferences', { preferences: { locale }, changedAt: new Date().toISOString() });
    expect(kept.status).toBe(200);
    const visitor = await device(browser, baseURL!, customer!);
    await expect(visitor.page.locator('html')).toHaveAttribute('lang', locale, { timeout: ARRIVAL });
    await expect(visitor.page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    // The sign-in's toast came before the account's language did: written in English, it ends by itself.
    await expect(visitor.page.getByText('Signed in', { exact: true })).toHaveCount(0, { timeout: ARRIVAL });
    await expect(visitor.page.getByRole('heading', { level: 1, name: message(locale, 'team', 'team.welcome.noShop') })).toBeVisible({ timeout: ARRIVAL });
    await checkAtBothWidths(visitor.page, locale, 'the welcome page (no shop yet)');

    // The owner's shop, made in English, with the customer's record in it and the invitation.
    const admin = await device(browser, baseURL!, owner!);
    await createShop(admin.page, shop);
    const shopId = (await syncStatus(admin)).shopId!;
    expect((await admin.api('POST', '/api/users', { name: 'Carmen Cliente', email: customer!.email, role: 'Customer', status: 'verified', address: '2 Calle Mayor, Madrid', phone: '+34 600 000 123' })).status).toBe(201);
    await synced(admin);
    await expect.poll(async () => (await shown(admin)).users.every((user) => !isPendingId(user.id)), { timeout: 60_000 }).toBe(true);
    const record = (await shown(admin)).users.find((user) => user.name === 'Carmen Cliente')!;
    expect((await serverRequest(owner!, 'POST', `/v1/shops/${shopId}/customers`, { userId: record.id })).status).toBe(201);

    // The owner's screens in the language: Team, Sync, Activity (the shop's writes so far).
    await chooseLanguage(admin.page, locale);
    await open(admin.page, locale, '/settings/team');
    await expect(admin.page.getByRole('main')).toContainText(shop);
    await checkAtBothWidths(admin.page, locale, 'Settings → Team');
    await open(admin.page, locale, '/settings/sync');
    await checkAtBothWidths(admin.page, locale, 'Settings → Sync');
    await open(admin.page, locale, '/settings/activity');
    await expect(admin.page.getByRole('main').locator('ol li, ul li').first()).toBeVisible({ timeout: ARRIVAL });
    await checkAtBothWidths(admin.page, locale, 'Settings → Activity');
    await admin.context.close();

    // The customer: the invitation on the welcome page, accepted, then the portal's Sync page.
    await visitor.page.getByRole('button', { name: message(locale, 'team', 'team.welcome.checkAgain') }).click();
    const accept = visitor.page.getByRole('button', { name: message(locale, 'team', 'team.welcome.accept') });
    await expect(accept).toBeVisible({ timeout: ARRIVAL });
    await checkAtBothWidths(visitor.page, locale, 'the welcome page (an invitation)');
    await accept.click();
    await expect.poll(() => new URL(visitor.page.url()).pathname, { timeout: ARRIVAL }).toBe('/portal');
    await open(visitor.page, locale, '/portal/sync');
    await checkAtBothWidths(visitor.page, locale, 'the portal’s Sync page');
    await visitor.context.close();
  });
}
