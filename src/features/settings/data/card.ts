import type { cardBrands } from '@schema/values';
import { currentLocale, t } from '@/i18n/i18n';

/**
 * Checks of a payment card as typed in the plan & billing form. The full number and the CVC
 * exist only there: what is sent and stored is `{ brand, last4, expMonth, expYear }`.
 */
export type CardBrand = (typeof cardBrands)[number];

/** A brand's name in the current language (the settings area's messages must be loaded). */
export const cardBrandName = (brand: CardBrand) => t('settings.card.brand', { brand });

/** The number without the spaces or dashes people type between groups ("4242 4242…" → "4242…"). */
export const cardNumberDigits = (typed: string) => typed.replace(/[\s-]/g, '');

/** The Luhn checksum (ISO/IEC 7812): every second digit from the right doubled, the sum a multiple of 10. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const inRange = (digits: string, length: number, from: number, to: number) => {
  const prefix = Number(digits.slice(0, length));
  return digits.length >= length && prefix >= from && prefix <= to;
};

/** The brand from the number's first digits (the issuers' published ranges). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^5[1-5]/.test(digits) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits) || inRange(digits, 6, 622126, 622925)) return 'discover';
  return 'other';
}

/** How many digits a card of the brand has (any length a card may have for an unknown brand). */
export const cardNumberLengths: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  other: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** "15", "16–19" (a run), "13, 16, or 19" (the current language's "or" list). */
function lengthsInWords(lengths: readonly number[]): string {
  const first = lengths[0];
  const last = lengths[lengths.length - 1];
  if (first === undefined || last === undefined) return '';
  if (lengths.length === 1) return `${first}`;
  if (last - first === lengths.length - 1) return `${first}–${last}`;
  return new Intl.ListFormat(currentLocale(), { type: 'disjunction' }).format(lengths.map(String));
}

/** What is wrong with a typed card number (in the current language), or null when it is a plausible card of its brand. */
export function cardNumberProblem(typed: string): string | null {
  const digits = cardNumberDigits(typed);
  if (digits === '') return t('settings.card.problem.number');
  if (!/^\d+$/.test(digits)) return t('settings.card.problem.digits');
  const brand = cardBrandOf(digits);
  const lengths = cardNumberLengths[brand];
  if (!lengths.includes(digits.length)) return t('settings.card.problem.length', { brand, lengths: lengthsInWords(lengths) });
  if (!passesLuhn(digits)) return t('settings.card.problem.luhn');
  return null;
}

/** The CVC's length for the brand: 4 on the front of an American Express card, 3 on the back of the others. */
export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

export function cvcProblem(cvc: string, brand: CardBrand): string | null {
  const length = cvcLength(brand);
  if (cvc === '') return t('settings.card.problem.cvc');
  return new RegExp(`^\\d{${length}}$`).test(cvc) ? null : t('settings.card.problem.cvcLength', { length, front: brand === 'amex' ? 'yes' : 'no' });
}

/** A card works until the end of its expiry month: expired once that month is over. */
export function isExpiryInFuture(month: number, year: number, now: Date): boolean {
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

/** The expiry years a card can have: this year and the next 15 (cards are issued for at most ~10). */
export const expiryYears = (now: Date) => Array.from({ length: 16 }, (_, i) => now.getFullYear() + i);
