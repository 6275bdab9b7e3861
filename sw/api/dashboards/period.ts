import { ApiError, INVALID_REQUEST } from '../http';
import { dashboardPeriods } from '../../../domain/schema/dashboard';
import type { DashboardBase, DashboardPeriod, PeriodRange, SeriesPoint, Stat } from '../../../domain/schema/dashboard';
import { DAY_MS } from '../../../domain/units';

/**
 * Periods of the dashboards (GET /api/dashboards/:name?period=week|month|year, default month).
 *
 * Windows are rolling and made of whole UTC buckets, so that a series always adds up to its
 * period's figure:
 * - week: the last 7 UTC days, today included (7 daily buckets);
 * - month: the last 30 UTC days, today included (30 daily buckets);
 * - year: the last 12 UTC calendar months, this one included (12 monthly buckets).
 * `range.to` is the start of tomorrow (of next month for a year), exclusive; `range.from` is
 * inclusive. The comparison window (`previousRange`) is the one of equal length just before:
 * the previous 7 days, 30 days or 12 months.
 *
 * "Now" is `dashboardClock.now()`, which is `Date.now()` unless a test replaces it
 * (`dashboardClock.now = () => Date.parse('2026-11-16T10:00:00Z')`, restored after the test)
 * — `vi.setSystemTime` works too, since the default reads `Date.now()`.
 */
export const dashboardClock: { now: () => number } = { now: () => Date.now() };

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** One bucket of a period: its series key and label, and its instants (epoch ms, from inclusive, to exclusive). */
export interface PeriodBucket {
  key: string;
  label: string;
  from: number;
  to: number;
}

/** What a dashboard is computed for: the learning and job modules receive this too. */
export interface PeriodContext {
  period: DashboardPeriod;
  range: PeriodRange;
  previousRange: PeriodRange;
  /** The period's buckets, oldest first: they tile `range` exactly. */
  buckets: PeriodBucket[];
  /** The instant the dashboard is computed at (epoch ms). */
  now: number;
}

/** The `period` query parameter; missing or empty means month, anything unknown is a 400. */
export function parsePeriod(url: URL): DashboardPeriod {
  const raw = url.searchParams.get('period')?.trim().toLowerCase() ?? '';
  if (raw === '') return 'month';
  if ((dashboardPeriods as readonly string[]).includes(raw)) return raw as DashboardPeriod;
  throw new ApiError(400, `${INVALID_REQUEST}: period must be one of ${dashboardPeriods.join(', ')}`, [
    { path: 'period', message: `must be one of ${dashboardPeriods.join(', ')}` },
  ]);
}

const startOfUtcDay = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;
const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of an instant, UTC. */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM` of an instant, UTC. */
export function monthKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

function dailyBuckets(to: number, days: number): PeriodBucket[] {
  const buckets: PeriodBucket[] = [];
  for (let i = days; i >= 1; i--) {
    const from = to - i * DAY_MS;
    const d = new Date(from);
    buckets.push({ key: dayKey(from), label: `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()}`, from, to: from + DAY_MS });
  }
  return buckets;
}

function monthlyBuckets(now: number, months: number): PeriodBucket[] {
  const d = new Date(now);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const buckets: PeriodBucket[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const from = Date.UTC(year, month - i, 1);
    const to = Date.UTC(year, month - i + 1, 1);
    const start = new Date(from);
    buckets.push({ key: monthKey(from), label: `${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()}`, from, to });
  }
  return buckets;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The period's window, its comparison window and buckets, at `now`. */
export function periodContext(period: DashboardPeriod, now: number = dashboardClock.now()): PeriodContext {
  let buckets: PeriodBucket[];
  let previousFrom: number;
  if (period === 'year') {
    buckets = monthlyBuckets(now, 12);
    const first = new Date(buckets[0]!.from);
    previousFrom = Date.UTC(first.getUTCFullYear() - 1, first.getUTCMonth(), 1);
  } else {
    const days = period === 'week' ? 7 : 30;
    buckets = dailyBuckets(startOfUtcDay(now) + DAY_MS, days);
    previousFrom = buckets[0]!.from - days * DAY_MS;
  }
  const from = buckets[0]!.from;
  const to = buckets[buckets.length - 1]!.to;
  return { period, range: { from: iso(from), to: iso(to) }, previousRange: { from: iso(previousFrom), to: iso(from) }, buckets, now };
}

/** The context for a request's `?period=` (400 when it is not week, month or year). */
export function requestPeriodContext(url: URL): PeriodContext {
  return periodContext(parsePeriod(url));
}

/** The part every dashboard answer starts with (what a figure is compared with, the app words from `period`). */
export function dashboardBase(ctx: PeriodContext): DashboardBase {
  return { period: ctx.period, range: ctx.range, previousRange: ctx.previousRange };
}

/** Epoch-ms bounds of a range (from inclusive, to exclusive). */
export function rangeMs(range: PeriodRange): { from: number; to: number } {
  return { from: Date.parse(range.from), to: Date.parse(range.to) };
}

/** Whether an ISO instant lies in a range. */
export function inRange(isoInstant: string, range: PeriodRange): boolean {
  const t = Date.parse(isoInstant);
  return t >= Date.parse(range.from) && t < Date.parse(range.to);
}

/** The index of the bucket an instant falls in, or -1 outside the period. */
export function bucketIndex(ctx: PeriodContext, ms: number): number {
  const { buckets } = ctx;
  if (buckets.length === 0 || ms < buckets[0]!.from || ms >= buckets[buckets.length - 1]!.to) return -1;
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (buckets[mid]!.from <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A series over the period's buckets: `valueOf(bucket)` for each, rounded to 2 decimals. */
export function series(ctx: PeriodContext, valueOf: (bucket: PeriodBucket, index: number) => number): SeriesPoint[] {
  return ctx.buckets.map((bucket, i) => ({ key: bucket.key, label: bucket.label, value: round(valueOf(bucket, i), 2) }));
}

/** A series from values dated by ISO instants: each value is added to its bucket. */
export function seriesOf<T>(ctx: PeriodContext, items: Iterable<T>, dateOf: (item: T) => string, valueOf: (item: T) => number = () => 1): SeriesPoint[] {
  const sums = new Array<number>(ctx.buckets.length).fill(0);
  for (const item of items) {
    const i = bucketIndex(ctx, Date.parse(dateOf(item)));
    if (i >= 0) sums[i]! += valueOf(item);
  }
  return series(ctx, (_bucket, i) => sums[i]!);
}

/** Rounds half away from zero to `decimals` places; non-finite numbers become 0 (no NaN in an answer). */
export function round(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return 0;
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON)) / factor;
}

/** A figure and its comparison: value and previous rounded to 2 decimals, the change to 1 (null when previous is 0). */
export function stat(value: number, previous: number): Stat {
  const v = round(value, 2);
  const p = round(previous, 2);
  return { value: v, previous: p, changePercent: p === 0 ? null : round(((v - p) / p) * 100, 1) };
}

/** `part / whole × 100`, 0 when whole is 0. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : (part / whole) * 100;
}
