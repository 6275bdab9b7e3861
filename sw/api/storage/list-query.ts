import Dexie, { type Collection, type IndexableType, type Table } from 'dexie';
import { PAGE_SIZE, type ListMeta } from '../../../domain/schema/common';
import { pageMeta } from './pagination';
import { canSearch, type SearchSpec } from './search-entries';
import { searchIndexFor, writeStamp } from './search-index-hooks';
import { isListOrder, sortRows, type ListSort } from './list-sort';

/**
 * How a list page is read:
 * - `date-index`: the date index, newest first. Page 1 reads its 10 rows off the index; a
 *   later page takes its primary keys from the index's key list (read once with
 *   getAllKeys: keys, no rows), then reads its 10 rows by key. The total is the index's
 *   count. Count and key list are kept until the table is next written. See indexPage.
 * - `status-date-index`: the same over the status's range of the [status+date] compound
 *   index; the total is that range's count.
 * - `search-index`: a search, a facet filter (orders' payment, products' category) and/or a sort other than list order,
 *   with or without a status: the table's in-memory search index (search-index.ts) finds
 *   the page's keys and the total; only the page's rows are read.
 * - `filtered-scan`: every row in date order through a predicate, then sorted when asked.
 *   Only for predicates the search index cannot express (see listPage's `predicates`).
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
  /** Whether the rows are asked in an order other than list order (see isListOrder). */
  sorted?: boolean;
}

/** The query planner: the cheapest path that answers the query exactly. */
export function planList({ status, search, facets = {}, indexed, opaquePredicates = 0, sorted = false }: ListShape): ListPlan {
  const hasSearch = search !== undefined && search !== '';
  const hasFacets = Object.values(facets).some((v) => v !== undefined);
  if (opaquePredicates > 0) return 'filtered-scan';
  if (hasSearch || hasFacets || sorted) return indexed && canSearch(search) ? 'search-index' : 'filtered-scan';
  return status === undefined ? 'date-index' : 'status-date-index';
}

interface ListOptions<T> {
  table: Table<T>;
  /** The date field the list is sorted by, newest first (indexed, and with status in [status+date]). */
  dateField: string;
  page: number;
  /** Rows per page; PAGE_SIZE when omitted. */
  pageSize?: number;
  /** Exact status value. */
  status?: string | undefined;
  /** Case-insensitive substring over `index.text` (already trimmed; matched lowercased). */
  search?: string | undefined;
  /** Exact-value filters over `index.facets` (an undefined value means no filter). */
  facets?: Readonly<Record<string, string | undefined>>;
  /** Omitted: list order. Any other order needs `index` (its sort fields). */
  sort?: ListSort | undefined;
  /** The list's searchable and sortable fields: needed for `search`, `facets` and `sort`. */
  index?: SearchSpec<T>;
  /** Other row predicates: these need a filtered scan of the ordered rows. */
  predicates?: ReadonlyArray<(row: T) => boolean>;
}

/** A query without its page: what listIds answers. */
type ListIdsOptions<T> = Omit<ListOptions<T>, 'page' | 'pageSize'>;

export interface ListResult<T> {
  rows: T[];
  meta: ListMeta;
  plan: ListPlan;
}

/** One page of a list, choosing the index path the filters and the sort allow. */
export async function listPage<T>(options: ListOptions<T>): Promise<ListResult<T>> {
  const { table, dateField, page, status, sort, index } = options;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const { needle, facets, plan } = planOf(options);
  const offset = (page - 1) * pageSize;

  if (plan === 'date-index' || plan === 'status-date-index') {
    const { rows, total } = await indexPage(table, dateField, status, offset, pageSize);
    return { rows, meta: pageMeta(page, total, pageSize), plan };
  }

  const matches = rowPredicate({ ...options, needle, facets });
  if (plan === 'search-index') {
    const searchIndex = searchIndexFor(table, dateField, index!);
    await searchIndex.ready();
    const { total, keys } = searchIndex.query({ status, needle, facets, sort, offset, limit: pageSize });
    const rows = keys.length === 0 ? [] : await table.bulkGet(keys);
    // A write between the index lookup and the read (rare) would show here: then scan instead.
    const current = rows.every((row, i) => row !== undefined && matches(row) && searchIndex.holds(keys[i]!, row));
    if (current) return { rows: rows as T[], meta: pageMeta(page, total, pageSize), plan };
  }

  const all = await scannedRows(options, matches);
  return { rows: all.slice(offset, offset + pageSize), meta: pageMeta(page, all.length, pageSize), plan };
}

