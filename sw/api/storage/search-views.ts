import { compareSortKeys, sortKey, sortedPositions, type ListSort } from './list-sort';
import { listOrder, lowerBound, type DayRange, type Entry } from './search-entries';

/*
 * The search index's kept views (search-index.ts): the entries in a sort's order, and the
 * matches of the queries asked lately. Each is patched by every small write (an entry leaves
 * or joins it by binary search) and all are dropped by a large batch.
 */

/**
 * Filtered views kept (a search's or facet filter's matches, in list order or one sort's, and
 * a day range's): the most recently used, at most this many and together at most as many
 * entries as the index holds.
 */
export const MAX_FILTERED_VIEWS = 8;

/**
 * The entries in one sort order: by the sort field, ties in list order (`compare`); or, for a
 * filtered view, only those that `accepts` (a query's matches, in list order or sorted).
 */
export interface SortedView {
  entries: Entry[];
  compare: (a: Entry, b: Entry) => number;
  accepts?: (entry: Entry) => boolean;
}

/** What a filtered view holds the matches of. */
export interface FilteredViewQuery {
  readonly status: string | undefined;
  /** [facet position, value], as the query names them. */
  readonly facets: ReadonlyArray<readonly [number, string]>;
  readonly needle: string | undefined;
  /** Undefined: list order. */
  readonly sort: ListSort | undefined;
  /** A day range's view (in list order). */
  readonly range: DayRange | undefined;
}

/** A filtered view's query and its one text: the views' Map key, equal for equal queries only. */
export interface ViewKey extends FilteredViewQuery {
  readonly text: string;
}

/** The key of a filtered view; its text is made here only and never read back. */
export function viewKey(query: FilteredViewQuery): ViewKey {
  const { status, facets, needle, sort, range } = query;
  const text = JSON.stringify([status ?? null, facets, needle ?? null, sort ? [sort.field, sort.order] : null, range ? [range.from ?? null, range.to ?? null] : null]);
  return { status, facets, needle, sort, range, text };
}

/** A kept filtered view: its matches and what they match. */
export interface FilteredView extends SortedView {
  readonly key: ViewKey;
  accepts: (entry: Entry) => boolean;
}

/** A sort's order of entries: by the field at `at` of their sort values, ties in list order. */
export function sortOrder(at: number, descending: boolean): (a: Entry, b: Entry) => number {
  return (a, b) => compareSortKeys(sortKey(a.sorts[at]), sortKey(b.sorts[at]), descending) || listOrder(a, b);
}

/** Entries given in list order, sorted by the field at `at`: a stable sort keeps ties in list order, as sortOrder has them. */
export function sortedByField(listed: readonly Entry[], at: number, descending: boolean): Entry[] {
  return sortedPositions(listed.map((entry) => sortKey(entry.sorts[at])), descending).map((position) => listed[position]!);
}

/** Whether two filtered views filter alike: the same status and facets, neither with a day range. */
function sameFilters(a: FilteredViewQuery, b: FilteredViewQuery): boolean {
  if (a.status !== b.status || a.range !== undefined || b.range !== undefined || a.facets.length !== b.facets.length) return false;
  for (let i = 0; i < a.facets.length; i++) {
    const [at, value] = a.facets[i]!;
    const [otherAt, otherValue] = b.facets[i]!;
    if (at !== otherAt || value !== otherValue) return false;
  }
  return true;
}

/** The search index's kept views. */
export class SearchViews {
  /** Every entry in one sort's order, by `field|order`: built on demand. */
  private readonly sorted = new Map<string, SortedView>();
  /**
   * A query's matches (search text, facets, status, day range) in its order, by its key's text,
   * least recently used first: what the query answers from when asked again (its total is
   * their number, its page a slice).
   */
  private readonly filtered = new Map<string, FilteredView>();

  /** Drops every view (a large batch or a new build): each is made afresh when next asked. */
  clear(): void {
    this.sorted.clear();
    this.filtered.clear();
  }

  /** An entry leaves the index: out of each view that holds it (a view that has lost track of it is dropped). */
  removed(entry: Entry): void {
    removeFrom(this.sorted, entry);
    removeFrom(this.filtered, entry);
  }

  /** An entry joins the index: into its place in each view that takes it. */
  inserted(entry: Entry): void {
    insertInto(this.sorted, entry);
    insertInto(this.filtered, entry);
  }

  /** The kept view of every entry in this sort's order. */
  sortedView({ field, order }: ListSort): SortedView | undefined {
    return this.sorted.get(`${field}|${order}`);
  }

  keepSorted({ field, order }: ListSort, view: SortedView): void {
    this.sorted.set(`${field}|${order}`, view);
  }

  /** The kept view of this key (now the most recently used). */
  filteredView(key: ViewKey): FilteredView | undefined {
    const kept = this.filtered.get(key.text);
    if (kept) {
      this.filtered.delete(key.text);
      this.filtered.set(key.text, kept);
    }
    return kept;
  }

  /** Keeps a filtered view, dropping the least recently used others past the bounds (see MAX_FILTERED_VIEWS; `size`: the index's). */
  keepFiltered(view: FilteredView, size: number): void {
    this.filtered.set(view.key.text, view);
    let held = 0;
    for (const kept of this.filtered.values()) held += kept.entries.length;
    for (const [text, kept] of this.filtered) {
      if (this.filtered.size <= MAX_FILTERED_VIEWS && held <= size) break;
      if (kept === view) continue;
      this.filtered.delete(text);
      held -= kept.entries.length;
    }
  }

  /**
   * The smallest kept list-order view of the same filters (no day range) whose needle (or none)
   * is inside this key's: its matches hold all of this key's.
   */
  widerView(key: ViewKey): FilteredView | undefined {
    const needle = key.needle;
    if (needle === undefined) return undefined;
    let best: FilteredView | undefined;
    for (const view of this.filtered.values()) {
      const other = view.key;
      if (other.sort !== undefined || !sameFilters(other, key)) continue;
      const inside = other.needle ?? '';
      if (inside !== needle && needle.includes(inside) && (best === undefined || view.entries.length < best.entries.length)) best = view;
    }
    return best;
  }
}

function removeFrom(views: Map<string, SortedView>, entry: Entry): void {
  for (const [name, view] of views) {
    if (view.accepts && !view.accepts(entry)) continue;
    const at = lowerBound(view.entries, entry, view.compare);
    if (view.entries[at] === entry) view.entries.splice(at, 1);
    else views.delete(name); // not where it should be: made afresh when next asked
  }
}

function insertInto(views: Map<string, SortedView>, entry: Entry): void {
  for (const view of views.values()) {
    if (view.accepts && !view.accepts(entry)) continue;
    view.entries.splice(lowerBound(view.entries, entry, view.compare), 0, entry);
  }
}
