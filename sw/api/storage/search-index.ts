import type { IndexableType } from 'dexie';
import { isListOrder, type ListSort } from './list-sort';
import { MAX_QUEUE, SMALL_BATCH, SORT_MATCHES_SHARE, WIDER_VIEW_SHARE, addCount, countStatuses, hasRange, inDayRange, keysOf, listOrder, sameEntry, withNeedle } from './search-entries';
import type { Change, DayRange, Entry, SearchQuery, SearchResult, SearchSpec, SortField } from './search-entries';
import { ChunkedEntries } from './chunked-entries';
import { SearchRows } from './search-rows';
import { SearchViews, sortOrder, sortedByField, viewKey, type FilteredView, type SortedView } from './search-views';

/**
 * An in-memory search index for one table: per row (in list order, newest first) its
 * primary key, date, status, the lowercased text of its search fields and any exact-match
 * facets (e.g. an order's payment method) and sort values. A search scans these strings in
 * memory (chunked-entries.ts) and reads only the page's rows from IndexedDB. This module
 * builds the index, keeps it current and plans each query; search-rows.ts makes each row's
 * entry; search-views.ts keeps the sorted and filtered views a query answers from.
 *
 * A sort other than list order is answered from a sorted view of the entries (see
 * search-views.ts): built on the first query that asks for that sort and direction (it sorts
 * every entry in memory: 0.1–0.2 s at 100,000 rows in Chromium), then kept current
 * by each small write (an entry moved by binary search); a large batch (a bulk import)
 * drops the views, so the next sorted query sorts again.
 *
 * The index is built on the first query that needs it (one read of the table, in chunks,
 * keeping only the text) and kept exact afterwards: Dexie's table hooks see every write
 * made through this database object (all API writes, whichever module makes them), and
 * each successful write is queued and applied before the next query. A reader cannot get
 * ahead of the database: the read of the page's rows waits for a writing transaction to
 * commit, and the rows read are checked against the query. If a writing transaction aborts
 * instead, the index is dropped and built again on the next search. It lives as long as
 * the worker; a restarted worker builds it again on its first search (or, given `load`,
 * loads what a store persisted: the orders' snapshot, order-index-snapshot.ts).
 *
 * The same hooks keep a per-table write stamp (writeStamp), which list-query.ts uses to
 * keep counts and key lists of plain lists until the next write.
 *
 * The orders, stored in blocks rather than a row per order, use the same index class over
 * their own row source; their store (order-store.ts) feeds it every write itself.
 */

/** Reads every row once, handing each to `visit` with its primary key (in one read transaction). */
export type RowSource<T> = (visit: (key: IndexableType, row: T) => void) => Promise<void>;

export class SearchIndex<T> {
  /** The entries in list order. */
  private readonly entries = new ChunkedEntries();
  /** Primary key → its entry, to find it. */
  private byKey = new Map<unknown, Entry>();
  /** The sorted and filtered views, kept current by small batches of changes, dropped by large ones. */
  private readonly views = new SearchViews();
  /** How many entries have each status (a status filter's total). */
  private statusTotals = new Map<unknown, number>();
  /**
   * Changes not yet applied, in order: applied in one batch before the next query (a bulk
   * import is merged in at once), or after the table is read when they happened meanwhile
   * (replaying one that the read already saw is harmless: each sets a key's final state).
   */
  private queue: Array<{ key: IndexableType; entry: Entry | null }> = [];
  private reading = false;
  private built: Promise<void> | null = null;
  /** Bumped when the index is dropped, so a read in progress is not installed. */
  private generation = 0;
  /** Each row's entry, by the spec. */
  private readonly rows: SearchRows<T>;

  /** Where the last build's entries came from: a stored snapshot (`load`) or every row (`source`). */
  builtFrom: 'snapshot' | 'rows' | null = null;
  /** Builds installed so far (a store follows each one up once). */
  builds = 0;
  /** How long the last build took to put its entries in order and index them (ms). */
  installMs = 0;

  /**
   * `load`, when given, is tried first by each build: the entries as a store persisted them
   * (ideally in list order; they are checked and sorted if not), or null when it has none
   * it trusts, and then the rows are read from `source`.
   */
  constructor(
    private readonly source: RowSource<T>,
    private readonly dateField: string,
    spec: SearchSpec<T>,
    private readonly load?: () => Promise<Entry[] | null>,
  ) {
    this.rows = new SearchRows(spec, dateField);
  }

