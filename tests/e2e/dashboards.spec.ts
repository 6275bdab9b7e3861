import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { apiFromPage } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const DASHBOARDS = ['/learning-management', '/job-management', '/analytics', '/sales', '/saas'];

/** Chooses a period as a user does: by its label (the radio itself is visually hidden). */
const choosePeriod = (page: Page, name: string) => page.getByRole('group', { name: 'Period' }).getByText(name, { exact: true }).click();
const statValue = (page: Page, name: string) => page.getByRole('group', { name, exact: true }).getByTestId('stat-value');
/** The hidden data table of a chart: its accessible summary, whose text is the chart's figures. */
const chartTable = (page: Page, name: string) => page.getByRole('figure', { name, exact: true }).locator('table');

/** Every chart on the page is a named figure with a data table captioned with its name, or says it has no data. */
async function expectAccessibleCharts(page: Page) {
  const figures = page.getByRole('figure');
  const count = await figures.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const figure = figures.nth(i);
    const caption = (await figure.locator('table caption').allTextContents()).join('');
    const emptyNote = await figure.getByText(/^No .* in the last/).count();
    expect(caption.length > 0 || emptyNote > 0, `chart ${i + 1} of ${page.url()} has an accessible summary`).toBe(true);
  }
}

test.use({ storageState: SIGNED_IN });

test('dashboards offline: a new order moves sales, the period lives in the URL, a ticked task stays ticked, every chart has a summary, axe light and dark', async ({ page, context }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, '/sales');
  await context.setOffline(true);
  await page.reload();

  // A new order today: the revenue and the order status mix change (live, through the change channel).
  const revenue = statValue(page, 'Revenue');
  await expect(revenue).toBeVisible();
  await expect(chartTable(page, 'Order status mix')).toHaveCount(1);
  const revenueBefore = await revenue.textContent();
  const mixBefore = await chartTable(page, 'Order status mix').textContent();
  const { body: first } = await apiFromPage(page, 'GET', '/api/orders?id=1');
  const { id: _id, statusHistory: _history, ...template } = first.order;
  const created = await apiFromPage(page, 'POST', '/api/orders/bulk', {
    orders: [{ ...template, invoiceId: '#IN0900', createAt: new Date().toISOString(), deliveredAt: null, status: 'pending' }],
  });
  expect(created.status).toBe(201);
  await expect(revenue).not.toHaveText(revenueBefore ?? '');
  await expect(chartTable(page, 'Order status mix')).not.toHaveText(mixBefore ?? '');

  // Month → Year: other figures, and the URL says so; back to Month drops it from the URL.
  const monthRevenue = await revenue.textContent();
  await choosePeriod(page, 'Year');
  await expect(page).toHaveURL(/period=year/);
  await expect(revenue).not.toHaveText(monthRevenue ?? '');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Year' })).toBeChecked();
  await choosePeriod(page, 'Month');
  await expect(page).not.toHaveURL(/period=/);
  await expect(revenue).toHaveText(monthRevenue ?? '');

  // The comparison says what it compares with, on keyboard focus too.
  await page.getByRole('group', { name: 'Revenue', exact: true }).getByRole('button').focus();
  await expect(page.getByRole('tooltip')).toContainText('Compared with the previous 30 days');

  // Tick a learning task: it stays ticked after a reload.
  await page.goto('/learning-management');
  const task = page.getByRole('region', { name: 'Upcoming tasks' }).getByRole('checkbox').first();
  await expect(task).toBeVisible();
  const name = await task.getAttribute('aria-label') ?? (await task.evaluate((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? ''));
  const wasTicked = await task.isChecked();
  await task.click();
  await expect(task).toBeChecked({ checked: !wasTicked });
  await page.reload();
  const sameTask = page.getByRole('region', { name: 'Upcoming tasks' }).getByRole('checkbox', { name: name.trim(), exact: true });
  await expect(sameTask).toBeChecked({ checked: !wasTicked });

  // Every dashboard: each chart has its accessible summary; no WCAG A/AA violation, light then dark.
  for (const theme of ['light', 'dark']) {
    if (theme === 'dark') await page.evaluate(() => localStorage.setItem('shop-admin:theme', 'dark'));
    for (const path of DASHBOARDS) {
      await page.goto(path);
      await expect(page.getByTestId('dashboard-skeleton')).toHaveCount(0);
      // Settled: figures being refreshed are dimmed, which axe would rightly flag.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('figure').first()).toBeVisible();
      if (theme === 'light') await expectAccessibleCharts(page);
      else await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await violations(page), `${path}, ${theme}`).toEqual([]);
    }
  }
});
