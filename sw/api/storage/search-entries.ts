import { cmp, type IndexableType } from 'dexie';
import type { ListSort, SortValue } from './list-sort';
import { DAY_MS } from '../../../domain/units';

/** A row's value for one sort field. */
export type SortField = ReturnType<SortValue<never>>;

/*
 * The search index's pieces (search-index.ts): what a list searches, filters and sorts on, the
 * entries it keeps per row, day ranges and ordered lookups. The chunks the entries are kept in
 * are chunked-entries.ts; the kept views of them, search-views.ts.
 */

/** What a resource's list can be searched, filtered and sorted on. Pure functions of the row. */
export interface SearchSpec<T> {
  /** Names this view of the table: one index is kept per table and name. */
  name: string;
  /** The text fields a `search` matches (case-insensitive substring), as the list defines them. */
  text: (row: T) => ReadonlyArray<string | number | null | undefined>;
  /** Fields filtered by exact value (`facets: { payment: 'Paypal' }`). */
  facets?: Readonly<Record<string, (row: T) => unknown>>;
  /** The fields the list can be sorted by (`sort=`), the list's date field first. */
  sorts: Readonly<Record<string, SortValue<T>>>;
  /** The sort fields that hold dates: sorted newest first unless `order` says otherwise. */
  dateSorts: readonly string[];
}

/**
 * UTC days of the list's date field, both ends inclusive (`YYYY-MM-DD`); either end may be
 * left out. Dates are ISO 8601 strings (schema/common.ts `isoDate`): a date that is not a
 * string is in no range.
 */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

export interface SearchQuery {
  /** Exact status value, as the [status+date] index compares it. */
  status?: string | undefined;
  /** Only rows whose date falls on these UTC days. */
  range?: DayRange | undefined;
  /** Lowercased needle; empty or undefined means no text filter. */
  needle?: string | undefined;
  facets?: Readonly<Record<string, string | undefined>>;
  /** Omitted: list order. */
  sort?: ListSort | undefined;
  offset: number;
  limit: number;
}

export interface SearchResult {
  total: number;
  /** Primary keys of the page's rows, in the query's order. */
  keys: IndexableType[];
}

/** Separates fields in the haystack; a needle containing it cannot use the index (see canSearch). */
export const FIELD_SEPARATOR = '\u0000';

/** The lowercased haystack of a row: each field as the reference search lowercases it, joined. */
export function haystack(fields: ReadonlyArray<string | number | null | undefined>): string {
  let text = '';
  for (const value of fields) {
    if (value === null || value === undefined) continue;
    text += FIELD_SEPARATOR + String(value).toLowerCase();
  }
  return text;
}

/** Whether the index answers this needle exactly (a needle with the separator could match across fields). */
export function canSearch(needle: string | undefined): boolean {
  return needle === undefined || !needle.includes(FIELD_SEPARATOR);
}

const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Whether a range is asked (an empty object or undefined ends mean none). */
export function hasRange(range: DayRange | undefined): range is DayRange {
  return range !== undefined && (range.from !== undefined || range.to !== undefined);
}

/**
 * The exact test of a day range. A UTC date (`…Z`) is compared as text with the days (its
 * first ten characters are its UTC day, whatever its precision); a date with an offset is
 * parsed.
 */
export function inDayRange({ from, to }: DayRange): (date: unknown) => boolean {
  const after = to === undefined ? undefined : dayOf(dayStart(to) + DAY_MS);
  const fromMs = from === undefined ? -Infinity : dayStart(from);
  const beforeMs = after === undefined ? Infinity : dayStart(after);
  return (date) => {
    if (typeof date !== 'string') return false;
    if (date.endsWith('Z')) return (from === undefined || date >= from) && (after === undefined || date < after);
    const ms = Date.parse(date);
    return ms >= fromMs && ms < beforeMs;
  };
}

/**
 * Text bounds that hold every date of the range in list order: [low, high). A date written
 * with an offset (up to ±14 h) can carry the day before or after its UTC day, so the bounds
 * are a day wider than the range; inDayRange then checks each date inside them exactly.
 */
export function textBounds({ from, to }: DayRange): { low: string | undefined; high: string | undefined } {
  return {
    low: from === undefined ? undefined : dayOf(dayStart(from) - DAY_MS),
    high: to === undefined ? undefined : dayOf(dayStart(to) + 2 * DAY_MS),
  };
}

