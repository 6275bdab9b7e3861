import Dexie, { type Collection, type Table } from 'dexie';
import { PAGE_SIZE, type ListMeta } from './schema/common';
import { pageMeta } from './pagination';

export type ListPlan = 'date-index' | 'status-date-index' | 'filtered-scan';

interface ListOptions<T> {
  table: Table<T>;
  /** The date field the list is sorted by, newest first (indexed). */
  dateField: string;
  page: number;
  /** Exact status value; served by the [status+date] index. */
  status?: string | undefined;
  /** Extra row predicates (search, payment method): these need a scan of the ordered rows. */
  predicates?: ReadonlyArray<(row: T) => boolean>;
}

export interface ListResult<T> {
  rows: T[];
  meta: ListMeta;
  plan: ListPlan;
}

/** One page of a newest-first list, choosing the index path the filters allow. */
export async function listPage<T>({ table, dateField, page, status, predicates = [] }: ListOptions<T>): Promise<ListResult<T>> {
  const offset = (page - 1) * PAGE_SIZE;
  const ordered: Collection<T> =
    status === undefined
      ? table.orderBy(dateField).reverse()
      : table
          .where(`[status+${dateField}]`)
          .between([status, Dexie.minKey], [status, Dexie.maxKey])
          .reverse();

  if (predicates.length === 0) {
    const total = await (status === undefined ? table.count() : table.where('status').equals(status).count());
    const rows = await ordered.offset(offset).limit(PAGE_SIZE).toArray();
    return { rows, meta: pageMeta(page, total), plan: status === undefined ? 'date-index' : 'status-date-index' };
  }

  const matches = (row: T) => predicates.every((p) => p(row));
  const all = await ordered.filter(matches).toArray();
  return {
    rows: all.slice(offset, offset + PAGE_SIZE),
    meta: pageMeta(page, all.length),
    plan: 'filtered-scan',
  };
}

/** Case-insensitive substring match over the given text fields. */
export function textSearch<T>(search: string, fields: (row: T) => ReadonlyArray<string | number | null | undefined>) {
  const needle = search.toLowerCase();
  return (row: T) => fields(row).some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(needle));
}
