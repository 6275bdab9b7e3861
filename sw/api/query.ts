import { z } from 'zod';
import { listQuerySchema } from '../../domain/schema/common';
import { ApiError, INVALID_REQUEST, validate } from './http';
import type { ListSort } from './storage/list-sort';
import type { SearchSpec } from './storage/search-entries';
import { searchTerm } from './search-terms';

/** What a list can be sorted by: its spec's sort fields, and its date field (the default sort). */
export interface Sortable {
  index: Pick<SearchSpec<never>, 'sorts' | 'dateSorts'>;
  dateField: string;
}

/**
 * Parses list query parameters. page, pageSize and search are lenient (odd values fall
 * back to defaults; a search for an amount or a date as any language writes it is turned into
 * the form records hold it in, search-terms.ts); filters with a fixed set of values, sort and order answer 400 when
 * the value is unknown.
 */
export function listQuery<S extends z.ZodRawShape>(url: URL, filters: S, sortable: Sortable) {
  const raw = Object.fromEntries(url.searchParams);
  const schema = listQuerySchema.extend(filters);
  const sort = sortParams(url, sortable);
  const query = validate(schema, raw) as z.infer<typeof listQuerySchema> & z.infer<z.ZodObject<S>>;
  // An amount or a date typed as the app shows it in any language, matched in the form the records hold it.
  return { ...query, search: query.search === undefined ? undefined : searchTerm(query.search), sort };
}

/** `sort` (default: the date field) and `order` (default: desc for a date field, asc otherwise); empty means omitted. */
function sortParams(url: URL, { index, dateField }: Sortable): ListSort {
  const fields = Object.keys(index.sorts);
  const field = url.searchParams.get('sort')?.trim() || dateField;
  if (!fields.includes(field)) throw invalidParam('sort', `must be one of ${fields.join(', ')}`);
  const order = url.searchParams.get('order')?.trim().toLowerCase() || (index.dateSorts.includes(field) ? 'desc' : 'asc');
  if (order !== 'asc' && order !== 'desc') throw invalidParam('order', 'must be asc or desc');
  return { field, order };
}

/** A 400 about one query parameter, worded as the contract has it: `Invalid request: <name> <message>`. */
function invalidParam(name: string, message: string): ApiError {
  return new ApiError(400, `${INVALID_REQUEST}: ${name} ${message}`, [{ path: name, message }]);
}

/** A status filter: case-insensitive; empty or 'all' means no filter. */
export function statusFilter<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return undefined;
    const value = v.trim().toLowerCase();
    return value === '' || value === 'all' ? undefined : value;
  }, z.enum(values).optional());
}
