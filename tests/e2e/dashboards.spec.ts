import { expect, test, type Page } from '@playwright/test';
import { chooseLook, settled } from './support/page-state';
import { fitsPhone } from './support/phone';
import { apiFromPage } from './support/session';
import { SIGNED_IN, openSignedIn } from './support/signed-in';

const DASHBOARDS = ['/learning-management', '/job-management', '/analytics', '/sales', '/saas'];

/** Chooses a period as a user does: by its label (the radio itself is visually hidden). */
const choosePeriod = (page: Page, name: string) => page.getByRole('group', { name: 'Period' }).getByText(name, { exact: true }).click();
const statValue = (page: Page, name: string) => page.getByRole('group', { name, exact: true }).getByTestId('stat-value');
/** The hidden data table of a chart: its accessible summary, whose text is the chart's figures. */
const chartTable = (page: Page, name: string) => page.getByRole('figure', { name, exact: true }).locator('table');
/** A chart's drawing: one stop in the tab order (an image named by its summary), and its tooltip. */
const chartDrawing = (page: Page, name: string) => page.getByRole('figure', { name, exact: true }).getByRole('img');
const chartTooltip = (page: Page, name: string) => page.getByRole('figure', { name, exact: true }).getByTestId('chart-tooltip');

/** Row `index` of a chart's data table: what the point is, and its figure. */
async function tableRow(page: Page, chart: string, index: number) {
  const row = chartTable(page, chart).locator('tbody tr').nth(index);
  return { label: (await row.locator('th').textContent()) ?? '', figure: (await row.locator('td').first().textContent()) ?? '' };
}

/** The tooltip says point `index`'s label and figure, as the chart's data table does. */
async function expectTooltipOf(page: Page, chart: string, index: number) {
  const { label, figure } = await tableRow(page, chart, index);
  expect(label, `row ${index + 1} of ${chart}`).not.toBe('');
  await expect(chartTooltip(page, chart)).toContainText(`${label}: ${figure}`);
}

/** The tooltip's horizontal centre on the page, in px. */
async function tooltipX(page: Page, chart: string) {
  const box = await chartTooltip(page, chart).boundingBox();
  expect(box, `${chart}'s tooltip is drawn`).not.toBeNull();
  return box!.x + box!.width / 2;
}

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

/**
 * What makes the charts on the page hard to read, as the browser draws them: x labels (the
 * texts without a `dy`) that overlap or leave their card, value labels that overlap, more than
 * 6 of them, or long ones ("1.2K", "$3.4M" and "2 h" are short).
 */
async function chartAxesProblems(page: Page): Promise<string[]> {
  return page.getByRole('figure').evaluateAll((figures) =>
    figures.flatMap((figure, index) => {
      const svg = figure.querySelector('svg');
      if (!svg) return [];
      const card = figure.getBoundingClientRect();
      const boxes = (selector: string) => [...svg.querySelectorAll(selector)].map((text) => ({ text: text.textContent ?? '', box: text.getBoundingClientRect() }));
      const problems: string[] = [];
      const xLabels = boxes('text:not([dy])').sort((a, b) => a.box.left - b.box.left);
      xLabels.forEach(({ text, box }, i) => {
        if (box.left < card.left || box.right > card.right) problems.push(`chart ${index + 1}: "${text}" leaves its card`);
        const next = xLabels[i + 1];
        if (next && box.right > next.box.left) problems.push(`chart ${index + 1}: "${text}" overlaps "${next.text}"`);
      });
      const ticks = boxes('text[dy="0.32em"]').sort((a, b) => a.box.top - b.box.top);
      if (ticks.length > 6) problems.push(`chart ${index + 1}: ${ticks.length} value labels`);
      ticks.forEach(({ text, box }, i) => {
        if (text.length > 6) problems.push(`chart ${index + 1}: value label "${text}" is long`);
        const next = ticks[i + 1];
        if (next && box.bottom > next.box.top) problems.push(`chart ${index + 1}: "${text}" overlaps "${next.text}"`);
      });
      return problems;
    }),
  );
}

test.use({ storageState: SIGNED_IN });

