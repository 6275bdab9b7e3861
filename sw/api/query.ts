import { z } from 'zod';
import { listQuerySchema } from './schema/common';
import { validate } from './http';

/**
 * Parses list query parameters. page and search are lenient (odd values fall back to
 * defaults); filters with a fixed set of values answer 400 when the value is unknown.
 */
export function listQuery<S extends z.ZodRawShape>(url: URL, filters: S) {
  const raw = Object.fromEntries(url.searchParams);
  const schema = listQuerySchema.extend(filters);
  return validate(schema, raw) as z.infer<typeof listQuerySchema> & z.infer<z.ZodObject<S>>;
}

/** A status filter: case-insensitive; empty or 'all' means no filter. */
export function statusFilter<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return undefined;
    const value = v.trim().toLowerCase();
    return value === '' || value === 'all' ? undefined : value;
  }, z.enum(values).optional());
}
