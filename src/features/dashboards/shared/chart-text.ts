import type { DashboardPeriod, PeriodRange, SeriesPoint, Slice } from '@schema/dashboard';
import { formatFigure, hasFigures, type FigureFormat } from '@/components/dashboard/format';
import { dateFormat, formatDate, formatPercent } from '@/i18n/format';
import { currentLocale, type t as translate } from '@/i18n/i18n';

/*
 * The dashboards' words around their figures, in the current language: the charts' point and
 * slice names (the API names them in English, by key), their spoken summaries, the empty notes
 * and what a change compares with. Figures are written by formatFigure.
 */

type T = typeof translate;

/** A series' points named in the current language from their keys (`YYYY-MM-DD` days, `YYYY-MM` months); English keeps the API's names. */
export function localPoints(points: readonly SeriesPoint[]): SeriesPoint[] {
  if (currentLocale() === 'en') return [...points];
  return points.map((point) => {
    const date = new Date(`${point.key.length === 7 ? `${point.key}-01` : point.key}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) return point;
    const label = point.key.length === 7 ? formatDate(date, { month: 'short', year: 'numeric', timeZone: 'UTC' }) : formatDate(date, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
    return { ...point, label };
  });
}

/** Every slice key the dashboards show (order statuses, payment methods, application stages, genders), by its message id. */
const SLICE_IDS: Record<string, string> = {
  new: 'dashboards.slice.new',
  pending: 'dashboards.slice.pending',
  shipping: 'dashboards.slice.shipping',
  delivered: 'dashboards.slice.delivered',
  return: 'dashboards.slice.return',
  'Credit Card': 'dashboards.slice.creditCard',
  Paypal: 'dashboards.slice.paypal',
  'Visa Card': 'dashboards.slice.visaCard',
  'Master Card': 'dashboards.slice.masterCard',
  application: 'dashboards.slice.application',
  shortlisted: 'dashboards.slice.shortlisted',
  certified: 'dashboards.slice.certified',
  'on-hold': 'dashboards.slice.onHold',
  rejected: 'dashboards.slice.rejected',
  hired: 'dashboards.slice.hired',
  female: 'dashboards.slice.female',
  male: 'dashboards.slice.male',
  'non-binary': 'dashboards.slice.nonBinary',
  undisclosed: 'dashboards.slice.undisclosed',
};

/** Slices named in the current language (an unknown key keeps the API's name). */
export const localSlices = (t: T, slices: readonly Slice[]): Slice[] => slices.map((slice) => (SLICE_IDS[slice.key] ? { ...slice, label: t(SLICE_IDS[slice.key]!) } : slice));

/** The dates a period covers, as the API's UTC buckets do ("Oct 28 – Nov 26, 2026", "28 oct – 26 nov 2026"); `range.to` is exclusive. */
export function periodDates(period: DashboardPeriod, range: PeriodRange): string {
  const from = Date.parse(range.from);
  const last = Date.parse(range.to) - 1;
  if (!Number.isFinite(from) || !Number.isFinite(last) || last < from) return '';
  const options: Intl.DateTimeFormatOptions = period === 'year' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' };
  return dateFormat(options).formatRange(from, last);
}

/** What a dashboard has none of in a period. */
export type EmptyWhat = 'orders' | 'invoices' | 'applications' | 'candidates' | 'studyTime';

/** "No orders in the last 7 days (Nov 16 – 22, 2026)". */
export function emptyNote(t: T, what: EmptyWhat, period: DashboardPeriod, range?: PeriodRange): string {
  const dates = range ? periodDates(period, range) : '';
  return dates ? t('dashboards.empty.noteWithDates', { what, period, dates }) : t('dashboards.empty.note', { what, period });
}

/** "Revenue: $1,234.50 in total over the last 30 days; highest Mon 16 ($300.00)." (the chart's spoken summary; points already named by localPoints). */
export function summariseSeries(t: T, name: string, points: readonly SeriesPoint[], format: FigureFormat, period: DashboardPeriod, total = true): string {
  if (!hasFigures(points)) return t('dashboards.summary.none', { name, period });
  const highest = points.reduce((best, point) => (point.value > best.value ? point : best));
  const values = { name, period, label: highest.label, highest: formatFigure(highest.value, format) };
  if (!total) return t('dashboards.summary.over', values);
  return t('dashboards.summary.total', { ...values, total: formatFigure(points.reduce((sum, point) => sum + point.value, 0), format) });
}

/** A slice's share of the whole ("40%"); 0 when the whole is 0. */
export const share = (value: number, whole: number) => formatPercent(whole === 0 ? 0 : value / whole);

/** "Orders by status: Delivered 40 (40%), New 10 (10%)." — every slice, in the API's order (slices already named by localSlices). */
export function summariseSlices(t: T, name: string, slices: readonly Slice[], format: FigureFormat, period: DashboardPeriod): string {
  const whole = slices.reduce((sum, slice) => sum + slice.value, 0);
  if (whole === 0) return t('dashboards.summary.none', { name, period });
  const items = slices.map((slice) => t('dashboards.summary.slice', { label: slice.label, value: formatFigure(slice.value, format), share: share(slice.value, whole) }));
  return t('dashboards.summary.slices', { name, slices: new Intl.ListFormat(currentLocale(), { type: 'unit', style: 'short' }).format(items) });
}

/** A chart table's first column: the day or the month. */
export const bucketName = (t: T, period: DashboardPeriod) => (period === 'year' ? t('dashboards.table.month') : t('dashboards.table.day'));
