import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { ApiAnswer } from './harness';

/** SPEC §9: every list is 10 per page. */
export const PAGE_SIZE = 10;

/** A valid product create body (no id, createdAt, rating or totalReviews), with any fields replaced. */
export function newProductBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Brass Desk Lamp',
    category: 'office',
    code: 'SKU-9001',
    colors: ['orange', 'green'],
    sizes: ['m'],
    description: 'A heavy brass lamp with a warm LED bulb.',
    discount: 5,
    featureImage: '/images/products/product-03.svg',
    features: [{ name: 'Material', value: 'Brass' }],
    images: ['/images/products/product-03.svg', '/images/products/product-04.svg'],
    offers: ['Free delivery'],
    price: 64.5,
    status: 'draft',
    stock: 12,
    ...overrides,
  };
}

/** A fixed "now", later than every seed date, so new records sort first in newest-first lists. */
export const NOW = '2027-01-15T12:00:00.000Z';
export const NOW_MS = Date.parse(NOW);

/** Pins Date (only Date: timers stay real so IndexedDB keeps working) to NOW for the enclosing describe. */
export function freezeClock(): void {
  beforeEach(() => {
    vi.setSystemTime(new Date(NOW));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** meta as SPEC §9 defines it (with the page size of issue 8: 10 unless `pageSize` asks otherwise). */
export function expectedMeta(page: number, total: number, pageSize = PAGE_SIZE) {
  const firstIndex = (page - 1) * pageSize;
  return {
    page,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
    firstIndex,
    lastIndex: Math.min(firstIndex + pageSize, total),
  };
}

/** The rows newest first by the given date field. */
export function newestFirst<T>(rows: readonly T[], date: (row: T) => string): T[] {
  return [...rows].sort((a, b) => Date.parse(date(b)) - Date.parse(date(a)));
}

type SortValue = string | number | null | undefined;

/** Text in code-point order (not UTF-16 code-unit order, which `<` uses). */
function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * Two rows' values for `sort=<field>&order=<order>`, as the contract orders them: numbers by
 * value, text lowercased in code-point order, a missing value last in either direction.
 * 0 for a tie (the caller breaks it by list order).
 */
export function compareSortValues(a: SortValue, b: SortValue, order: 'asc' | 'desc'): number {
  const missing = (v: SortValue) => v === null || v === undefined || Number.isNaN(v);
  if (missing(a) || missing(b)) return Number(missing(a)) - Number(missing(b));
  const ascending = typeof a === 'number' && typeof b === 'number' ? a - b : compareCodePoints(String(a).toLowerCase(), String(b).toLowerCase());
  return order === 'desc' ? -ascending : ascending;
}

/** One page of an already sorted list. */
export function pageOf<T>(sorted: readonly T[], page: number): T[] {
  return sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
}

/** Case-insensitive substring match over some fields, the contract's definition of search. */
export function matchesText(needle: string, fields: ReadonlyArray<string | number | null | undefined>): boolean {
  const n = needle.toLowerCase();
  return fields.some((f) => f !== null && f !== undefined && String(f).toLowerCase().includes(n));
}

/** A seed row by id; throws (failing the test) if the seed changed under the test. */
export function byId<T extends { id: unknown }>(rows: readonly T[], id: T['id']): T {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error(`seed row ${String(id)} is missing`);
  return row;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A query string built safely ('#', '&', spaces are encoded). */
export function qs(params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) search.set(k, String(v));
  return `?${search.toString()}`;
}

/** An ISO timestamp within a second of the frozen NOW. */
export function expectNow(iso: unknown): void {
  expect(typeof iso).toBe('string');
  const ms = Date.parse(iso as string);
  expect(Number.isNaN(ms)).toBe(false);
  expect(Math.abs(ms - NOW_MS)).toBeLessThan(1000);
}

/**
 * An error answer: the status, a JSON body with a string `message`, and optionally
 * the exact message (string) or a check on it (RegExp).
 */
export function expectError(res: ApiAnswer, status: number, message?: string | RegExp): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/application\/json/);
  expect(typeof res.body?.message).toBe('string');
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else if (message) expect(res.body.message).toMatch(message);
}

/** A 400 whose message starts with 'Invalid request' and names the given field. */
export function expectFieldError(res: ApiAnswer, field: string): void {
  expectError(res, 400, /^Invalid request/);
  expect(res.body.message).toContain(field);
}
