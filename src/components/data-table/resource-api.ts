import { api } from '@/lib/api-client';
import type { ListMeta } from '@schema/common';
import { apiListQuery, type ListSearch } from './list-search';

export type RecordId = number | string;

export interface ListPage<T> {
  rows: T[];
  meta: ListMeta;
}

/** Rows read per call by an export (the API's largest page). */
const EXPORT_PAGE_SIZE = 1000;

/**
 * The calls the list kit makes for a resource, following the API's shape for every
 * table resource (docs/api.md): `GET <path>` lists as `{ <plural>: [...], meta }`,
 * `GET <path>/ids` every matching id, `DELETE <path>?id=`, `POST <path>/restore`,
 * `/bulk-delete`, `/bulk-status`, `/bulk` (with `dryRun`).
 */
export function resourceApi<T>(path: string, plural: string) {
  type Rows = Record<string, T[]>;
  const rowsOf = (answer: Rows): T[] => answer[plural] ?? [];
  return {
    async list(search: ListSearch, signal?: AbortSignal): Promise<ListPage<T>> {
      const answer = await api.get<Rows & { meta: ListMeta }>(path, apiListQuery(search), signal);
      return { rows: rowsOf(answer), meta: answer.meta };
    },
    /** Every id matching the list's filters (for "select all N matching"). */
    async ids(search: ListSearch): Promise<RecordId[]> {
      const { page: _page, pageSize: _pageSize, ...query } = apiListQuery(search);
      return (await api.get<{ ids: RecordId[] }>(`${path}/ids`, query)).ids;
    },
    /**
     * Reads every row matching the filters, in the list's sort order, a large page per call,
     * handing each page to `onPage` as it comes (nothing is collected here). The next page is
     * read while `onPage` works on this one. An abort (`signal`) stops it. Resolves to the rows read.
     */
    async eachPage(search: ListSearch, onPage: (rows: T[], progress: { done: number; total: number }) => void | Promise<void>, signal?: AbortSignal): Promise<number> {
      const query = apiListQuery(search);
      const read = (page: number) => api.get<Rows & { meta: ListMeta }>(path, { ...query, page, pageSize: EXPORT_PAGE_SIZE }, signal);
      let next = read(1);
      let done = 0;
      for (let page = 1; ; page++) {
        const answer = await next;
        const more = page < answer.meta.totalPages;
        if (more) {
          next = read(page + 1);
          // Its failure is thrown where it is awaited; if onPage stops the export first, it is ignored.
          next.catch(() => undefined);
        }
        const rows = rowsOf(answer);
        done += rows.length;
        await onPage(rows, { done, total: answer.meta.total });
        if (!more) return done;
        signal?.throwIfAborted();
      }
    },
    remove: async (id: RecordId) => api.delete<Record<string, T>>(path, { id }),
    restore: async (ids: RecordId[]) => rowsOf(await api.post<Rows>(`${path}/restore`, { ids })),
    bulkDelete: async (ids: RecordId[]) => rowsOf(await api.post<Rows>(`${path}/bulk-delete`, { ids })),
    bulkStatus: async (ids: RecordId[], status: string) => rowsOf(await api.post<Rows>(`${path}/bulk-status`, { ids, status })),
    /** Checks (dryRun) or inserts the rows, all or nothing; a 400 names `<plural>.<row>.<field>`. */
    bulkInsert: (records: unknown[], dryRun: boolean) =>
      api.post<{ valid?: number; inserted?: number }>(`${path}/bulk`, { [plural]: records, dryRun }),
  };
}

export type ResourceApi<T> = ReturnType<typeof resourceApi<T>>;