  /** Rows in the index (pending changes applied). */
  get size(): number {
    this.flush();
    return this.byKey.size;
  }

  /** Built and current: a query answers without reading the table. */
  get isReady(): boolean {
    return this.built !== null && !this.reading;
  }

  /** Reads the rows once (from its source) unless already done. */
  ready(): Promise<void> {
    if (!this.built) {
      const building = this.build();
      this.built = building;
      building.catch(() => {
        if (this.built === building) this.invalidate();
      });
    }
    return this.built;
  }

  /** Forgets everything; the next query reads the table again. */
  invalidate(): void {
    this.generation++;
    this.built = null;
    this.builtFrom = null;
    this.reading = false;
    this.queue = [];
    this.entries.reset([]);
    this.byKey.clear();
    this.views.clear();
    this.statusTotals = new Map();
  }

  private async build(): Promise<void> {
    const generation = ++this.generation;
    this.queue = [];
    this.reading = true;
    const loaded = this.load ? await this.load().catch(() => null) : null;
    if (generation !== this.generation) return this.ready();
    if (loaded && this.install(loaded, true)) {
      this.builtFrom = 'snapshot';
    } else {
      const entries: Entry[] = [];
      await this.source((key, row) => {
        const entry = this.rows.entryOf(key, row);
        if (entry) entries.push(entry);
      });
      // Dropped while reading (a write aborted): read again.
      if (generation !== this.generation) return this.ready();
      this.install(entries, false);
      this.builtFrom = 'rows';
    }
    this.reading = false;
    this.flush();
  }

  /**
   * Makes these entries the index (sorted into list order unless they are). Answers false,
   * installing nothing, when `checked` and two entries share a key (a corrupt snapshot).
   */
  private install(entries: Entry[], checked: boolean): boolean {
    const started = performance.now();
    let sorted = true;
    for (let i = 1; i < entries.length && sorted; i++) if (listOrder(entries[i - 1]!, entries[i]!) > 0) sorted = false;
    if (!sorted) entries.sort(listOrder);
    const byKey = new Map<unknown, Entry>();
    for (const entry of entries) byKey.set(entry.key, entry);
    if (checked && byKey.size !== entries.length) return false;
    this.entries.reset(entries);
    this.byKey = byKey;
    this.statusTotals = countStatuses(entries);
    this.views.clear();
    this.builds++;
    this.installMs = performance.now() - started;
    return true;
  }

  /** The index's entry for this row (null: the row is not listed: no valid date); what a write persists. */
  entryOf(key: IndexableType, row: T): Entry | null {
    return this.rows.entryOf(key, row);
  }

  /** Where a row is in list order (null: not listed), without making its whole entry. */
  listedAs(key: IndexableType, row: T): Pick<Entry, 'key' | 'date'> | null {
    return this.rows.listedAs(key, row);
  }

  /** The entries in list order (pending changes applied): what a store persists of a built index. */
  listed(): Entry[] {
    this.flush();
    return this.entries.listed();
  }

  /** A successful write; applied before the next query (its entry is taken now: only the text is kept). */
  change({ key, row }: Change): void {
    if (this.built === null) return; // not built: nothing to keep up to date
    let entry: Entry | null;
    try {
      entry = this.rows.entryOf(key, row);
    } catch {
      // A row the spec cannot read must not fail the write: drop the index (the next search reads the table).
      this.invalidate();
      return;
    }
    this.queue.push({ key, entry });
    if (this.queue.length >= MAX_QUEUE) this.flush();
  }

  private flush(): void {
    if (this.reading || this.queue.length === 0) return;
    const changes = this.queue;
    this.queue = [];
    this.apply(changes);
  }

  private apply(changes: ReadonlyArray<{ key: IndexableType; entry: Entry | null }>): void {
    // The last change of each key wins (they are in the order they were made).
    const latest = new Map<unknown, Entry | null>();
    for (const { key, entry } of changes) {
      latest.delete(key);
      latest.set(key, entry);
    }
    const fresh: Entry[] = [];
    for (const entry of latest.values()) if (entry) fresh.push(entry);
    if (latest.size <= SMALL_BATCH) {
      for (const key of latest.keys()) this.remove(key as IndexableType);
      for (const entry of fresh) this.insert(entry);
      return;
    }
    // A large batch (a bulk import): drop the changed keys, then merge the sorted new entries in.
    this.views.clear();
    for (const key of latest.keys()) {
      const old = this.byKey.get(key);
      if (old) addCount(this.statusTotals, old.status, -1);
      this.byKey.delete(key);
    }
    for (const entry of fresh) addCount(this.statusTotals, entry.status, 1);
    fresh.sort(listOrder);
    this.entries.merge(latest, fresh);
    for (const entry of fresh) this.byKey.set(entry.key, entry);
  }

