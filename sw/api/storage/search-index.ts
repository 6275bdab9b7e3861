import type { IndexableType, Table } from 'dexie';
import { compareSortKeys, isListOrder, sortKey, sortedPositions, type ListSort, type SortValue } from './list-sort';
import { BUILD_CHUNK, CHUNK, MAX_FILTERED_VIEWS, MAX_QUEUE, SMALL_BATCH, SORT_MATCHES_SHARE, WIDER_VIEW_SHARE, addCount, chunked, compareKeys, corpusOf, countStatuses, hasRange, haystack, inDayRange, isValidKey, keysOf, listOrder, lowerBound, newChunk, sameEntry, statusesOf, textBounds, touched, withNeedle } from './search-entries';
import type { Change, Chunk, DayRange, Entry, Position, SearchQuery, SearchResult, SearchSpec, SortField, SortedView } from './search-entries';

/**
 * An in-memory search index for one table: per row (in list order, newest first) its
 * primary key, date, status, the lowercased text of its search fields and any exact-match
 * facets (e.g. an order's payment method) and sort values. A search scans these strings in
 * memory (see Chunk) and reads only the page's rows from IndexedDB.
 *
 * A sort other than list order is answered from a sorted view of the entries (see
 * SortedView): built on the first query that asks for that sort and direction (it sorts
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

/** A Dexie table as a row source: read in chunks of its primary key, in one transaction. */
export function tableSource<T>(table: Table<T>): RowSource<T> {
  return async (visit) => {
    const keyPath = table.schema.primKey.keyPath;
    if (typeof keyPath !== 'string') throw new Error(`search index needs a single-field primary key on ${table.name}`);
    await table.db.transaction('r', table, async () => {
      let last: IndexableType | undefined;
      for (;;) {
        const collection = last === undefined ? table.toCollection() : table.where(':id').above(last);
        const rows = await collection.limit(BUILD_CHUNK).toArray();
        for (const row of rows) visit((row as Record<string, unknown>)[keyPath] as IndexableType, row);
        if (rows.length < BUILD_CHUNK) break;
        last = (rows[rows.length - 1] as Record<string, unknown>)[keyPath] as IndexableType;
      }
    });
  };
}

