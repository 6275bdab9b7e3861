// zod/mini: route search schemas are evaluated with the route tree, at start-up.
import * as z from 'zod/mini';

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

const pageSizeSchema = z.literal(PAGE_SIZES);

/** The defaults, left out of the URL (the route strips them: `stripSearchParams`). */
export const LIST_SEARCH_DEFAULTS = { page: 1, pageSize: PAGE_SIZES[0], search: '' } as const;

/** A calendar day as the URL and the API write it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` naming a real day (not 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The two URL parameters of a date-range filter (inclusive days, `YYYY-MM-DD`). */
export interface DateRangeParams<From extends string = string, To extends string = string> {
  from: From;
  to: To;
}

const daySchema = z.catch(z.optional(z.string().check(z.refine(isCalendarDay))), undefined);

/**
 * The route's `validateSearch` for a list: every value is checked, and an invalid one
 * falls back to its default (never an error page), so a hand-edited or stale shared link
 * still opens the list. `dateRange` adds a from/to pair of days; a range whose end is
 * before its start keeps the start and drops the end.
 */
export function listSearchSchema<
  Status extends string,
  SortField extends string,
  Filters extends Record<string, readonly [string, ...string[]]> = Record<never, never>,
  From extends string = never,
  To extends string = never,
>(statuses: readonly [Status, ...Status[]], sortFields: readonly [SortField, ...SortField[]], filters: Filters = {} as Filters, dateRange?: DateRangeParams<From, To>) {
  const filterParams = Object.fromEntries(Object.entries(filters).map(([param, values]) => [param, z.catch(z.optional(z.enum(values)), undefined)])) as unknown as {
    [Param in keyof Filters]: z.ZodMiniCatch<z.ZodMiniOptional<z.ZodMiniEnum<{ [Value in Filters[Param][number]]: Value }>>>;
  };
  const dateParams = (dateRange ? { [dateRange.from]: daySchema, [dateRange.to]: daySchema } : {}) as { [Param in From | To]: typeof daySchema };
  return z
    .object({
      ...filterParams,
      ...dateParams,
      page: z._default(z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 1), 1),
      pageSize: z._default(z.catch(z.pipe(z.coerce.number(), pageSizeSchema), PAGE_SIZES[0]), PAGE_SIZES[0]),
      search: z._default(z.catch(z.string().check(z.trim(), z.maxLength(200)), ''), ''),
      status: z.catch(z.optional(z.enum(statuses)), undefined),
      sort: z.catch(z.optional(z.enum(sortFields)), undefined),
      order: z.catch(z.optional(z.enum(SORT_ORDERS)), undefined),
    })
    .check(
      z.overwrite((search) => {
        if (!dateRange) return search;
        const record = search as Record<string, unknown>;
        const from = record[dateRange.from];
        const to = record[dateRange.to];
        // Same-length ISO days compare as strings.
        return typeof from === 'string' && typeof to === 'string' && to < from ? { ...search, [dateRange.to]: undefined } : search;
      }),
    );
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
