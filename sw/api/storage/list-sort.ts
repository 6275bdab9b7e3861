/**
 * How list rows compare for `sort=<field>&order=asc|desc` (docs/api.md "Lists"): numbers by
 * value, text lowercased in code-point order, numbers before text; a missing value (null,
 * undefined, NaN) comes last in either direction. Ties keep list order (newest first,
 * then the higher key first) in both directions, so every sort is deterministic.
 */

/** The order a list is asked in. */
export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

/** A row's value for one sort field, as its resource defines it (null or undefined: missing). */
export type SortValue<T> = (row: T) => string | number | null | undefined;

/** A sort value ready to compare with `<`: a number, or text made lowercase and code-point ordered. */
export type SortKey = string | number | undefined;

/** Any UTF-16 code unit at or above the surrogates: only such text needs codePointOrdered's remap. */
const HIGH_UNITS = /[\uD800-\uFFFF]/;

/**
 * The text with its code units remapped so that comparing it with `<` (code-unit order)
 * gives the original's code-point order: surrogates (astral characters) move above
 * U+E000–U+FFFF, which move down to make room. Other text is returned as it is.
 */
function codePointOrdered(text: string): string {
  if (!HIGH_UNITS.test(text)) return text;
  let remapped = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    remapped += String.fromCharCode(unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);
  }
  return remapped;
}

export function sortKey(value: string | number | null | undefined): SortKey {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string') return codePointOrdered(value.toLowerCase());
  return undefined;
}

/** Sort-key order in the given direction; missing keys last either way. */
export function compareSortKeys(a: SortKey, b: SortKey, descending: boolean): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const ascending = typeof a !== typeof b ? (typeof a === 'number' ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0;
  return descending ? -ascending : ascending;
}

/**
 * The positions of `keys` (given in list order) in sorted order. The sort is stable (as
 * Array.prototype.sort is required to be), so ties keep list order in both directions.
 */
export function sortedPositions(keys: readonly SortKey[], descending: boolean): number[] {
  const positions = Array.from(keys, (_, i) => i);
  return positions.sort((a, b) => compareSortKeys(keys[a], keys[b], descending));
}

/** Rows given in list order, sorted by one field (the filtered scan's sort). */
export function sortRows<T>(rows: readonly T[], value: SortValue<T>, order: ListSort['order']): T[] {
  const keys = rows.map((row) => sortKey(value(row)));
  return sortedPositions(keys, order === 'desc').map((i) => rows[i]!);
}

/** Whether a sort asks for the list's own order (its date field, newest first), which needs no sorting. */
export function isListOrder(sort: ListSort | undefined, dateField: string): boolean {
  return sort === undefined || (sort.field === dateField && sort.order === 'desc');
}
