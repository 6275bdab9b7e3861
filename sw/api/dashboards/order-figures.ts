import type { ShopDb } from '../storage/db';
import { orderStore } from '../orders/store/order-store';
import type { WindowTotals } from '../orders/order-aggregates';
import { DAY_MS } from '../../../domain/units';
import type { PeriodRange, SalesDashboard, Slice } from '../../../domain/schema/dashboard';
import { rangeMs, type PeriodContext } from './period';

/** The order figures of a period and of its comparison window, and the revenue per bucket (cents). */
export interface OrderWindows {
  current: WindowTotals;
  previous: WindowTotals;
  bucketCents: number[];
}

/** A range's UTC day numbers [from, to) (ranges are whole UTC days: period.ts). */
function days(range: PeriodRange): [number, number] {
  const { from, to } = rangeMs(range);
  return [Math.floor(from / DAY_MS), Math.ceil(to / DAY_MS)];
}

/**
 * The period's order totals, from the stored per-day aggregates (order-aggregates.ts: only
 * the months of the two windows are read, no order), kept by the store until the next order
 * write (so sales and analytics share them).
 */
export function orderWindows(db: ShopDb, ctx: PeriodContext): Promise<OrderWindows> {
  const key = `dashboards|${ctx.previousRange.from}|${ctx.range.from}|${ctx.range.to}|${ctx.buckets.length}`;
  const [fromDay] = days(ctx.previousRange);
  const [, toDay] = days(ctx.range);
  return orderStore(db).aggregate(key, [fromDay, toDay], (totals) => ({
    current: totals.window(...days(ctx.range)),
    previous: totals.window(...days(ctx.previousRange)),
    bucketCents: ctx.buckets.map((bucket) => totals.sum(Math.floor(bucket.from / DAY_MS), Math.ceil(bucket.to / DAY_MS)).cents),
  }));
}

/** The product names and images of the order lines (for the top products), as last written. */
export function orderProducts(db: ShopDb, ids: readonly number[]): Promise<Array<{ name: string; image: string } | undefined>> {
  return orderStore(db).aggregate(`dashboards|products|${ids.join(',')}`, [0, 0], (totals) => ids.map((id) => totals.product(id)));
}

/**
 * The newest `count` orders placed in the period (newest first: by createAt's instant, then
 * the higher id), from the stored per-month lists: only their blocks are read.
 */
export async function recentOrders(db: ShopDb, ctx: PeriodContext, count = 5): Promise<SalesDashboard['recentOrders']> {
  const { from, to } = rangeMs(ctx.range);
  const rows = await orderStore(db).recent(from, to, count);
  return rows.map((order) => ({
    id: order.id,
    invoiceId: order.invoiceId,
    customer: order.customer.name,
    createAt: order.createAt,
    totalAmount: order.totalAmount,
    status: order.status,
  }));
}

/** Slices for a fixed list of options (every option, in its order, 0 when absent). */
export function slices(options: ReadonlyArray<{ value: string; title: string }>, counts: ReadonlyMap<string, number>): Slice[] {
  return options.map((option) => ({ key: option.value, label: option.title, value: counts.get(option.value) ?? 0 }));
}
