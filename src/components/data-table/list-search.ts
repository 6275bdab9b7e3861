import { calendarDay, oneOf, pageNumber, searchValidator, text } from '@/lib/search-params';

/** The page sizes a list offers; the API's default (and the contract's) is the first. */
export const PAGE_SIZES = [10, 25, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * What every list keeps in its URL: `?page=&pageSize=&search=&status=&sort=&order=`, plus
 * the list's own exact-value filters (products: `category`), each its own parameter.
 */
export interface ListSearch<Status extends string = string, SortField extends string = string> {
  page: number;
  pageSize: PageSize;
  search: string;
  status?: Status | undefined;
  sort?: SortField | undefined;
  order?: SortOrder | undefined;
  [filter: string]: string | number | undefined;
}

const KNOWN_PARAMS = new Set(['page', 'pageSize', 'search', 'status', 'sort', 'order']);

/** The defaults, left out of the URL (the route strips them: `stripSearchParams`). */
export const LIST_SEARCH_DEFAULTS = { page: 1, pageSize: PAGE_SIZES[0], search: '' } as const;

/** The two URL parameters of a date-range filter (inclusive days, `YYYY-MM-DD`). */
export interface DateRangeParams<From extends string = string, To extends string = string> {
  from: From;
  to: To;
}

/** What a list's `validateSearch` gives its screen: the kit's parameters, the list's own filters and its date range. */
export type ListSearchOf<Status extends string, SortField extends string, Filters extends Record<string, readonly string[]>, From extends string, To extends string> = Pick<
  ListSearch<Status, SortField>,
  'page' | 'pageSize' | 'search' | 'status' | 'sort' | 'order'
> & { [Param in keyof Filters]?: Filters[Param][number] | undefined } & { [Param in From | To]?: string | undefined };

/**
 * The route's `validateSearch` for a list: every value is checked, and an invalid one
 * falls back to its default (never an error page), so a hand-edited or stale shared link
 * still opens the list. Unknown parameters are dropped. `dateRange` adds a from/to pair of
 * days; a range whose end is before its start keeps the start and drops the end.
 */
export function listSearchSchema<
  Status extends string,
  SortField extends string,
  Filters extends Record<string, readonly [string, ...string[]]> = Record<never, never>,
  From extends string = never,
  To extends string = never,
>(statuses: readonly [Status, ...Status[]], sortFields: readonly [SortField, ...SortField[]], filters: Filters = {} as Filters, dateRange?: DateRangeParams<From, To>) {
  return searchValidator((search): ListSearchOf<Status, SortField, Filters, From, To> => {
    const filterValues = Object.fromEntries(Object.entries(filters).map(([param, values]) => [param, oneOf(values, search[param])]));
    const from = dateRange && calendarDay(search[dateRange.from]);
    const to = dateRange && calendarDay(search[dateRange.to]);
    // Same-length ISO days compare as strings.
    const dates = dateRange ? { [dateRange.from]: from, [dateRange.to]: from !== undefined && to !== undefined && to < from ? undefined : to } : {};
    return {
      ...filterValues,
      ...dates,
      page: pageNumber(search.page),
      pageSize: oneOf(PAGE_SIZES, typeof search.pageSize === 'string' ? Number(search.pageSize) : search.pageSize) ?? PAGE_SIZES[0],
      search: text(search.search, 200, { trim: true }) ?? '',
      status: oneOf(statuses, search.status),
      sort: oneOf(sortFields, search.sort),
      order: oneOf(SORT_ORDERS, search.order),
    } as ListSearchOf<Status, SortField, Filters, From, To>;
  });
}

/** The list's query for the API: defaults left out, so the URL and the request stay short. */
export function apiListQuery(search: ListSearch): Record<string, string | number | undefined> {
  const filters = Object.fromEntries(Object.entries(search).filter(([param]) => !KNOWN_PARAMS.has(param)));
  return {
    ...filters,
    page: search.page,
    pageSize: search.pageSize === PAGE_SIZES[0] ? undefined : search.pageSize,
    search: search.search || undefined,
    status: search.status,
    sort: search.sort,
    order: search.sort ? search.order : undefined,
  };
}

/** A list route's navigate, as far as the kit uses it: merge into the search, maybe replacing the entry. */
export type ListNavigate = (options: { search: (previous: ListSearch) => ListSearch; replace?: boolean | undefined }) => Promise<void>;

/**
 * The kit's `onSearchChange` for a list route: merges the change into the URL's search.
 * Resolves when the navigation has finished (the list's typing waits for it).
 */
export function searchChanger(navigate: ListNavigate) {
  return (next: Partial<ListSearch>, options?: { replace?: boolean }): Promise<void> =>
    navigate({ search: (previous) => ({ ...previous, ...next }) as ListSearch, replace: options?.replace });
}
