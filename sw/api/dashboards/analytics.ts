import type { ShopDb } from '../storage/db';
import type { AnalyticsDashboard } from '../../../domain/schema/dashboard';
import { orderStatusOptions, paymentMethodOptions } from '../../../seed/lookups';
import { userCountries } from '../storage/user-countries';
import type { WindowTotals } from '../orders/order-aggregates';
import { dashboardBase, percent, round, series, stat, type PeriodContext } from './period';
import { orderWindows, recentOrders, slices } from './order-figures';

const TOP_COUNTRIES = 10;

/**
 * Users per country, most first (ties by name), top 10, over all users: from the stored
 * per-country counts (storage/user-countries.ts, kept by every users write), so no user row
 * is read per call, nor after a worker restart.
 */
export async function customersByCountry(db: ShopDb): Promise<AnalyticsDashboard['customersByCountry']> {
  const counts = await userCountries(db);
  return [...counts.entries()]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP_COUNTRIES)
    .map(([country, customers]) => ({ country, customers }));
}

/** % of the window's customers whose first order is before the window (1 decimal). */
const returningRate = (totals: WindowTotals): number => round(percent(totals.returningCustomers, totals.customers.size), 1);

/** GET /api/dashboards/analytics: orders, revenue and customers of the window; users by country (all users). */
export async function analyticsDashboard(db: ShopDb, ctx: PeriodContext): Promise<AnalyticsDashboard> {
  const [{ current, previous, bucketCents }, latest, countries] = await Promise.all([
    orderWindows(db, ctx),
    recentOrders(db, ctx),
    customersByCountry(db),
  ]);
  return {
    ...dashboardBase(ctx),
    customers: stat(current.customers.size, previous.customers.size),
    orders: stat(current.orders, previous.orders),
    revenue: stat(current.cents / 100, previous.cents / 100),
    returningCustomerRate: stat(returningRate(current), returningRate(previous)),
    revenueSeries: series(ctx, (_bucket, i) => bucketCents[i]! / 100),
    byPaymentMethod: slices(paymentMethodOptions, current.byPayment),
    byStatus: slices(orderStatusOptions, current.byStatus),
    latestOrders: latest,
    customersByCountry: countries,
  };
}
