import Dexie, { type Collection, type IndexableType, type Table } from 'dexie';
import { PAGE_SIZE, type ListMeta } from './schema/common';
import { pageMeta } from './pagination';
import { canSearch, searchIndexFor, writeStamp, type SearchSpec } from './search-index';

/**
 * How a list page is read:
 * - `date-index`: the date index, newest first. Page 1 reads its 10 rows off the index; a
 *   later page takes its primary keys from the index's key list (read once with
 *   getAllKeys: keys, no rows), then reads its 10 rows by key. The total is the index's
 *   count. Count and key list are kept until the table is next written. See indexPage.
 * - `status-date-index`: the same over the status's range of the [status+date] compound
 *   index; the total is that range's count.
 * - `search-index`: a search and/or a facet filter (payment), with or without a status:
 *   the table's in-memory search index (search-index.ts) finds the page's keys and the
 *   total; only the page's rows are read.
 * - `filtered-scan`: every row in date order through a predicate. Only for predicates the
 *   search index cannot express (see listPage's `predicates`).
 */
export type ListPlan = 'date-index' | 'status-date-index' | 'search-index' | 'filtered-scan';

/** What a list query asks for, as far as choosing the plan goes. */
export interface ListShape {
  status?: string | undefined;
  /** A text search that the search index can answer (see canSearch). */
  search?: string | undefined;
  /** Exact-value filters other than status (orders: payment). */
  facets?: Readonly<Record<string, string | undefined>>;
  /** Whether a search index is defined for the list (a SearchSpec). */
  indexed: boolean;
  /** Predicates known only as functions. */
  opaquePredicates?: number;
}

/** The query planner: the cheapest path that answers the query exactly. */
export function planList({ status, search, facets = {}, indexed, opaquePredicates = 0 }: ListShape): ListPlan {
  const hasSearch = search !== undefined && search !== '';
  const hasFacets = Object.values(facets).some((v) => v !== undefined);
  if (opaquePredicates > 0) return 'filtered-scan';
  if (hasSearch || hasFacets) return indexed && canSearch(search) ? 'search-index' : 'filtered-scan';
  return status === undefined ? 'date-index' : 'status-date-index';
}

interface ListOptions<T> {
  table: Table<T>;
  /** The date field the list is sorted by, newest first (indexed, and with status in [status+date]). */
  dateField: string;
  page: number;
  /** Exact status value. */
  status?: string | undefined;
  /** Case-insensitive substring over `index.text` (already trimmed; matched lowercased). */
  search?: string | undefined;
  /** Exact-value filters over `index.facets` (an undefined value means no filter). */
  facets?: Readonly<Record<string, string | undefined>>;
  /** The list's searchable fields: needed for `search` and `facets`. */
  index?: SearchSpec<T>;
  /** Other row predicates: these need a filtered scan of the ordered rows. */
  predicates?: ReadonlyArray<(row: T) => boolean>;
}

export interface ListResult<T> {
  rows: T[];
  meta: ListMeta;
  plan: ListPlan;
}

/** One page of a newest-first list, choosing the index path the filters allow. */
export async function listPage<T>(options: ListOptions<T>): Promise<ListResult<T>> {
  const { table, dateField, page, status, search, index, predicates = [] } = options;
  const facets = options.facets ?? {};
  const needle = search === undefined || search === '' ? undefined : search.toLowerCase();

  const plan = planList({ status, search: needle, facets, indexed: index !== undefined, opaquePredicates: predicates.length });
  const offset = (page - 1) * PAGE_SIZE;

  if (plan === 'date-index' || plan === 'status-date-index') {
    const { rows, total } = await indexPage(table, dateField, status, offset);
    return { rows, meta: pageMeta(page, total), plan };
  }

  const matches = rowPredicate({ status, needle, facets, index, predicates });
  if (plan === 'search-index') {
    const searchIndex = searchIndexFor(table, dateField, index!);
    await searchIndex.ready();
    const { total, keys } = searchIndex.query({ status, needle, facets, offset, limit: PAGE_SIZE });
    const rows = keys.length === 0 ? [] : await table.bulkGet(keys);
    // A write between the index lookup and the read (rare) would show here: then scan instead.
    const current = rows.every(
      (row, i) => row !== undefined && matches(row) && Dexie.getByKeyPath(row as object, dateField) === searchIndex.dateOf(keys[i]!),
    );
    if (current) return { rows: rows as T[], meta: pageMeta(page, total), plan };
  }

  const all = await orderedRows(table, dateField, status).filter(matches).toArray();
  return { rows: all.slice(offset, offset + PAGE_SIZE), meta: pageMeta(page, all.length), plan };
}

