import { z } from 'zod';

/** Dates travel and are stored as ISO 8601 strings, so they sort as text and index well. */
export const isoDate = z.iso.datetime({ offset: true });

export const money = z.number().finite().nonnegative().max(1_000_000_000);

/** A lookup item as the lookup endpoints return them. */
export const lookupOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  value: z.string(),
});
export type LookupOption = z.infer<typeof lookupOptionSchema>;

export const listMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  firstIndex: z.number().int(),
  lastIndex: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** Rows per page unless `pageSize` asks otherwise (up to MAX_PAGE_SIZE). */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1_000;

/**
 * Query parameters shared by every list endpoint (sort and order are checked against each
 * list's fields: query.ts). Odd values fall back to defaults rather than fail.
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(PAGE_SIZE).default(PAGE_SIZE),
  search: z.string().transform((s) => s.trim().slice(0, 200)).optional().catch(undefined),
});

/** A record id from a query string or a path (text: coerced, `?id=7`). */
export const positiveIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * A record id in a JSON body (`{ ids: [3, 7] }`): a whole number as sent. Never coerced: `true`,
 * `"1"` or `[1]` would otherwise name record 1, and a bulk delete would remove it.
 */
export const bodyIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
