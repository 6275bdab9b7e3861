import { DAY_MS } from '../../domain/units';
import type { Random } from './random';

/*
 * When the sample orders are placed: over the 365 whole UTC days before `now` (and today up to
 * now), more on weekends than on weekdays and more in the shopping season, with a slow growth
 * over the year. Each day's count is its share of the total by these weights (largest
 * remainders, so the counts add up exactly); the times within a day favour the daytime.
 */

/** How much busier a Saturday or Sunday is than a weekday. */
export const WEEKEND_FACTOR = 1.45;

/** Relative busyness of each calendar month (January … December): the November–December peak, a quiet late winter. */
export const MONTH_FACTORS: readonly number[] = [0.8, 0.72, 0.85, 0.9, 0.95, 0.9, 0.88, 0.92, 1, 1.1, 1.65, 1.9];

/** Days of history the sample activity covers. */
export const HISTORY_DAYS = 365;

/** Weight of a day starting at `dayMs` (UTC midnight), `age` days before today. */
export function dayWeight(dayMs: number, age: number): number {
  const date = new Date(dayMs);
  const weekday = date.getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? WEEKEND_FACTOR : 1;
  // Growth: the shop does about a third more business now than a year ago.
  const growth = 1 + (0.35 * (HISTORY_DAYS - age)) / HISTORY_DAYS;
  return weekend * MONTH_FACTORS[date.getUTCMonth()]! * growth;
}

/** Share of a day's orders per hour of the day (UTC): quiet at night, busiest in the evening. */
const HOUR_WEIGHTS = [1, 0.6, 0.4, 0.3, 0.3, 0.5, 1, 2, 3, 4, 4.5, 5, 5.5, 5, 4.5, 4.5, 5, 5.5, 6, 6.5, 6, 5, 3.5, 2];
const HOURS = HOUR_WEIGHTS.map((_, hour) => hour);

/** How many orders each day gets (oldest day first), `count` in all. */
export function ordersPerDay(now: number, count: number): Array<{ dayMs: number; count: number }> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const days = Array.from({ length: HISTORY_DAYS }, (_, i) => {
    const age = HISTORY_DAYS - 1 - i;
    const dayMs = today - age * DAY_MS;
    // Today is only partly gone: its weight is the part that has passed.
    const part = age === 0 ? (now - today) / DAY_MS : 1;
    return { dayMs, weight: dayWeight(dayMs, age) * part };
  });
  const total = days.reduce((sum, day) => sum + day.weight, 0);
  const exact = days.map((day) => (day.weight / total) * count);
  const counts = exact.map(Math.floor);
  let left = count - counts.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    counts[i]!++;
    left--;
  }
  return days.map((day, i) => ({ dayMs: day.dayMs, count: counts[i]! }));
}

/** `count` order instants in time order, none after `now`. */
export function orderInstants(random: Random, now: number, count: number): number[] {
  const instants: number[] = [];
  for (const day of ordersPerDay(now, count)) {
    const times: number[] = [];
    for (let n = 0; n < day.count; n++) {
      const hour = random.weighted(HOURS, HOUR_WEIGHTS);
      const at = day.dayMs + hour * 3_600_000 + random.int(3_600_000);
      // Today's orders fall before now (the hour drawn may not have come yet).
      times.push(at <= now ? at : day.dayMs + random.int(Math.max(1, now - day.dayMs)));
    }
    times.sort((a, b) => a - b);
    instants.push(...times);
  }
  return instants;
}