/** Every matching row's primary key in the query's order (all its pages' rows, concatenated), and how many. */
export async function listIds<T>(options: ListIdsOptions<T>): Promise<{ ids: IndexableType[]; total: number }> {
  const { table, dateField, status, sort, index } = options;
  const { needle, facets } = planOf(options);
  if (index && canSearch(needle) && (options.predicates ?? []).length === 0) {
    const searchIndex = searchIndexFor(table, dateField, index);
    // No row is read to check the answer against, so first wait out the writes begun before
    // this call (a read starts after them): each change the index then holds is committed,
    // or was dropped with its aborted transaction.
    await table.limit(1).primaryKeys();
    await searchIndex.ready();
    const { total, keys } = searchIndex.query({ status, needle, facets, sort, offset: 0, limit: Infinity });
    return { ids: keys, total };
  }
  const rows = await scannedRows(options, rowPredicate({ ...options, needle, facets }));
  const keyPath = table.schema.primKey.keyPath as string;
  return { ids: rows.map((row) => Dexie.getByKeyPath(row as object, keyPath) as IndexableType), total: rows.length };
}

/** The query's lowercased needle (undefined for none), its facets, and the plan that answers it. */
function planOf<T>({ status, search, facets = {}, sort, dateField, index, predicates = [] }: ListIdsOptions<T>) {
  const needle = search === undefined || search === '' ? undefined : search.toLowerCase();
  const sorted = !isListOrder(sort, dateField);
  const plan = planList({ status, search: needle, facets, indexed: index !== undefined, opaquePredicates: predicates.length, sorted });
  return { needle, facets, plan };
}

/** The filtered scan: every row in list order through the query's predicate, then in the query's order. */
async function scannedRows<T>({ table, dateField, status, sort, index }: ListIdsOptions<T>, matches: (row: T) => boolean): Promise<T[]> {
  const rows = await orderedRows(table, dateField, status).filter(matches).toArray();
  if (isListOrder(sort, dateField)) return rows;
  const value = index?.sorts[sort!.field];
  if (!value) throw new Error(`No sort ${sort!.field} on this list`);
  return sortRows(rows, value, sort!.order);
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
 * so that page and every later one is a slice of that list plus one read of its rows.
 * The count and the key list are kept while the table is not written (its write stamp, see
 * search-index.ts); the next write makes them be read again.
 */
async function indexPage<T>(
  table: Table<T>,
  dateField: string,
  status: string | undefined,
  offset: number,
  pageSize: number,
): Promise<{ rows: T[]; total: number }> {
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
    const keys = cache.keys?.slice(offset, offset + pageSize);
    const rows = keys ? (keys.length === 0 ? [] : await table.bulkGet(keys)) : await range().reverse().limit(pageSize).toArray();
    // Unless a write came in meanwhile (then everything is read afresh below), this is the page.
    if (writeStamp(table) === stamp && rows.every((row) => row !== undefined)) return { rows: rows as T[], total: cache.total };
  }
  return table.db.transaction('r', table, async () => {
    if (offset === 0) {
      const [total, rows] = await Promise.all([range().count(), range().reverse().limit(pageSize).toArray()]);
      remember({ stamp, total });
      return { rows, total };
    }
    const keys = (await range().primaryKeys()).reverse();
    remember({ stamp, total: keys.length, keys });
    const rows = await table.bulkGet(keys.slice(offset, offset + pageSize));
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
  predicates = [],
}: {
  status?: string | undefined;
  needle: string | undefined;
  facets: Readonly<Record<string, string | undefined>>;
  index?: SearchSpec<T> | undefined;
  predicates?: ReadonlyArray<(row: T) => boolean> | undefined;
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
