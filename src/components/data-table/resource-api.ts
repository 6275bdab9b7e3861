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
 * table resource (README "API"): `GET <path>` lists as `{ <plural>: [...], meta }`,
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
    /** Every row matching the filters, in the list's sort order, a large page at a time. */
    async all(search: ListSearch, onProgress?: (done: number, total: number) => void): Promise<T[]> {
      const rows: T[] = [];
      for (let page = 1; ; page++) {
        const answer = await api.get<Rows & { meta: ListMeta }>(path, { ...apiListQuery(search), page, pageSize: EXPORT_PAGE_SIZE });
        rows.push(...rowsOf(answer));
        onProgress?.(rows.length, answer.meta.total);
        if (page >= answer.meta.totalPages) return rows;
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
