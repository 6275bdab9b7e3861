/** Money and time units, one definition for the shop's rules, the worker, the seed and the app. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Whole cents of an amount in currency units, so sums of 2-decimal prices stay exact; anything
 * not a finite number (a half-typed form field, a missing value in an old record) counts as 0.
 */
export const toCents = (amount: unknown): number => (typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : 0);