export class SearchIndex<T> {
  /** The entries in list order, in chunks (never empty ones). */
  private chunks: Chunk[] = [];
  /** Primary key → its entry, to find it. */
  private byKey = new Map<unknown, Entry>();
  /** Sorted views by `field|order`, built on demand; kept current by small batches of changes, dropped by large ones. */
  private readonly views = new Map<string, SortedView>();
  /**
   * A query's matches (search text, facets, status) in its order, by the query, least
   * recently used first: what a search or facet filter answers from when asked again (its
   * total is their number, its page a slice). Kept current like the sorted views.
   */
  private readonly filteredViews = new Map<string, SortedView>();
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
  private readonly facetNames: string[];
  private readonly sortNames: string[];
  private readonly sortValues: Array<SortValue<T>>;

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
    private readonly spec: SearchSpec<T>,
    private readonly load?: () => Promise<Entry[] | null>,
  ) {
    this.facetNames = Object.keys(spec.facets ?? {});
    this.sortNames = Object.keys(spec.sorts);
    this.sortValues = Object.values(spec.sorts);
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
    this.chunks = [];
    this.byKey.clear();
    this.dropViews();
    this.statusTotals = new Map();
  }

  private dropViews(): void {
    this.views.clear();
    this.filteredViews.clear();
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
        const entry = this.toEntry(key, row);
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
    this.chunks = chunked(entries);
    this.byKey = byKey;
    this.statusTotals = countStatuses(entries);
    this.dropViews();
    this.builds++;
    this.installMs = performance.now() - started;
    return true;
  }

  /** The index's entry for this row (null: the row is not listed: no valid date); what a write persists. */
  entryOf(key: IndexableType, row: T): Entry | null {
    return this.toEntry(key, row);
  }

  /** Where a row is in list order (null: not listed), without making its whole entry. */
  listedAs(key: IndexableType, row: T): Pick<Entry, 'key' | 'date'> | null {
    const date = (row as Record<string, unknown> | null | undefined)?.[this.dateField];
    return isValidKey(date) ? { key, date } : null;
  }

  /** The entries in list order (pending changes applied): what a store persists of a built index. */
  listed(): Entry[] {
    this.flush();
    return this.chunks.flatMap((chunk) => chunk.entries);
  }

  private toEntry(key: IndexableType, row: unknown): Entry | null {
    if (row === undefined || row === null) return null;
    const record = row as Record<string, unknown>;
    const date = record[this.dateField];
    if (!isValidKey(date)) return null;
    const facets = this.spec.facets ?? {};
    return {
      key,
      date,
      status: record.status,
      text: haystack(this.spec.text(row as T)),
      facets: this.facetNames.map((name) => facets[name]!(row as T)),
      sorts: this.sortFields(row as T),
    };
  }

  private sortFields(row: T): SortField[] {
    const values = this.sortValues;
    const fields = new Array<SortField>(values.length);
    for (let i = 0; i < values.length; i++) fields[i] = values[i]!(row);
    return fields;
  }

  /** A successful write; applied before the next query (its entry is taken now: only the text is kept). */
  change({ key, row }: Change): void {
    if (this.built === null) return; // not built: nothing to keep up to date
    let entry: Entry | null;
    try {
      entry = this.toEntry(key, row);
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
    this.dropViews();
    const kept: Entry[] = [];
    for (const chunk of this.chunks) for (const entry of chunk.entries) if (!latest.has(entry.key)) kept.push(entry);
    for (const key of latest.keys()) {
      const old = this.byKey.get(key);
      if (old) addCount(this.statusTotals, old.status, -1);
      this.byKey.delete(key);
    }
    for (const entry of fresh) addCount(this.statusTotals, entry.status, 1);
    fresh.sort(listOrder);
    const merged: Entry[] = new Array<Entry>(kept.length + fresh.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < kept.length && j < fresh.length) merged[k++] = listOrder(kept[i]!, fresh[j]!) <= 0 ? kept[i++]! : fresh[j++]!;
    while (i < kept.length) merged[k++] = kept[i++]!;
    while (j < fresh.length) merged[k++] = fresh[j++]!;
    this.chunks = chunked(merged);
    for (const entry of fresh) this.byKey.set(entry.key, entry);
  }

  /** The chunk that holds (or would hold) `probe`, and the position in it: the first entry not before it. */
  private locate(probe: Entry): { chunk: number; at: number } {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const entries = this.chunks[mid]!.entries;
      if (listOrder(entries[entries.length - 1]!, probe) < 0) low = mid + 1;
      else high = mid;
    }
    return { chunk: low, at: lowerBound(this.chunks[low]!.entries, probe, listOrder) };
  }

  private remove(key: IndexableType): void {
    const entry = this.byKey.get(key);
    if (entry === undefined) return;
    this.byKey.delete(key);
    addCount(this.statusTotals, entry.status, -1);
    for (const views of [this.views, this.filteredViews]) {
      for (const [name, view] of views) {
        if (view.accepts && !view.accepts(entry)) continue;
        const at: number = lowerBound(view.entries, entry, view.compare);
        if (view.entries[at] === entry) view.entries.splice(at, 1);
        else views.delete(name); // not where it should be: made afresh when next asked
      }
    }
    const { chunk, at } = this.locate(entry);
    const target = this.chunks[chunk]!;
    const found = target.entries[at];
    if (!found || compareKeys(found.key, key) !== 0) return;
    target.entries.splice(at, 1);
    if (target.entries.length === 0) this.chunks.splice(chunk, 1);
    else touched(target);
  }

  private insert(entry: Entry): void {
    this.byKey.set(entry.key, entry);
    addCount(this.statusTotals, entry.status, 1);
    for (const views of [this.views, this.filteredViews]) {
      for (const view of views.values()) {
        if (view.accepts && !view.accepts(entry)) continue;
        view.entries.splice(lowerBound(view.entries, entry, view.compare), 0, entry);
      }
    }
    if (this.chunks.length === 0) {
      this.chunks.push(newChunk([entry]));
      return;
    }
    const { chunk, at } = this.locate(entry);
    const target = this.chunks[chunk]!;
    target.entries.splice(at, 0, entry);
    touched(target);
    if (target.entries.length > 2 * CHUNK) this.chunks.splice(chunk, 1, ...chunked(target.entries));
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
      const wanted = this.facetValues(facets);
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
    const keys: IndexableType[] = [];
    const end = Math.min(offset + limit, total);
    if (isListOrder(sort, this.dateField)) {
      // Whole chunks before the page are skipped by their length (or their count of the status).
      let seen = 0;
      for (const chunk of this.chunks) {
        if (seen >= end) break;
        const entries = chunk.entries;
        if (seen < offset) {
          const inChunk = status === undefined ? entries.length : (statusesOf(chunk).get(status) ?? 0);
          if (seen + inChunk <= offset) {
            seen += inChunk;
            continue;
          }
        }
        for (let i = 0; i < entries.length && seen < end; i++) {
          const entry = entries[i]!;
          if (status !== undefined && entry.status !== status) continue;
          if (seen >= offset) keys.push(entry.key);
          seen++;
        }
      }
      return { total, keys };
    }
    const entries = this.view(sort!).entries;
    if (status === undefined) return { total, keys: keysOf(entries, offset, limit) };
    for (let i = 0, seen = 0; i < entries.length && seen < end; i++) {
      const entry = entries[i]!;
      if (entry.status !== status) continue;
      if (seen >= offset) keys.push(entry.key);
      seen++;
    }
    return { total, keys };
  }

  /** The facet values a query asks for, as [facet position, value]. */
  private facetValues(facets: Readonly<Record<string, string | undefined>>): Array<[number, string]> {
    const wanted: Array<[number, string]> = [];
    for (const [name, value] of Object.entries(facets)) {
      if (value === undefined) continue;
      const at = this.facetNames.indexOf(name);
      if (at < 0) throw new Error(`search index ${this.spec.name} has no facet ${name}`);
      wanted.push([at, value]);
    }
    return wanted;
  }

  /**
   * The matches of a search and/or facet filter (and status), in the query's order: kept
   * (patched by each small write, dropped by a large batch) so asking again walks no entry.
   * Made from a kept list-order view of the same filters with a shorter needle inside this
   * one when there is a small one (typing narrows a search: WIDER_VIEW_SHARE), else by one
   * scan of the index's text.
   */
  private filteredView(status: string | undefined, wanted: ReadonlyArray<[number, string]>, needle: string | undefined, sort: ListSort | undefined): SortedView {
    const filters = JSON.stringify([status ?? null, wanted]);
    const ordered = isListOrder(sort, this.dateField) ? undefined : sort;
    const name = `${filters}|${needle ?? ''}|${ordered ? `${ordered.field}|${ordered.order}` : ''}`;
    const kept = this.filteredViews.get(name);
    if (kept) {
      this.filteredViews.delete(name);
      this.filteredViews.set(name, kept);
      return kept;
    }
    const filtered = this.filter(status, wanted);
    const accepts = withNeedle(filtered, needle);
    let view: SortedView;
    if (ordered) {
      const listed = this.filteredView(status, wanted, needle, undefined).entries;
      const at = this.sortIndex(ordered.field);
      const descending = ordered.order === 'desc';
      view = { entries: this.sortedMatches(listed, ordered), compare: (a, b) => compareSortKeys(sortKey(a.sorts[at]), sortKey(b.sorts[at]), descending) || listOrder(a, b), accepts };
    } else {
      const wider = this.widerView(filters, needle);
      const entries: Entry[] = [];
      if (wider) {
        for (const entry of wider.entries) if (accepts(entry)) entries.push(entry);
      } else {
        this.forEachMatch(needle, filtered, (entry) => entries.push(entry));
      }
      view = { entries, compare: listOrder, accepts };
    }
    this.filteredViews.set(name, view);
    this.keepFilteredViewsSmall(name);
    return view;
  }

  /**
   * The matches of a day range (with any status, facet and search), in list order: found by
   * walking the range's part of the list once, then kept as the filtered views are (patched by
   * each small write, dropped by a large batch), so paging through a range, or asking it again,
   * walks no entry.
   */
  private rangeView(status: string | undefined, facets: Readonly<Record<string, string | undefined>>, needle: string | undefined, range: DayRange): SortedView {
    const wanted = this.facetValues(facets);
    const name = `range|${JSON.stringify([range.from ?? null, range.to ?? null, status ?? null, wanted, needle ?? null])}`;
    const kept = this.filteredViews.get(name);
    if (kept) {
      this.filteredViews.delete(name);
      this.filteredViews.set(name, kept);
      return kept;
    }
    const filter = this.filter(status, wanted, range);
    const accepts = withNeedle(filter, needle);
    const entries: Entry[] = [];
    this.forEachMatch(needle, filter, (entry) => entries.push(entry), range);
    const view: SortedView = { entries, compare: listOrder, accepts };
    this.filteredViews.set(name, view);
    this.keepFilteredViewsSmall(name);
    return view;
  }

  /** A kept list-order view of the same filters whose needle is inside `needle` (its matches hold all of this one's). */
  private widerView(filters: string, needle: string | undefined): SortedView | undefined {
    if (needle === undefined) return undefined;
    let best: SortedView | undefined;
    for (const [name, view] of this.filteredViews) {
      if (!name.startsWith(`${filters}|`) || !name.endsWith('|')) continue;
      const other = name.slice(filters.length + 1, -1);
      if (other !== needle && needle.includes(other) && (best === undefined || view.entries.length < best.entries.length)) best = view;
    }
    return best !== undefined && best.entries.length <= this.byKey.size * WIDER_VIEW_SHARE ? best : undefined;
  }

  /** Drops the least recently used filtered views past MAX_FILTERED_VIEWS, or past as many entries as the index holds (never `keep`). */
  private keepFilteredViewsSmall(keep: string): void {
    let held = 0;
    for (const view of this.filteredViews.values()) held += view.entries.length;
    for (const [name, view] of this.filteredViews) {
      if (this.filteredViews.size <= MAX_FILTERED_VIEWS && held <= this.byKey.size) break;
      if (name === keep) continue;
      this.filteredViews.delete(name);
      held -= view.entries.length;
    }
  }

  /** Matches given in list order, sorted by one field: a stable sort keeps ties in list order, as the views do. */
  private sortedMatches(found: readonly Entry[], sort: ListSort): Entry[] {
    const at = this.sortIndex(sort.field);
    return sortedPositions(found.map((entry) => sortKey(entry.sorts[at])), sort.order === 'desc').map((i) => found[i]!);
  }

  /** The status, facet (`facetValues`) and date checks of a query; not the text. */
  private filter(status: string | undefined, wanted: ReadonlyArray<[number, string]>, range?: DayRange): (entry: Entry) => boolean {
    const dated = range === undefined ? undefined : inDayRange(range);
    return (entry) => {
      if (status !== undefined && entry.status !== status) return false;
      if (dated !== undefined && !dated(entry.date)) return false;
      for (const [at, value] of wanted) if (entry.facets[at] !== value) return false;
      return true;
    };
  }

  /**
   * Visits, in list order, each entry whose text holds the needle (every entry when none) and
   * that `accepts` (which need not check the text again). With a day range only the range's
   * part of the list is walked (found by binary search: the list is in date order); `accepts`
   * checks the range exactly.
   */
  private forEachMatch(needle: string | undefined, accepts: (entry: Entry) => boolean, visit: (entry: Entry) => void, range?: DayRange): void {
    const bounds = range === undefined ? undefined : textBounds(range);
    const start = bounds?.high === undefined ? { chunk: 0, at: 0 } : this.firstBelow(bounds.high);
    const end = bounds?.low === undefined ? { chunk: this.chunks.length, at: 0 } : this.firstBelow(bounds.low);
    for (let c = start.chunk; c < this.chunks.length && c <= end.chunk; c++) {
      const chunk = this.chunks[c]!;
      const entries = chunk.entries;
      const first = c === start.chunk ? start.at : 0;
      const last = c === end.chunk ? end.at : entries.length;
      if (first >= last) continue;
      if (needle === undefined) {
        for (let i = first; i < last; i++) if (accepts(entries[i]!)) visit(entries[i]!);
        continue;
      }
      const { corpus, starts } = corpusOf(chunk);
      // Matches come in corpus order, so the entry holding each is found by stepping on from
      // the last one (a needle in most entries, as a first typed letter is, costs a step each).
      let i = first;
      let found = corpus.indexOf(needle, starts[i]!);
      while (found !== -1) {
        while (starts[i + 1]! <= found) i++;
        if (i >= last) break;
        if (accepts(entries[i]!)) visit(entries[i]!);
        found = corpus.indexOf(needle, starts[++i]!);
      }
    }
  }

  /** The first position in list order (newest first) whose date is before `bound` (IndexedDB key order). */
  private firstBelow(bound: string): Position {
    const below = (entry: Entry) => compareKeys(entry.date, bound) < 0;
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const entries = this.chunks[mid]!.entries;
      if (below(entries[entries.length - 1]!)) high = mid;
      else low = mid + 1;
    }
    if (low === this.chunks.length) return { chunk: low, at: 0 };
    const entries = this.chunks[low]!.entries;
    let at = 0;
    let end = entries.length - 1;
    while (at < end) {
      const mid = (at + end) >>> 1;
      if (below(entries[mid]!)) end = mid;
      else at = mid + 1;
    }
    return { chunk: low, at };
  }

  /** How many rows have each status. */
  statusCounts(): Map<unknown, number> {
    this.flush();
    return new Map(this.statusTotals);
  }

  /** Visits each row of the day range (newest first) with its date and its value for one sort field. */
  forEachInRange(range: DayRange, field: string, visit: (date: string, value: SortField) => void): void {
    this.flush();
    const at = this.sortIndex(field);
    const dated = inDayRange(range);
    const accepts = (entry: Entry) => dated(entry.date);
    this.forEachMatch(undefined, accepts, (entry) => visit(entry.date as string, entry.sorts[at]), range);
  }

  private sortIndex(field: string): number {
    const at = this.sortNames.indexOf(field);
    if (at < 0) throw new Error(`search index ${this.spec.name} has no sort ${field}`);
    return at;
  }

  /** The entries in this sort's order (sorted now unless a view of it is kept). */
  private view({ field, order }: ListSort): SortedView {
    const name = `${field}|${order}`;
    let view = this.views.get(name);
    if (!view) {
      view = this.sortedView(field, order === 'desc');
      this.views.set(name, view);
    }
    return view;
  }

  /** Every entry sorted by one field (ties in list order), and the order it keeps them in as writes come. */
  private sortedView(field: string, descending: boolean): SortedView {
    const at = this.sortIndex(field);
    const listed = this.chunks.flatMap((chunk) => chunk.entries);
    // A stable sort of list order by the field's keys: ties stay in list order, as `compare` has them.
    const positions = sortedPositions(listed.map((entry) => sortKey(entry.sorts[at])), descending);
    return {
      entries: positions.map((position) => listed[position]!),
      compare: (a, b) => compareSortKeys(sortKey(a.sorts[at]), sortKey(b.sorts[at]), descending) || listOrder(a, b),
    };
  }

  /** Whether the index holds this row as it now is (a row read after a query is checked with it). */
  holds(key: IndexableType, row: T): boolean {
    const held = this.byKey.get(key);
    const entry = this.toEntry(key, row);
    return held !== undefined && entry !== null && sameEntry(held, entry);
  }
}

