import { describe, expect, it, vi } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@/i18n/i18n';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { DashboardBase, Stat } from '@schema/dashboard';
import { SalesFigures } from '@/features/dashboards/sales/sales-dashboard';
import { AnalyticsFigures } from '@/features/dashboards/analytics/analytics-dashboard';
import { SaasFigures } from '@/features/dashboards/saas/saas-dashboard';
import { JobFigures } from '@/features/dashboards/job/job-dashboard';
import { LearningFigures } from '@/features/dashboards/learning/learning-dashboard';

// A drawing needs its box's width, which a server render does not measure: give it a phone's.
vi.mock('@/components/dashboard/charts/use-width', () => ({ useWidth: () => [{ current: null }, 390] }));
// The end of a dashboard renders after the first paint (an effect, which a server render never runs): render it at once.
vi.mock('@/components/dashboard/later', () => ({ Later: ({ children }: { children: unknown }) => children }));

const stat = (value: number, previous: number, changePercent: number | null): Stat => ({ value, previous, changePercent });
const base: DashboardBase = {
  period: 'week',
  range: { from: '2026-11-15T20:00:00.000Z', to: '2026-11-22T20:00:00.000Z' },
  previousRange: { from: '2026-11-08T20:00:00.000Z', to: '2026-11-15T20:00:00.000Z' },
};
const series = [
  { key: '2026-11-16', label: 'Mon 16', value: 30 },
  { key: '2026-11-17', label: 'Tue 17', value: 0 },
];
const zeros = series.map((point) => ({ ...point, value: 0 }));
const statusMix = [
  { key: 'new', label: 'New', value: 2 },
  { key: 'return', label: 'Return', value: 0 },
];
const order = { id: 7, invoiceId: '#7', customer: 'Ann Lee', createAt: '2026-11-20T10:00:00Z', totalAmount: 12.5, status: 'new' };

/** Server-renders a screen's figures inside a router (its links need one), its texts in English. */
async function render(element: ReactElement): Promise<string> {
  const router = createRouter({ routeTree: createRootRoute({ component: () => element }), history: createMemoryHistory() });
  await router.load();
  return renderToString(createElement(I18nProvider, { i18n }, createElement(RouterProvider, { router })));
}

const text = (html: string) => html.replace(/<!-- -->/g, '');

describe('dashboard screens', () => {
  it('sales: cards with their change and comparison, charts named by their summaries with hidden tables', async () => {
    const html = text(
      await render(
        createElement(SalesFigures, {
          data: {
            ...base,
            revenue: stat(1234.5, 1000, 23.5),
            repeatPurchaseRate: stat(0, 0, null),
            averageOrderValue: stat(30, 40, -25),
            newCustomers: stat(3, 0, null),
            earnings: series,
            statusMix,
            topProducts: [{ id: 1, name: 'Classic Sneaker', image: '/images/products/1.svg', quantity: 2, revenue: 179 }],
            recentOrders: [order],
          },
        }),
      ),
    );
    expect(html).toContain('$1,234.50');
    expect(html).toContain('Up 23.5%');
    expect(html).toContain('Down 25%');
    expect(html).toContain('New: none in the previous period');
    expect(html).toContain('Compared with the previous 7 days: $1,000.00');
    expect(html).toContain('aria-label="Earnings: $30.00 in total over the last 7 days; highest Mon 16 ($30.00)."');
    expect(html).toContain('aria-label="Orders by status: New 2 (100%), Return 0 (0%)."');
    expect(html).toMatch(/<caption>Earnings<\/caption>/);
    expect(html).toMatch(/<caption>Order status mix<\/caption>/);
    expect(html).toContain('Classic Sneaker');
    expect(html).toContain('href="/orders/7"');
    expect(html).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('an empty period: zeros and a note instead of a chart, never NaN', async () => {
    const html = text(
      await render(
        createElement(AnalyticsFigures, {
          data: {
            ...base,
            customers: stat(0, 0, null),
            orders: stat(0, 0, null),
            revenue: stat(0, 0, null),
            returningCustomerRate: stat(0, 0, null),
            revenueSeries: zeros,
            byPaymentMethod: statusMix.map((slice) => ({ ...slice, value: 0 })),
            byStatus: statusMix.map((slice) => ({ ...slice, value: 0 })),
            latestOrders: [],
            customersByCountry: [],
          },
        }),
      ),
    );
    expect(html.match(/No orders in the last 7 days/g)?.length).toBe(4);
    // The note says which days: the range's first and last (its end is exclusive).
    expect(html).toMatch(/No orders in the last 7 days \(Nov 15\s–\s22, 2026\)/);
    expect(html).not.toContain('role="img"');
    expect(html).toContain('$0.00');
    expect(html).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('saas, job and learning render their parts', async () => {
    const saas = text(
      await render(
        createElement(SaasFigures, {
          data: {
            ...base,
            monthlyRecurringRevenue: stat(500, 400, 25),
            outstanding: stat(100, 200, -50),
            overdue: stat(50, 0, null),
            newClients: stat(1, 1, 0),
            spentPerBucket: series,
            recentInvoices: [{ id: 'INV-020', customer: 'Ann Lee', image: '/images/avatars/1.svg', issueDate: '2026-11-01T00:00:00Z', dueDate: '2026-11-09T00:00:00Z', totalAmount: 50, status: 'overdue' }],
            topCustomers: [{ id: 1, name: 'Ann Lee', image: '/images/avatars/1.svg', invoices: 2, spent: 80 }],
          },
        }),
      ),
    );
    expect(saas).toContain('href="/invoices/INV-020/details"');
    expect(saas).toContain('Overdue');
    // Down is good news for the amount still owed: the badge is green.
    expect(saas).toMatch(/bg-green-100[^"]*"><span class="sr-only">Down 50%/);

    const job = text(
      await render(
        createElement(JobFigures, {
          data: {
            ...base,
            applications: stat(120, 100, 20),
            shortlisted: stat(50, 40, 25),
            recentApplications: series,
            byStage: statusMix,
            jobPosts: [{ id: 1, title: 'Frontend developer', department: 'Engineering', location: 'Remote', status: 'open', applications: 12, postedAt: '2026-11-01T00:00:00Z' }],
            byGender: statusMix,
            applicationsOverTime: series,
          },
        }),
      ),
    );
    expect(job).toContain('42%');
    expect(job).toContain('50 of 120 applications in the last 7 days shortlisted.');
    expect(job).toContain('Frontend developer');

    const learning = text(
      await render(
        createElement(LearningFigures, {
          data: {
            ...base,
            learner: { name: 'Ann', overallProgress: 40 },
            courseCounts: { total: 3, inProgress: 1, completed: 1, notStarted: 1 },
            courses: [{ id: 1, title: 'Design systems', category: 'Design', progress: 50, score: null }],
            studyMinutes: series,
            studyTime: stat(90, 60, 50),
            upcomingTasks: [{ id: 4, title: 'Read chapter 2', courseTitle: 'Design systems', dueAt: '2026-11-25T00:00:00Z', done: true }],
          },
          onTaskSaved: () => {},
        }),
      ),
    );
    expect(learning).toContain('Welcome back, Ann');
    expect(learning).toContain('1 h 30 min');
    expect(learning).toMatch(/<input id="task-4" type="checkbox"[^>]* checked[ >/]/);
    expect(learning).toContain('<label for="task-4"');
    expect(learning).toContain('aria-valuenow="50"');
    for (const html of [saas, job, learning]) expect(html).not.toMatch(/NaN|Infinity|undefined/);
  });
});
