import { DAY_MS } from '../../../domain/units';
import { add, monthOfDay } from './order-aggregates';
import type { DayTotals, MonthTotals, ProductInfo, WindowTotals } from './order-aggregates';

// Reading: what the dashboards ask of the loaded months.

/** The loaded months (by index; absent from the map or null: no orders that month) and the products' info. */
export class OrderTotals {
  constructor(
    private readonly months: ReadonlyMap<number, MonthTotals | null>,
    private readonly productInfo: ReadonlyMap<number, ProductInfo>,
  ) {}

  /** The days of [fromDay, toDay) that have orders, with their totals (in no particular order). */
  private *days(fromDay: number, toDay: number): Generator<DayTotals> {
    if (toDay <= fromDay) return;
    for (let index = monthOfDay(fromDay), last = monthOfDay(toDay - 1); index <= last; index++) {
      const month = this.months.get(index);
      if (!month) continue;
      for (const [dayNo, day] of month.days) if (dayNo >= fromDay && dayNo < toDay) yield day;
    }
  }

  /** Orders and cents of the days [fromDay, toDay), summed: for a series' bucket. */
  sum(fromDay: number, toDay: number): { orders: number; cents: number } {
    let orders = 0;
    let cents = 0;
    for (const day of this.days(fromDay, toDay)) {
      orders += day.orders;
      cents += day.cents;
    }
    return { orders, cents };
  }

  /** Everything the dashboards ask about the window of days [fromDay, toDay). */
  window(fromDay: number, toDay: number): WindowTotals {
    const totals: WindowTotals = { orders: 0, cents: 0, byStatus: new Map(), byPayment: new Map(), customers: new Map(), products: new Map(), newCustomers: 0, returningCustomers: 0 };
    for (const day of this.days(fromDay, toDay)) {
      totals.orders += day.orders;
      totals.cents += day.cents;
      totals.newCustomers += day.firstOrders;
      for (const [status, n] of day.byStatus) add(totals.byStatus, status, n);
      for (const [payment, n] of day.byPayment) add(totals.byPayment, payment, n);
      for (const [customer, n] of day.customers) add(totals.customers, customer, n);
      for (const [id, sales] of day.products) {
        const sum = totals.products.get(id);
        if (sum) {
          sum.quantity += sales.quantity;
          sum.cents += sales.cents;
          sum.lines += sales.lines;
        } else totals.products.set(id, { ...sales });
      }
    }
    // Each customer of the window first ordered either in it (new) or before it (returning).
    totals.returningCustomers = totals.customers.size - totals.newCustomers;
    return totals;
  }

  /** The ids of the newest `count` orders placed in [fromMs, toMs), newest first (instant, then higher id). */
  latest(fromMs: number, toMs: number, count: number): number[] {
    const ids: number[] = [];
    if (toMs <= fromMs || count <= 0) return ids;
    const first = monthOfDay(Math.floor(fromMs / DAY_MS));
    for (let index = monthOfDay(Math.floor((toMs - 1) / DAY_MS)); index >= first && ids.length < count; index--) {
      const latest = this.months.get(index)?.latest;
      if (!latest) continue;
      for (let i = 0; i < latest.length && ids.length < count; i += 2) {
        const ms = latest[i]!;
        if (ms >= toMs) continue;
        if (ms < fromMs) break;
        ids.push(latest[i + 1]!);
      }
    }
    return ids;
  }

  /** The name and image a product's order lines last had. */
  product(id: number): ProductInfo | undefined {
    return this.productInfo.get(id);
  }
}