test('dashboards offline: a new order moves sales, the period lives in the URL, a ticked task stays ticked, every chart has a summary and fits a 390 px phone; a chart\'s tooltips by keyboard, left to right and right to left', async ({ page, context }) => {
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

  await test.step('a chart by keyboard: Tab reaches it (focus shown), each point gets its tooltip with the figure of the data table; the first point is left of the last', async () => {
    const drawing = chartDrawing(page, 'Earnings');
    // Tab on from the Revenue card's button until the chart has the focus (it is one stop).
    for (let stops = 0; stops < 40 && !(await drawing.evaluate((el) => el === document.activeElement)); stops++) await page.keyboard.press('Tab');
    await expect(drawing).toBeFocused();
    expect(await drawing.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none')).toBe(true);
    await expectTooltipOf(page, 'Earnings', 0);
    await page.keyboard.press('ArrowRight');
    await expectTooltipOf(page, 'Earnings', 1);
    const second = await tooltipX(page, 'Earnings');
    await page.keyboard.press('ArrowLeft');
    await expectTooltipOf(page, 'Earnings', 0);
    const first = await tooltipX(page, 'Earnings');
    const count = await chartTable(page, 'Earnings').locator('tbody tr').count();
    await page.keyboard.press('End');
    await expectTooltipOf(page, 'Earnings', count - 1);
    const last = await tooltipX(page, 'Earnings');
    expect(first, 'left to right: the first point is drawn left of the second and the last').toBeLessThan(second);
    expect(second).toBeLessThan(last);
    await page.keyboard.press('Escape');
    await expect(chartTooltip(page, 'Earnings')).toHaveCount(0);
  });

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

  // Axe checks every dashboard, light and left-to-right, dark and right-to-left: routes.spec.ts.
  await test.step('every dashboard on a 390 px phone: each chart has its accessible summary, and nothing scrolls sideways', async () => {
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of DASHBOARDS) {
      for (const period of ['', '?period=year']) {
        await page.goto(`${path}${period}`);
        await settled(page);
        await expect(page.getByRole('figure').first()).toBeVisible();
        await expectAccessibleCharts(page);
        expect(await chartAxesProblems(page), `${path}${period}`).toEqual([]);
        await fitsPhone(page, path);
      }
    }
    await page.setViewportSize(desktop);
  });

  await test.step('right to left: the chart is mirrored (the first point drawn right of the last) and so are its keys (← goes to the next point)', async () => {
    await chooseLook(page, 'light', 'rtl');
    await page.goto('/sales');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await settled(page);
    const drawing = chartDrawing(page, 'Earnings');
    await drawing.focus();
    await expectTooltipOf(page, 'Earnings', 0);
    const first = await tooltipX(page, 'Earnings');
    await page.keyboard.press('ArrowLeft');
    await expectTooltipOf(page, 'Earnings', 1);
    const second = await tooltipX(page, 'Earnings');
    await page.keyboard.press('ArrowRight');
    await expectTooltipOf(page, 'Earnings', 0);
    await page.keyboard.press('End');
    const count = await chartTable(page, 'Earnings').locator('tbody tr').count();
    await expectTooltipOf(page, 'Earnings', count - 1);
    const last = await tooltipX(page, 'Earnings');
    expect(first, 'right to left: the first point is drawn right of the second and the last').toBeGreaterThan(second);
    expect(second).toBeGreaterThan(last);
  });
});

test('many orders (4,000 over a year): the sales and analytics charts keep short value labels and x labels apart on a 390 px phone, and a sparse month draws bars, not a line', async ({ page }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, '/analytics');
  await page.setViewportSize({ width: 390, height: 844 });
  const revenue = page.getByRole('figure', { name: 'Revenue over time', exact: true });

  const { body: first } = await apiFromPage(page, 'GET', '/api/orders?id=1');
  const { id: _id, statusHistory: _history, ...template } = first.order;
  const now = Date.now();
  const placed = (i: number, daysAgo: number) => ({
    ...template,
    invoiceId: `#IN${String(200000 + i)}`,
    createAt: new Date(now - daysAgo * 86_400_000).toISOString(),
    status: ['shipping', 'new', 'pending', 'return'][i % 4],
    deliveredAt: null,
  });

  // Two more orders in the last 30 days (with the sample shop's, at most 4 days of the 30 have one): the revenue is bars, not a line through the empty days.
  expect((await apiFromPage(page, 'POST', '/api/orders/bulk', { orders: [placed(0, 3), placed(1, 17)] })).status).toBe(201);
  await page.reload();
  await settled(page);
  await expect(revenue.locator('svg')).toBeVisible();
  await expect(revenue.locator('svg path')).toHaveCount(0);
  await expect(revenue.locator('svg rect[data-value]')).not.toHaveCount(0);
  expect(await chartAxesProblems(page)).toEqual([]);

  // 4,000 more, spread over the last 365 days.
  const orders = Array.from({ length: 4000 }, (_, i) => placed(i + 2, ((i * 7919) % 4000) * (365 / 4000)));
  expect((await apiFromPage(page, 'POST', '/api/orders/bulk', { orders })).status).toBe(201);

  for (const path of ['/analytics', '/sales']) {
    for (const period of ['', '?period=year']) {
      await page.goto(`${path}${period}`);
      await settled(page);
      await expect(page.getByRole('figure').first().locator('svg')).toBeVisible();
      expect(await chartAxesProblems(page), `${path}${period}`).toEqual([]);
      await fitsPhone(page, `${path}${period}`);
    }
  }
  // Every day of the month has orders now: the revenue is an area again (its fill and its line).
  await page.goto('/analytics');
  await settled(page);
  await expect(revenue.locator('svg path')).toHaveCount(2);
});