  private remove(key: IndexableType): void {
    const entry = this.byKey.get(key);
    if (entry === undefined) return;
    this.byKey.delete(key);
    addCount(this.statusTotals, entry.status, -1);
    this.views.removed(entry);
    this.entries.remove(entry);
  }

  private insert(entry: Entry): void {
    this.byKey.set(entry.key, entry);
    addCount(this.statusTotals, entry.status, 1);
    this.views.inserted(entry);
    this.entries.insert(entry);
  }

  /**
   * Counts the matching rows and returns the keys of the requested slice, in the query's order.
   * Without a day range no call walks every entry once the index has what it needs: the plain
   * list and a status filter take their totals from kept counts and walk only to their page
   * (a sort: its sorted view); a search or facet filter answers from its kept matches (a
   * filtered view, made by one scan on first use); a day range from its kept matches too (made
   * by one walk of the range's part of the list).
   */
  query({ status, range, needle, facets = {}, sort, offset, limit }: SearchQuery): SearchResult {
    this.flush();
    const dated = hasRange(range) ? range : undefined;
    const text = needle === '' ? undefined : needle;
    if (dated === undefined) {
      const wanted = this.rows.facetValues(facets);
      if (text === undefined && wanted.length === 0) return this.byStatus(status, sort, offset, limit);
      const view = this.filteredView(status, wanted, text, sort);
      return { total: view.entries.length, keys: keysOf(view.entries, offset, limit) };
    }
    // A day range's kept matches are in list order; another sort orders them here.
    const found = this.rangeView(status, facets, text, dated).entries;
    if (isListOrder(sort, this.dateField)) return { total: found.length, keys: keysOf(found, offset, limit) };
    if (found.length <= this.byKey.size * SORT_MATCHES_SHARE) {
      // Few: a stable sort by the field keeps ties in list order, as the views do.
      const sorted = this.sortedMatches(found, sort!);
      return { total: found.length, keys: keysOf(sorted, offset, limit) };
    }
    // Many: the sort's view, walked until the page is full, puts them in order.
    const view = this.view(sort!);
    const matches = new Set<Entry>(found);
    const keys: IndexableType[] = [];
    const end = Math.min(offset + limit, matches.size);
    for (let i = 0, seen = 0; i < view.entries.length && seen < end; i++) {
      const entry = view.entries[i]!;
      if (!matches.has(entry)) continue;
      if (seen >= offset) keys.push(entry.key);
      seen++;
    }
    return { total: matches.size, keys };
  }

  /** The plain list or a status filter, in list order or a sort: the total from the kept counts, then a walk to the page. */
  private byStatus(status: string | undefined, sort: ListSort | undefined, offset: number, limit: number): SearchResult {
    const total = status === undefined ? this.byKey.size : (this.statusTotals.get(status) ?? 0);
    const end = Math.min(offset + limit, total);
    if (isListOrder(sort, this.dateField)) return { total, keys: this.entries.pageKeys(status, offset, end) };
    const entries = this.view(sort!).entries;
    if (status === undefined) return { total, keys: keysOf(entries, offset, limit) };
    const keys: IndexableType[] = [];
    for (let i = 0, seen = 0; i < entries.length && seen < end; i++) {
      const entry = entries[i]!;
      if (entry.status !== status) continue;
      if (seen >= offset) keys.push(entry.key);
      seen++;
    }
    return { total, keys };
  }

