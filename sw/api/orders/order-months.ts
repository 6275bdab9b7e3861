import type { ShopDb } from '../storage/db';
import { orderStore } from './store/order-store';
import type { OrderMonth } from '../../../domain/contract/order-month';
import { monthLabels } from '../../../seed/monthly-series';


const MONTHS = 12;

/** The 12 calendar months (UTC) ending with the one `now` is in, oldest first. */
export function lastTwelveMonths(now: Date): Array<Pick<OrderMonth, 'key' | 'month' | 'year'>> {
  return Array.from({ length: MONTHS }, (_, i) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1));
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    return { key: `${year}-${String(month + 1).padStart(2, '0')}`, month: monthLabels[month]!, year };
  });
}

/** The UTC `YYYY-MM` of an ISO date (a UTC date's first seven characters; one with an offset is parsed). */
const monthOf = (date: string): string => (date.endsWith('Z') ? date.slice(0, 7) : new Date(date).toISOString().slice(0, 7));

/**
 * `GET /api/orders/analytics`: orders placed and their revenue per month over the last 12
 * months, counted from the order index (its dates in list order: only the window's part is
 * walked, no order is read), and kept until the next order write.
 */
export function orderAnalytics(db: ShopDb, now = new Date()): Promise<OrderMonth[]> {
  const months = lastTwelveMonths(now);
  const first = months[0]!.key;
  const last = months[MONTHS - 1]!;
  const lastDay = new Date(Date.UTC(last.year, Number(last.key.slice(5)), 0)).toISOString().slice(0, 10);
  return orderStore(db).summary(`analytics|${first}`, (index) => {
    const counts = new Map<string, { value: number; cents: number }>(months.map((m) => [m.key, { value: 0, cents: 0 }]));
    index.forEachInRange({ from: `${first}-01`, to: lastDay }, 'totalAmount', (date, amount) => {
      const month = counts.get(monthOf(date));
      if (!month) return;
      month.value++;
      month.cents += typeof amount === 'number' ? Math.round(amount * 100) : 0;
    });
    return months.map((m) => {
      const { value, cents } = counts.get(m.key)!;
      return { ...m, value, revenue: cents / 100 };
    });
  });
}