/** What the index keeps of one row (exported so a store can persist it: see order-index-snapshot.ts). */
export interface Entry {
  key: IndexableType;
  date: IndexableType;
  status: unknown;
  text: string;
  facets: unknown[];
  /**
   * The row's value for each sort field of the spec, in its order, as the spec reads it:
   * made comparable (sortKey) only when a view is sorted, so building the index and
   * importing rows pay for no lowercasing.
   */
  sorts: SortField[];
}

/**
 * A query's matches are sorted on their own (rather than picked out of the field's sorted
 * view) when they are at most this share of the rows: a date range or a search narrows a
 * list to a few rows, which sort in well under a millisecond, and no view needs building.
 */
export const SORT_MATCHES_SHARE = 1 / 16;

/**
 * A longer needle's matches are picked out of a kept view of a shorter one inside it only when
 * that view is at most this share of the rows. Otherwise one scan of the chunks' corpora is
 * faster: it reads contiguous text, where a view's entries each point to a string elsewhere in
 * the heap (at 100,000 users, typing "a" then "am": the scan ~4–12 ms, the 100,000-entry view
 * 45–150 ms).
 */
export const WIDER_VIEW_SHARE = 1 / 16;

/** The first position in `entries` (sorted by `compare`) that is not before `probe`. */
export function lowerBound<Item>(entries: readonly Item[], probe: Item, compare: (a: Item, b: Item) => number): number {
  let at = 0;
  let end = entries.length;
  while (at < end) {
    const mid = (at + end) >>> 1;
    if (compare(entries[mid]!, probe) < 0) at = mid + 1;
    else end = mid;
  }
  return at;
}

/** IndexedDB key order (Dexie's cmp) with fast paths for the usual strings and numbers. */
export function compareKeys(a: IndexableType, b: IndexableType): number {
  if (typeof a === typeof b && (typeof a === 'string' || typeof a === 'number')) return a < b ? -1 : a > b ? 1 : 0;
  return cmp(a, b);
}

/** List order: newest first, then the higher primary key first (an index read backwards). */
export function listOrder(a: Pick<Entry, 'date' | 'key'>, b: Pick<Entry, 'date' | 'key'>): number {
  return compareKeys(b.date, a.date) || compareKeys(b.key, a.key);
}

/** A value IndexedDB accepts as a key, so the row is in the date index (rows without one are not listed). */
export function isValidKey(value: unknown): value is IndexableType {
  if (typeof value === 'string') return true;
  if (typeof value === 'number') return !Number.isNaN(value);
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (Array.isArray(value)) return value.every(isValidKey);
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

/** A put (row) or delete (no row) of one primary key. */
export interface Change {
  key: IndexableType;
  row: unknown;
}

export const BUILD_CHUNK = 10_000;
/** Batches up to this size are applied entry by entry; larger ones by one merge. */
export const SMALL_BATCH = 64;
/**
 * Changes kept queued at most (when nothing queries the index for a while). Each flush of a
 * large batch is one merge over the whole index, so a 100,000-row import is merged once.
 */
export const MAX_QUEUE = 250_000;

/** How many of these entries have each status (added to `into`). */
export function countStatuses(entries: readonly Entry[], into = new Map<unknown, number>()): Map<unknown, number> {
  for (const entry of entries) into.set(entry.status, (into.get(entry.status) ?? 0) + 1);
  return into;
}

export function addCount(counts: Map<unknown, number>, status: unknown, by: number): void {
  const count = (counts.get(status) ?? 0) + by;
  if (count === 0) counts.delete(status);
  else counts.set(status, count);
}

/** `filter` and, when there is a needle, the entry's text holding it (a kept view's check of an entry that joins it). */
export function withNeedle(filter: (entry: Entry) => boolean, needle: string | undefined): (entry: Entry) => boolean {
  return needle === undefined ? filter : (entry) => filter(entry) && entry.text.includes(needle);
}

/** The keys of entries [offset, offset + limit). */
export function keysOf(entries: readonly Entry[], offset: number, limit: number): IndexableType[] {
  const end = Math.min(offset + limit, entries.length);
  const keys: IndexableType[] = [];
  for (let i = offset; i < end; i++) keys.push(entries[i]!.key);
  return keys;
}

/** Whether two entries of one key agree on everything a query looks at. */
export function sameEntry(a: Entry, b: Entry): boolean {
  const same = (x: readonly unknown[], y: readonly unknown[]) => x.length === y.length && x.every((value, i) => value === y[i]);
  return compareKeys(a.date, b.date) === 0 && a.status === b.status && a.text === b.text && same(a.facets, b.facets) && same(a.sorts, b.sorts);
}