/** The list's index range: the date index, or one status's part of [status+date]. */
function indexRange<T>(table: Table<T>, dateField: string, status: string | undefined): Collection<T> {
  return status === undefined
    ? table.orderBy(dateField)
    : table.where(`[status+${dateField}]`).between([status, Dexie.minKey], [status, Dexie.maxKey]);
}

/** What was read from one index range while the table's write stamp was `stamp`: its count, maybe its keys. */
interface RangeCache {
  stamp: number;
  total: number;
  /** The range's primary keys in list order. */
  keys?: IndexableType[];
}
const rangeCaches = new WeakMap<Table, Map<string, RangeCache>>();

/**
 * One page of an index range, newest first, and the range's count.
 *
 * Page 1 reads its rows straight off the index. A later page needs the primary keys in
 * front of it: the range's keys are read once (getAllKeys on the index: keys only, no row),
 * so that page and every later one is a slice of that list plus one read of its 10 rows.
 * The count and the key list are kept while the table is not written (its write stamp, see
 * search-index.ts); the next write makes them be read again.
 */
async function indexPage<T>(table: Table<T>, dateField: string, status: string | undefined, offset: number): Promise<{ rows: T[]; total: number }> {
  const name = `${dateField}|${status ?? ''}`;
  const caches = rangeCaches.get(table) ?? new Map<string, RangeCache>();
  rangeCaches.set(table, caches);
  const stamp = writeStamp(table);
  const known = caches.get(name);
  const cache = known?.stamp === stamp ? known : undefined;
  const remember = (entry: RangeCache) => {
    if (writeStamp(table) === entry.stamp) caches.set(name, entry);
  };
  const range = () => indexRange(table, dateField, status);

  if (cache && (offset === 0 || cache.keys)) {
    const keys = cache.keys?.slice(offset, offset + PAGE_SIZE);
    const rows = keys ? (keys.length === 0 ? [] : await table.bulkGet(keys)) : await range().reverse().limit(PAGE_SIZE).toArray();
    // Unless a write came in meanwhile (then everything is read afresh below), this is the page.
    if (writeStamp(table) === stamp && rows.every((row) => row !== undefined)) return { rows: rows as T[], total: cache.total };
  }
  return table.db.transaction('r', table, async () => {
    if (offset === 0) {
      const [total, rows] = await Promise.all([range().count(), range().reverse().limit(PAGE_SIZE).toArray()]);
      remember({ stamp, total });
      return { rows, total };
    }
    const keys = (await range().primaryKeys()).reverse();
    remember({ stamp, total: keys.length, keys });
    const rows = await table.bulkGet(keys.slice(offset, offset + PAGE_SIZE));
    return { rows: rows.filter((row): row is T => row !== undefined), total: keys.length };
  });
}

function orderedRows<T>(table: Table<T>, dateField: string, status: string | undefined): Collection<T> {
  return indexRange(table, dateField, status).reverse();
}

/** The reference semantics of a query, row by row (the filtered scan, and the check of indexed answers). */
function rowPredicate<T>({
  status,
  needle,
  facets,
  index,
  predicates,
}: {
  status: string | undefined;
  needle: string | undefined;
  facets: Readonly<Record<string, string | undefined>>;
  index: SearchSpec<T> | undefined;
  predicates: ReadonlyArray<(row: T) => boolean>;
}): (row: T) => boolean {
  const checks: Array<(row: T) => boolean> = [...predicates];
  if (status !== undefined) checks.push((row) => (row as { status?: unknown }).status === status);
  if (needle !== undefined && index) checks.push(textSearch(needle, index.text));
  for (const [name, value] of Object.entries(facets)) {
    if (value === undefined) continue;
    const field = index?.facets?.[name];
    if (!field) throw new Error(`No facet ${name} on this list`);
    checks.push((row) => field(row) === value);
  }
  return (row) => checks.every((check) => check(row));
}

type TextFields<T> = (row: T) => ReadonlyArray<string | number | null | undefined>;

/** Case-insensitive substring match over the given text fields (the scan's reference semantics). */
export function textSearch<T>(search: string, fields: TextFields<T>): (row: T) => boolean {
  const needle = search.toLowerCase();
  return (row: T) => fields(row).some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(needle));
}
