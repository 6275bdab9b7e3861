// zod/mini: route search schemas are evaluated with the route tree, at start-up.
import * as z from 'zod/mini';
import { conflictKinds, conflictTypes, type ConflictQuery } from '@domain/contract/sync';

/**
 * The Sync page's `validateSearch`: `?page=2&kind=users&type=overwritten`. A value that is not
 * one of them (a misspelt kind, page 0) falls back to all entries, page 1: never an error page.
 */
export const conflictSearchSchema = z.object({
  page: z._default(z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 1), 1),
  kind: z.optional(z.catch(z.optional(z.enum(conflictKinds)), undefined)),
  type: z.optional(z.catch(z.optional(z.enum(conflictTypes)), undefined)),
});

export type ConflictSearch = ConflictQuery;

/** What the route strips from its URL: page 1 is the default. */
export const CONFLICT_SEARCH_DEFAULTS = { page: 1 } as const;
