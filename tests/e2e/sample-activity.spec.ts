import { expect, test, type Page } from '@playwright/test';
import { pageRecorder } from './support/page-recorder';
import { createAccount, resetAccounts } from './support/emulator';
import { violations } from './support/axe';
import { apiFromPage, openPage, signInThroughUi } from './support/session';
import { figuresFromDashboards, figuresFromRecords, readShopRecords, type ApiGet } from './support/dashboard-figures';

// "Fill with a year of sample activity" (issue 25) on an account this test creates, offline:
// Settings → Data fills 2,000 orders with a progress bar; every dashboard's month and year
// figures equal sums over the records read through /api, on the screens too; the phone layout
// holds; the removal, after a confirmation with counts, takes exactly the generated records.

const SAMPLE_ORDERS = 15;

interface FillState {
  /** The progress bar's aria-valuemax, null while there is none. */
  bar: string | null;
  /** The card's first button: its text, and "(disabled)" when it is. */
  button: string;
}

/** Each state of the sample activity card (its progress bar, its button), recorded as it happens. */
const fillStates = pageRecorder('fillStates', (): FillState => {
  const card = [...document.querySelectorAll('section')].find((section) => section.querySelector('h3')?.textContent === 'Sample activity');
  const button = card?.querySelector('button');
  return {
    bar: card?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuemax') ?? null,
    button: button ? `${button.textContent ?? ''}${button.disabled ? ' (disabled)' : ''}` : '',
  };
});

/** A figure as a StatCard writes it ("$12,345.60", "2,015", "3 h 20 min") as a number. */
function figureOf(text: string): number {
  const time = /^(?:([\d,]+) h)?\s*(?:(\d+) min)?$/.exec(text.trim());
  if (time && (time[1] || time[2])) return Number((time[1] ?? '0').replace(/,/g, '')) * 60 + Number(time[2] ?? 0);
  return Number(text.replace(/[$,%\s]/g, ''));
}

/** The value of the stat card titled `title` on the screen. */
async function statOnScreen(page: Page, title: string): Promise<number> {
  const card = page.getByRole('group', { name: title, exact: true });
  await expect(card.getByTestId('stat-value')).toBeVisible({ timeout: 30_000 });
  return figureOf(await card.getByTestId('stat-value').innerText());
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('fill a year of sample activity offline: progress, every dashboard agrees with the records, phone layout, removal', async ({ page, context }) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `sample-${stamp}@example.com`;
  await createAccount(email, 'Sample-pass-42', 'Sam Sample');
  const get: ApiGet = (path) => apiFromPage(page, 'GET', path);

  try {
    await signInThroughUi(page, email, 'Sample-pass-42');
    await openPage(page, '/settings/data');
    await expect(page.getByRole('heading', { name: 'Sample activity' })).toBeVisible({ timeout: 30_000 });
    await context.setOffline(true);

    await test.step('fill 2,000 orders: the button is disabled and a progress bar moves while it runs, then the result says what was added', async () => {
      await expect(page.getByRole('radio', { name: /^2,000 orders/ })).toBeChecked();
      const fill = page.getByRole('button', { name: 'Fill with a year of sample activity' });
      // On an idle machine the fill may end within a look or two: what the card showed while it
      // ran is recorded as it happens.
      await fillStates.start(page);
      await fill.click();
      const bar = page.getByRole('progressbar', { name: 'Sample activity progress' });
      await expect(page.getByRole('status').filter({ hasText: /^Added 300 customers, 2,000 orders, \d+ invoices, \d+ reviews, 40 support tickets/ })).toBeVisible({ timeout: 60_000 });
      const states = await fillStates.seen(page);
      expect(states.some((state) => state.bar !== null && /^\d+$/.test(state.bar) && state.button === 'Adding sample activity… (disabled)'), JSON.stringify(states)).toBe(true);
      await expect(bar).toBeHidden();
      await expect(page.getByRole('button', { name: 'Remove sample activity' })).toBeVisible();
      // The page as loaded is checked by axe in routes.spec.ts; here its filled state and result.
      expect(await violations(page)).toEqual([]);
      expect((await get('/api/orders?pageSize=1')).body.meta.total).toBe(SAMPLE_ORDERS + 2000);
    });

    const records = await readShopRecords(get);
    for (const period of ['month', 'year'] as const) {
      await test.step(`${period}: every dashboard's figures are sums over the records, and the screens show them`, async () => {
        const dashboards = await figuresFromDashboards(get, period);
        const { invoiceMrr, ...figures } = dashboards.figures;
        const { invoiceMrr: expectedMrr, ...expected } = figuresFromRecords(records, dashboards.range);
        expect(figures).toEqual(expected);
        expect(Math.abs(invoiceMrr - expectedMrr)).toBeLessThanOrEqual(0.01);
        expect(figures.orders).toBeGreaterThan(period === 'month' ? 100 : 1900);
        expect(Object.keys(figures.ordersByStatus).length).toBeGreaterThanOrEqual(period === 'month' ? 4 : 5);

        const screens: Array<[string, string, number]> = [
          ['/sales', 'Revenue', expected.revenueCents / 100],
          ['/analytics', 'Orders', expected.orders],
          ['/saas', 'Monthly recurring revenue', invoiceMrr],
          ['/job-management', 'Applications', expected.applications],
          ['/learning-management', 'Study time', expected.studyMinutes],
        ];
        for (const [path, title, value] of screens) {
          await openPage(page, `${path}?period=${period}`);
          expect(await statOnScreen(page, title), `${path} ${title}`).toBeCloseTo(value, 2);
        }
      });
    }

    await test.step('phone width (390 px): Settings → Data and a filled dashboard keep to the screen', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openPage(page, '/analytics?period=year');
      await statOnScreen(page, 'Orders');
      await noSidewaysScroll(page);
      await openPage(page, '/settings/data');
      await expect(page.getByRole('button', { name: 'Remove sample activity' })).toBeVisible({ timeout: 30_000 });
      await noSidewaysScroll(page);
    });

    await test.step('remove: the confirmation counts what goes; afterwards only the sample shop and nothing generated is left', async () => {
      await page.getByRole('button', { name: 'Remove sample activity' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove the sample activity?' });
      await expect(dialog).toContainText('300 customers, 2,000 orders');
      expect(await violations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Remove sample activity' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Removed 300 customers, 2,000 orders/ })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Fill with a year of sample activity' })).toBeEnabled();
      expect((await get('/api/orders?pageSize=1')).body.meta.total).toBe(SAMPLE_ORDERS);
      expect((await get('/api/sample-activity')).body).toMatchObject({ filled: false, counts: { orders: 0, users: 0, reviews: 0 } });
    });
  } finally {
    await context.setOffline(false);
    await resetAccounts([email]);
  }
});
