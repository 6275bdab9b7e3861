import { conflictKinds, conflictTypes, type ConflictQuery } from '@domain/contract/sync';
import { oneOf, pageNumber, searchValidator } from '@/lib/search-params';

/**
 * The Sync page's `validateSearch`: `?page=2&kind=users&type=overwritten`. A value that is not
 * one of them (a misspelt kind, page 0) falls back to all entries, page 1: never an error page.
 */
export const conflictSearchSchema = searchValidator(
  (search): ConflictSearch => ({ page: pageNumber(search.page), kind: oneOf(conflictKinds, search.kind), type: oneOf(conflictTypes, search.type) }),
);

export type ConflictSearch = ConflictQuery;

/** What the route strips from its URL: page 1 is the default. */
export const CONFLICT_SEARCH_DEFAULTS = { page: 1 } as const;
