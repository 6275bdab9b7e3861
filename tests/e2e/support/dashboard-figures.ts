import type { Application } from '../../../domain/schema/jobs';
import type { Invoice } from '../../../domain/schema/invoice';
import type { StudySession } from '../../../domain/schema/learning';
import type { Order } from '../../../domain/schema/order';
import type { PeriodRange } from '../../../domain/schema/dashboard';

/*
 * Every dashboard's headline figures recomputed from the stored records read through `/api`
 * lists, for the contract test and the Playwright journey of "Fill with a year of sample
 * activity": what each dashboard says for a period must equal these sums over the records.
 */

/** GET through `/api` (the test's own call: the contract harness or the page's fetch). */
export type ApiGet = (path: string) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ShopRecords {
  orders: Order[];
  invoices: Invoice[];
  applications: Application[];
  studySessions: StudySession[];
}

/** Every row of a list, page by page (1,000 a page). */
async function everyRow<T>(get: ApiGet, path: string, field: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await get(`${path}?pageSize=1000&page=${page}`);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    rows.push(...(answer.body[field] as T[]));
    if (page >= answer.body.meta.totalPages) return rows;
  }
}

export async function readShopRecords(get: ApiGet): Promise<ShopRecords> {
  return {
    orders: await everyRow<Order>(get, '/api/orders', 'orders'),
    invoices: await everyRow<Invoice>(get, '/api/invoices', 'invoices'),
    applications: await everyRow<Application>(get, '/api/applications', 'applications'),
    studySessions: await everyRow<StudySession>(get, '/api/study-sessions', 'studySessions'),
  };
}

const cents = (amount: number) => Math.round(amount * 100);
const within = (at: string, range: PeriodRange) => at >= range.from && at < range.to;
const countBy = <T,>(rows: readonly T[], key: (row: T) => string) => {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
  return counts;
};

/** The figures the records give for a dashboard window. */
export function figuresFromRecords(records: ShopRecords, range: PeriodRange) {
  const orders = records.orders.filter((order) => within(new Date(order.createAt).toISOString(), range));
  const invoices = records.invoices.filter((invoice) => within(new Date(invoice.issueDate).toISOString(), range));
  return {
    orders: orders.length,
    revenueCents: orders.reduce((sum, order) => sum + cents(order.totalAmount), 0),
    customers: new Set(orders.map((order) => order.customer.id)).size,
    ordersByStatus: countBy(orders, (order) => order.status),
    ordersByPayment: countBy(orders, (order) => order.payment.paymentMethod),
    applications: records.applications.filter((application) => within(application.appliedAt, range)).length,
    studyMinutes: records.studySessions.filter((session) => within(session.startedAt, range)).reduce((sum, session) => sum + session.minutes, 0),
    // The SaaS dashboard's MRR: the window's invoice totals normalised to 30 days (compared to the cent).
    invoiceMrr: (invoices.reduce((sum, invoice) => sum + cents(invoice.totalAmount), 0) * 30) / ((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) / 100,
  };
}

const slicesAsCounts = (slices: ReadonlyArray<{ key: string; value: number }>) => Object.fromEntries(slices.filter((slice) => slice.value > 0).map((slice) => [slice.key, slice.value]));

/** The same figures as the five dashboards answer them for `period` (each answer's own window). */
export async function figuresFromDashboards(get: ApiGet, period: 'month' | 'year') {
  const answer = async (name: string) => {
    const got = await get(`/api/dashboards/${name}?period=${period}`);
    if (got.status !== 200) throw new Error(`${name}: ${got.status}`);
    return got.body;
  };
  const [sales, analytics, saas, job, learning] = await Promise.all(['sales', 'analytics', 'saas', 'job', 'learning'].map(answer));
  return {
    range: sales.range as PeriodRange,
    figures: {
      orders: analytics.orders.value as number,
      revenueCents: cents(sales.revenue.value),
      customers: analytics.customers.value as number,
      ordersByStatus: slicesAsCounts(sales.statusMix),
      ordersByPayment: slicesAsCounts(analytics.byPaymentMethod),
      applications: job.applications.value as number,
      studyMinutes: learning.studyTime.value as number,
      invoiceMrr: saas.monthlyRecurringRevenue.value as number,
    },
    // The same window for every dashboard (so one set of sums serves them all).
    ranges: [sales, analytics, saas, job, learning].map((dashboard) => JSON.stringify(dashboard.range)),
  };
}
