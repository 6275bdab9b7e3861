import { t, currentLocale } from '@/i18n/i18n';
/**
 * Which header notifications this account has read on this device (localStorage, per
 * account, by the events' stable ids: `order-12`, `stock-3`, `review-40`), and how old an
 * event is in words. Zod-free and tiny: the header loads it at start-up.
 */
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Enough to cover every event the bell can list (at most 50) many times over. */
export const MAX_REMEMBERED_READ = 200;

const readKey = (accountId: string) => `shop-admin:notifications-read:${accountId}`;

export function loadReadIds(storage: KeyValueStorage | undefined, accountId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(readKey(accountId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Adds `ids` to the read ones and stores them, newest last, keeping the last
 * MAX_REMEMBERED_READ (an event that old has long left the list). Returns the new list.
 */
export function markIdsRead(storage: KeyValueStorage | undefined, accountId: string, read: readonly string[], ids: readonly string[]): string[] {
  const added = ids.filter((id) => !read.includes(id));
  const next = [...read, ...added].slice(-MAX_REMEMBERED_READ);
  try {
    storage?.setItem(readKey(accountId), JSON.stringify(next));
  } catch {
    // No storage (private mode, quota): read for this session only.
  }
  return next;
}

/** Short relative times in the current language (made once per language). */
const formats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = currentLocale();
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })));
  return format;
}

/** Each unit, and how many of it make the next one. */
const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
];

/** "just now", "5 min. ago", "3 hr. ago", "yesterday", "2 wk. ago": how long before `now` the event was. */
export function timeAgo(at: string, now: number): string {
  const seconds = (now - Date.parse(at)) / 1000;
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return t('common.notifications.justNow');
  const relative = relativeFormat();
  let amount = seconds / 60;
  for (const [unit, perNext] of units) {
    if (amount < perNext) return relative.format(-Math.floor(amount), unit);
    amount /= perNext;
  }
  return relative.format(-Math.floor(amount), 'year');
}
