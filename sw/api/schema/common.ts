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
  total: z.number().int(),
  totalPages: z.number().int(),
  firstIndex: z.number().int(),
  lastIndex: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export const PAGE_SIZE = 10;

/** Query parameters shared by every list endpoint. Odd values fall back to defaults rather than fail. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  search: z.string().transform((s) => s.trim().slice(0, 200)).optional().catch(undefined),
});

export const positiveIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
