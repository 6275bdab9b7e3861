/*
 * A list's search typed as the app shows amounts and dates in any of its languages (issue #34):
 * "1.234,50", "1234,50 US$", "$1,234.50", "28 nov 2026", "28. Nov. 2026", "28.11.2026",
 * "Nov 28, 2026", "٢٨ نوفمبر ٢٠٢٦". The lists' search fields hold amounts as numbers (1234.5)
 * and dates as ISO strings (2026-11-28T…), so such a search is turned into that form before it
 * is matched; anything else is matched as typed.
 */

/** Month names (lowercase, without accents or dots) in English, Spanish, German and Arabic, by month number. */
const MONTHS: ReadonlyArray<readonly string[]> = [
  ['jan', 'january', 'ene', 'enero', 'januar', 'jän', 'يناير'],
  ['feb', 'february', 'febrero', 'februar', 'فبراير'],
  ['mar', 'march', 'marzo', 'mär', 'marz', 'märz', 'maerz', 'مارس'],
  ['apr', 'april', 'abr', 'abril', 'أبريل', 'ابريل'],
  ['may', 'mayo', 'mai', 'مايو'],
  ['jun', 'june', 'junio', 'juni', 'يونيو'],
  ['jul', 'july', 'julio', 'juli', 'يوليو'],
  ['aug', 'august', 'ago', 'agosto', 'أغسطس', 'اغسطس'],
  ['sep', 'sept', 'september', 'septiembre', 'setiembre', 'سبتمبر'],
  ['oct', 'october', 'octubre', 'okt', 'oktober', 'أكتوبر', 'اكتوبر'],
  ['nov', 'november', 'noviembre', 'نوفمبر'],
  ['dec', 'december', 'dic', 'diciembre', 'dez', 'dezember', 'ديسمبر'],
];
const MONTH_OF = new Map(MONTHS.flatMap((names, index) => names.map((name) => [name, index + 1] as const)));

/** Arabic-Indic and Eastern Arabic-Indic digits as ASCII; Arabic's decimal and group separators as "." and ","; bidi marks out. */
function plain(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',')
    .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/[\u00A0\u202F]/g, ' ')
    .trim()
    .toLowerCase();
}

const pad = (value: number) => String(value).padStart(2, '0');
const isDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A typed date's days: one day, or a month (`28 nov 2026`, `28.11.2026`, `nov 2026`); undefined when the text is not a date. */
export interface SearchDate {
  /** The ISO text every date of it starts with ("2026-11-28", "2026-11"), or holds ("-11-28" for a day without its year). */
  iso: string;
  /** Its first and last UTC days (`YYYY-MM-DD`); none for a day without its year. */
  range?: { from: string; to: string };
}

export function parseSearchDate(typed: string): SearchDate | undefined {
  const text = plain(typed);
  // Day first, as every language's short numeric date shown here writes it: 28.11.2026, 28/11/2026.
  const numeric = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  if (numeric) {
    const [day, month, year] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
    if (!isDay(year, month, day)) return undefined;
    const iso = `${year}-${pad(month)}-${pad(day)}`;
    return { iso, range: { from: iso, to: iso } };
  }
  // Words and numbers: "28 de noviembre de 2026", "nov 28, 2026", "28. nov. 2026", "28 نوفمبر 2026".
  const tokens = text
    .normalize('NFC')
    .replace(/[.,،]/g, ' ')
    .split(/\s+/)
    .filter((token) => token !== '' && token !== 'de');
  if (tokens.length < 2 || tokens.length > 3) return undefined;
  let month: number | undefined;
  let day: number | undefined;
  let year: number | undefined;
  for (const token of tokens) {
    const named = MONTH_OF.get(token) ?? MONTH_OF.get(token.normalize('NFD').replace(/\p{M}/gu, ''));
    if (named !== undefined && month === undefined) month = named;
    else if (/^\d{4}$/.test(token) && year === undefined) year = Number(token);
    else if (/^\d{1,2}$/.test(token) && day === undefined) day = Number(token);
    else return undefined;
  }
  if (month === undefined) return undefined;
  if (year !== undefined && day !== undefined) {
    if (!isDay(year, month, day)) return undefined;
    const iso = `${year}-${pad(month)}-${pad(day)}`;
    return { iso, range: { from: iso, to: iso } };
  }
  if (year !== undefined) {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { iso: `${year}-${pad(month)}`, range: { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(last)}` } };
  }
  if (day !== undefined && isDay(2024, month, day)) return { iso: `-${pad(month)}-${pad(day)}` };
  return undefined;
}

/**
 * A typed amount as the number it stands for: "1.234,50", "1234,50 US$", "$1,234.50", "1 234,5"
 * → 1234.5. The separator written last with one or two digits after it is the decimal one (money
 * shows two); groups of three digits are thousands. Undefined for anything else: a plain number
 * ("2026", "0042") is left to match as typed.
 */
export function parseSearchAmount(typed: string): number | undefined {
  const text = plain(typed).replace(/us\$|usd|\$|€/g, '').replace(/\s+/g, ' ').trim();
  const hadCurrency = text !== plain(typed).replace(/\s+/g, ' ').trim();
  const compact = /^-?\d{1,3}( \d{3})+([.,]\d{1,2})?$/.test(text) ? text.replace(/ /g, '') : text;
  if (!/^-?\d[\d.,]*$/.test(compact)) return undefined;
  const separators = compact.replace(/[^.,]/g, '');
  if (separators === '') return hadCurrency ? Number(compact) : undefined;
  const last = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  const tail = compact.length - last - 1;
  const decimal = tail >= 1 && tail <= 2 ? compact[last] : undefined;
  const whole = decimal ? compact.slice(0, last) : compact;
  const fraction = decimal ? compact.slice(last + 1) : '';
  // Grouping: one kind of separator (not the decimal one), each group of three digits.
  const groups = whole.replace(/^-/, '').split(/[.,]/);
  const groupSeparators = new Set(whole.replace(/[^.,]/g, ''));
  if (groupSeparators.size > 1 || (decimal && groupSeparators.has(decimal))) return undefined;
  if (groups.length > 1 && (groups[0]!.length > 3 || groups.slice(1).some((group) => group.length !== 3))) return undefined;
  const value = Number(`${whole.replace(/[.,]/g, '')}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The search as the lists' fields hold it: a date as its ISO text ("2026-11-28"), an amount as
 * its number ("1234.5"), anything else as typed.
 */
export function searchTerm(typed: string): string {
  const date = parseSearchDate(typed);
  if (date) return date.iso;
  const amount = parseSearchAmount(typed);
  return amount === undefined ? typed : String(amount);
}