  /**
   * The matches of a search and/or facet filter (and status), in the query's order: kept
   * (patched by each small write, dropped by a large batch) so asking again walks no entry.
   * Made from a kept list-order view of the same filters with a shorter needle inside this
   * one when there is a small one (typing narrows a search: WIDER_VIEW_SHARE), else by one
   * scan of the index's text.
   */
  private filteredView(status: string | undefined, wanted: ReadonlyArray<[number, string]>, needle: string | undefined, sort: ListSort | undefined): SortedView {
    const ordered = isListOrder(sort, this.dateField) ? undefined : sort;
    const key = viewKey({ status, facets: wanted, needle, sort: ordered, range: undefined });
    const kept = this.views.filteredView(key);
    if (kept) return kept;
    const filtered = this.filter(status, wanted);
    const accepts = withNeedle(filtered, needle);
    let view: FilteredView;
    if (ordered) {
      const listed = this.filteredView(status, wanted, needle, undefined).entries;
      const at = this.rows.sortIndex(ordered.field);
      const descending = ordered.order === 'desc';
      view = { key, entries: sortedByField(listed, at, descending), compare: sortOrder(at, descending), accepts };
    } else {
      const wider = this.views.widerView(key);
      const entries: Entry[] = [];
      if (wider !== undefined && wider.entries.length <= this.byKey.size * WIDER_VIEW_SHARE) {
        for (const entry of wider.entries) if (accepts(entry)) entries.push(entry);
      } else {
        this.entries.forEachMatch(needle, filtered, (entry) => entries.push(entry));
      }
      view = { key, entries, compare: listOrder, accepts };
    }
    this.views.keepFiltered(view, this.byKey.size);
    return view;
  }

  /**
   * The matches of a day range (with any status, facet and search), in list order: found by
   * walking the range's part of the list once, then kept as the filtered views are (patched by
   * each small write, dropped by a large batch), so paging through a range, or asking it again,
   * walks no entry.
   */
  private rangeView(status: string | undefined, facets: Readonly<Record<string, string | undefined>>, needle: string | undefined, range: DayRange): SortedView {
    const wanted = this.rows.facetValues(facets);
    const key = viewKey({ status, facets: wanted, needle, sort: undefined, range });
    const kept = this.views.filteredView(key);
    if (kept) return kept;
    const filter = this.filter(status, wanted, range);
    const accepts = withNeedle(filter, needle);
    const entries: Entry[] = [];
    this.entries.forEachMatch(needle, filter, (entry) => entries.push(entry), range);
    const view: FilteredView = { key, entries, compare: listOrder, accepts };
    this.views.keepFiltered(view, this.byKey.size);
    return view;
  }

  /** Matches given in list order, sorted by one field: a stable sort keeps ties in list order, as the views do. */
  private sortedMatches(found: readonly Entry[], sort: ListSort): Entry[] {
    return sortedByField(found, this.rows.sortIndex(sort.field), sort.order === 'desc');
  }

  /** The status, facet (SearchRows.facetValues) and date checks of a query; not the text. */
  private filter(status: string | undefined, wanted: ReadonlyArray<[number, string]>, range?: DayRange): (entry: Entry) => boolean {
    const dated = range === undefined ? undefined : inDayRange(range);
    return (entry) => {
      if (status !== undefined && entry.status !== status) return false;
      if (dated !== undefined && !dated(entry.date)) return false;
      for (const [at, value] of wanted) if (entry.facets[at] !== value) return false;
      return true;
    };
  }

  /** How many rows have each status. */
  statusCounts(): Map<unknown, number> {
    this.flush();
    return new Map(this.statusTotals);
  }

  /** Visits each row of the day range (newest first) with its date and its value for one sort field. */
  forEachInRange(range: DayRange, field: string, visit: (date: string, value: SortField) => void): void {
    this.flush();
    const at = this.rows.sortIndex(field);
    const dated = inDayRange(range);
    const accepts = (entry: Entry) => dated(entry.date);
    this.entries.forEachMatch(undefined, accepts, (entry) => visit(entry.date as string, entry.sorts[at]), range);
  }

  /** The entries in this sort's order (sorted now unless a view of it is kept). */
  private view(sort: ListSort): SortedView {
    let view = this.views.sortedView(sort);
    if (!view) {
      const at = this.rows.sortIndex(sort.field);
      const descending = sort.order === 'desc';
      // Every entry, sorted by the field's keys from list order: ties stay in list order, as `compare` has them.
      view = { entries: sortedByField(this.entries.listed(), at, descending), compare: sortOrder(at, descending) };
      this.views.keepSorted(sort, view);
    }
    return view;
  }

  /** Whether the index holds this row as it now is (a row read after a query is checked with it). */
  holds(key: IndexableType, row: T): boolean {
    const held = this.byKey.get(key);
    const entry = this.rows.entryOf(key, row);
    return held !== undefined && entry !== null && sameEntry(held, entry);
  }
}

