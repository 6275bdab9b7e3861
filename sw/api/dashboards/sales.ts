import type { ShopDb } from '../storage/db';
import type { SalesDashboard } from '../../../domain/schema/dashboard';
import { orderStatusOptions } from '../../../seed/lookups';
import type { WindowTotals } from '../orders/order-aggregates';
import { dashboardBase, percent, round, series, stat, type PeriodContext } from './period';
import { orderProducts, orderWindows, recentOrders, slices } from './order-figures';

const TOP_PRODUCTS = 5;

/** % of the window's customers with two or more orders in it (1 decimal). */
function repeatRate(totals: WindowTotals): number {
  let repeat = 0;
  for (const orders of totals.customers.values()) if (orders >= 2) repeat++;
  return round(percent(repeat, totals.customers.size), 1);
}

/** Σ totalAmount / orders, in currency units (0 with no order). */
const averageOrder = (totals: WindowTotals): number => (totals.orders === 0 ? 0 : totals.cents / totals.orders / 100);

/**
 * GET /api/dashboards/sales. Revenue is Σ totalAmount of the orders placed in the window
 * (whatever their status, as the orders chart counts it); the top products rank the order
 * lines of the window by revenue (price × quantity), then quantity, then product id.
 */
export async function salesDashboard(db: ShopDb, ctx: PeriodContext): Promise<SalesDashboard> {
  const { current, previous, bucketCents } = await orderWindows(db, ctx);
  const top = [...current.products.entries()]
    .sort(([idA, a], [idB, b]) => b.cents - a.cents || b.quantity - a.quantity || idA - idB)
    .slice(0, TOP_PRODUCTS);
  const [info, recent] = await Promise.all([orderProducts(db, top.map(([id]) => id)), recentOrders(db, ctx)]);
  return {
    ...dashboardBase(ctx),
    revenue: stat(current.cents / 100, previous.cents / 100),
    repeatPurchaseRate: stat(repeatRate(current), repeatRate(previous)),
    averageOrderValue: stat(averageOrder(current), averageOrder(previous)),
    newCustomers: stat(current.newCustomers, previous.newCustomers),
    earnings: series(ctx, (_bucket, i) => bucketCents[i]! / 100),
    statusMix: slices(orderStatusOptions, current.byStatus),
    topProducts: top.map(([id, sales], i) => ({
      id,
      name: info[i]?.name ?? `Product ${id}`,
      image: info[i]?.image ?? '',
      quantity: sales.quantity,
      revenue: sales.cents / 100,
    })),
    recentOrders: recent,
  };
}
