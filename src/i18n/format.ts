import { currentLocale } from './i18n';
import type { Locale } from './locales';

/**
 * Numbers, money, percentages, dates and relative times in the current language, through
 * `Intl` (the one place the app formats them). The shop's currency stays the shop's: the
 * language decides how an amount is written, never what it is in. Formatters are made once
 * per language and options.
 */
export const SHOP_CURRENCY = 'USD';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(kind: string, locale: Locale, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) cache.set(key, (formatter = make()));
  return formatter;
}

export const numberFormat = (options: Intl.NumberFormatOptions = {}, locale: Locale = currentLocale()) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateFormat = (options: Intl.DateTimeFormatOptions = {}, locale: Locale = currentLocale()) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** 1234.5 → "1,234.5" (en), "1.234,5" (de), "1234,5" (es). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) => numberFormat(options).format(value);

/** An amount in the shop's currency: "$1,234.50" (en), "1.234,50 $" (de), "1,234.50 US$" (ar). */
export const formatMoney = (amount: number, options: Intl.NumberFormatOptions = {}) =>
  numberFormat({ style: 'currency', currency: SHOP_CURRENCY, ...options }).format(amount);

/** A ratio (0.125) as a percentage: "12.5%", "12,5 %". */
export const formatPercent = (ratio: number, options: Intl.NumberFormatOptions = { maximumFractionDigits: 1 }) =>
  numberFormat({ style: 'percent', ...options }).format(ratio);

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** A day: "Nov 28, 2026", "28 nov 2026", "28.11.2026" (dateStyle medium unless told). */
export const formatDate = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
  dateFormat(options).format(toDate(value));

/** A moment: the day and the time. */
export const formatDateTime = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) =>
  dateFormat(options).format(toDate(value));

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** How long ago (or until): "3 minutes ago", "hace 3 minutos", "vor 3 Minuten", "قبل ٣ دقائق"; under a minute "now". */
export function formatRelativeTime(value: Date | string | number, now: number = Date.now(), locale: Locale = currentLocale()): string {
  const format = cached('relative', locale, {}, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const difference = toDate(value).getTime() - now;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(difference) >= size) return format.format(Math.trunc(difference / size), unit);
  }
  return format.format(0, 'second');
}

/** "a, b and c" in the current language (English without the serial comma, as the app always wrote it). */
export const formatList = (items: readonly string[], locale: Locale = currentLocale()) =>
  new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' }).format(items);
