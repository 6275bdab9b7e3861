import { DAY_MS } from '../units';

/** "00" … "99". */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
/** The instants whose ISO form has a four-digit year (0000-01-01 … 9999-12-31, UTC). */
const FIRST_MS = -62_167_219_200_000;
const END_MS = 253_402_300_800_000;

/**
 * `new Date(ms).toISOString()`, without a Date: a bulk import makes a few per order (the
 * plausible history of each), and Chromium's `toISOString` costs several times this
 * arithmetic (H. Hinnant's civil_from_days, the proleptic Gregorian calendar as Date uses).
 * Whole milliseconds of four-digit years only; anything else goes to Date (same answer, or
 * the same RangeError).
 */
export function isoInstant(ms: number): string {
  if (!Number.isInteger(ms) || ms < FIRST_MS || ms >= END_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const { year, month, day } = civilFromDays(days);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  const millis = rest - seconds * 1_000;
  const t = TWO_DIGITS;
  return `${t[Math.floor(year / 100)]}${t[year % 100]}-${t[month]}-${t[day]}T${t[hours]}:${t[minutes]}:${t[seconds]}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/**
 * The UTC date of a day number (days since 1970-01-01), month 1–12: H. Hinnant's
 * civil_from_days, the proleptic Gregorian calendar as Date uses, without a Date.
 */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March … 11 = February
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1 };
}
