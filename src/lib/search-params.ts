/*
 * Route search validators as plain functions, not zod: the route tree, which holds every
 * route's `validateSearch`, is evaluated at start-up, where zod/mini and its core cost ~8 KB
 * gzip. Each reader takes one value of the parsed URL and gives it back checked, or nothing:
 * a bad value falls back to its default, never an error page.
 */

/**
 * TanStack Router's validator adapter: the router calls `parse`; `types` is never read at run
 * time, it tells links and navigations what they may pass (`Input`) and screens what they get.
 */
export interface SearchValidator<Input, Output> {
  readonly types: { input: Input; output: Output };
  parse(input: unknown): Output;
}

/** A route's `validateSearch` reading the URL's search object with `read` (links may pass any part of it). */
export function searchValidator<Output, Input = Partial<Output>>(read: (search: Record<string, unknown>) => Output): SearchValidator<Input, Output> {
  return {
    // Type-only, as in the router's own adapters: nothing reads it.
    types: undefined as unknown as SearchValidator<Input, Output>['types'],
    parse: (input) => read(typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}),
  };
}

/** `value` when it is one of `values`, else undefined. */
export const oneOf = <T extends string | number>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

/** A whole number in [min, max], as the router parses it from the URL (a number) or as digits; else undefined. */
export function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/** Text of at most `max` characters (after trimming, when `trim`), else undefined. */
export function text(value: unknown, max: number, { trim = false }: { trim?: boolean } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  const kept = trim ? value.trim() : value;
  return kept.length <= max ? kept : undefined;
}

/** A calendar day as the URL and the API write it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` naming a real day (not 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A real calendar day (`YYYY-MM-DD`), else undefined. */
export const calendarDay = (value: unknown): string | undefined => (typeof value === 'string' && isCalendarDay(value) ? value : undefined);

/** A page number of a list: 1 to 1,000,000, else the first page. */
export const pageNumber = (value: unknown): number => wholeNumber(value, 1, 1_000_000) ?? 1;

/** A record's id in the URL (`?ticket=12`): a positive whole number, else undefined. */
export const recordIdParam = (value: unknown): number | undefined => wholeNumber(value, 1, Number.MAX_SAFE_INTEGER);
