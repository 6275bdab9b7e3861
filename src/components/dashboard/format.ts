import { t } from '@/i18n/i18n';
import { dateFormat, formatNumber, numberFormat, SHOP_CURRENCY } from '@/i18n/format';
import type { DashboardPeriod, PeriodRange, SeriesPoint, Slice, Stat } from '@schema/dashboard';

/** How a figure is written: a count, an amount of money (USD), a percentage or minutes of study. */
export type FigureFormat = 'count' | 'money' | 'percent' | 'minutes';

// The current language's formatters (src/i18n/format.ts makes each once per language); the shop's currency stays USD.
const countFormat = () => numberFormat({ maximumFractionDigits: 1 });
const moneyFormat = () => numberFormat({ style: 'currency', currency: SHOP_CURRENCY });
const compactCount = () => numberFormat({ notation: 'compact', maximumFractionDigits: 1 });
const compactMoney = () => numberFormat({ style: 'currency', currency: SHOP_CURRENCY, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
/** A figure that is already a percentage (42.5 → "42.5%"). */
const percentText = (value: number) => numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(value / 100);

/** "1,234", "$1,234.50", "42.5%", "3 h 20 min". */
export function formatFigure(value: number, format: FigureFormat): string {
  switch (format) {
    case 'money':
      return moneyFormat().format(value);
    case 'percent':
      return percentText(value);
    case 'minutes':
      return formatMinutes(value);
    default:
      return countFormat().format(value);
  }
}

/** An axis tick, short: "1.2K", "$12K", "$3.4M", "40%", "45 min", "3 h". */
export function formatTick(value: number, format: FigureFormat): string {
  switch (format) {
    case 'money':
      return compactMoney().format(value);
    case 'percent':
      return percentText(value);
    case 'minutes':
      // The value axis ticks in half or whole hours above 80 minutes (chart-layout.ts).
      return value >= 60 && value % 30 === 0 ? t('common.figure.hours', { hours: compactCount().format(value / 60) }) : t('common.figure.minutes', { minutes: compactCount().format(value) });
    default:
      return compactCount().format(value);
  }
}

/** "45 min", "2 h", "3 h 20 min" (rounded to the minute). */
export function formatMinutes(minutes: number): string {
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return t('common.figure.minutes', { minutes: formatNumber(rest) });
  return rest === 0 ? t('common.figure.hours', { hours: countFormat().format(hours) }) : t('common.figure.hoursMinutes', { hours: countFormat().format(hours), minutes: formatNumber(rest) });
}

/** A stat's change against the previous period, told by words and an arrow, not by colour alone. */
export interface ChangeView {
  trend: 'up' | 'down' | 'flat' | 'new';
  /** The arrow shown before the figure (decorative: `spoken` says the same). */
  arrow: '↑' | '↓' | '';
  /** What is shown: "12.5%", "0%", "New". */
  text: string;
  /** What it means: "Up 12.5%", "Down 3%", "No change", "New: none in the previous period". */
  spoken: string;
}

/** Reads `changePercent` (null when the previous period had nothing to compare with). */
export function describeChange(stat: Pick<Stat, 'value' | 'changePercent'>): ChangeView {
  const change = stat.changePercent;
  if (change === null) {
    return stat.value === 0
      ? { trend: 'flat', arrow: '', text: percentText(0), spoken: t('common.change.none') }
      : { trend: 'new', arrow: '', text: t('common.change.new'), spoken: t('common.change.newSpoken') };
  }
  const size = percentText(Math.abs(change));
  if (change > 0) return { trend: 'up', arrow: '↑', text: size, spoken: t('common.change.up', { size }) };
  if (change < 0) return { trend: 'down', arrow: '↓', text: size, spoken: t('common.change.down', { size }) };
  return { trend: 'flat', arrow: '', text: percentText(0), spoken: t('common.change.none') };
}

/** The stat card's tooltip: "Compared with the previous 30 days: 1,234" (one message per period, so each language words it whole). */
export function comparisonText(period: DashboardPeriod, previous: number, format: FigureFormat): string {
  return t('common.change.comparedWith', { period, value: formatFigure(previous, format) });
}

/** The window a period covers, as the empty notes and summaries say it. */
export function periodPhrase(period: DashboardPeriod): string {
  return t('common.period.phrase', { period });
}

const dayRange = () => dateFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthRange = () => dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The dates a period's range covers, as the API's UTC buckets do: "Oct 28 – Nov 26, 2026" (days),
 * "Dec 2025 – Nov 2026" (a year's months). `range.to` is exclusive: the last day is the one before.
 */
export function periodDates(period: DashboardPeriod, range: PeriodRange): string {
  const from = Date.parse(range.from);
  const last = Date.parse(range.to) - 1;
  if (!Number.isFinite(from) || !Number.isFinite(last) || last < from) return '';
  return (period === 'year' ? monthRange() : dayRange()).formatRange(from, last);
}

/** "No orders in the last 7 days", and with the range "No orders in the last 7 days (Nov 16 – 22, 2026)". */
export function emptyNote(what: string, period: DashboardPeriod, range?: PeriodRange): string {
  const dates = range ? periodDates(period, range) : '';
  return dates ? t('common.period.emptyWithDates', { what, period, dates }) : t('common.period.empty', { what, period });
}

/** Whether a chart has anything to draw (all zeros draws as an empty note instead, never a flat line at zero). */
export const hasFigures = (items: ReadonlyArray<{ value: number }>) => items.some((item) => item.value !== 0);

/**
 * A time series in a sentence, for the chart's accessible summary:
 * "Revenue: $1,234.50 in total over the last 30 days; highest Mon 16 ($300.00)."
 */
export function summariseSeries(name: string, points: readonly SeriesPoint[], format: FigureFormat, period: DashboardPeriod, total = true): string {
  const sum = points.reduce((s, p) => s + p.value, 0);
  if (!hasFigures(points)) return t('common.summary.none', { name, period });
  const highest = points.reduce((best, p) => (p.value > best.value ? p : best));
  const peak = { name, period, label: highest.label, value: formatFigure(highest.value, format) };
  return total ? t('common.summary.seriesTotal', { ...peak, total: formatFigure(sum, format) }) : t('common.summary.series', peak);
}

/** A slice's share of the whole, 1 decimal ("40%"); 0 when the whole is 0. */
export function share(value: number, total: number): string {
  return percentText(total === 0 ? 0 : (value / total) * 100);
}

/** "Orders by status: Delivered 40 (40%), New 10 (10%)." — every slice, in the API's order. */
export function summariseSlices(name: string, slices: readonly Slice[], format: FigureFormat, period: DashboardPeriod): string {
  const total = slices.reduce((s, slice) => s + slice.value, 0);
  if (total === 0) return t('common.summary.none', { name, period });
  const parts = slices.map((slice) => t('common.summary.slice', { label: slice.label, value: formatFigure(slice.value, format), share: share(slice.value, total) }));
  return t('common.summary.slices', { name, slices: parts.join(t('common.summary.separator')) });
}

/** `part` as a whole-number percentage of `whole` (0 when the whole is 0), for a radial. */
export function ratioPercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}
