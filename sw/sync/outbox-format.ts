import type { Mutation } from '../../domain/contract/sync-protocol';
import type { OutboxEntry, StoredOutboxEntry } from '../api/storage/sync-write';
import { BUILD_ID } from '../build-id';

/*
 * The outbox's format (docs/sync.md, "The outbox's format"). A device may stay away for days and
 * come back with a newer worker than the one that wrote its outbox: each entry records the format
 * it was written in and the build of the app that wrote it, and every read of the outbox for a
 * push, a rebase, the stuck change or the Sync page goes through `readOutboxEntry`, which turns an
 * entry of any format this worker may meet into the current shape. The wire stays the protocol's
 * Mutation (`wireMutation`): the server never sees the local fields.
 *
 * Formats:
 * 1. the protocol's Mutation as it is (`id`, `name`, `query`, `body`, `pendingIds?`, `base?`),
 *    nothing more (workers up to 28 Nov 2026; tests/fixtures/outbox/format-1.json);
 * 2. format 1 with `format: 2` and `appVersion`, the build id (VITE_BUILD_ID) of the worker that
 *    wrote it.
 */

/** The format this worker writes. A change of the stored shape is a new number, with its reading added to readOutboxEntry. */
export const OUTBOX_FORMAT = 2;

/** The format of an entry that records none: written before entries recorded it. */
const FIRST_FORMAT = 1;

/** `mutation` as this worker stores it: with the current format and its build. */
export function stampedEntry(mutation: Mutation): OutboxEntry {
  return { ...mutation, format: OUTBOX_FORMAT, appVersion: BUILD_ID };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored entry, of any format, in the current shape. `format` keeps the one it was written in
 * (1 when it records none) and `appVersion` the writer's build (absent: unknown, format 1). The
 * protocol's fields are carried as stored: a mutation this worker cannot make sense of still
 * goes to the server, whose refusal makes it a stuck change the person can discard (stuck.ts),
 * rather than a change silently dropped. An entry of a newer format than this worker's (an app
 * rolled back) is read by its protocol fields, which every format keeps.
 */
export function readOutboxEntry(stored: StoredOutboxEntry): OutboxEntry {
  const { id, name, query, body, pendingIds, base, format, appVersion } = stored as Partial<StoredOutboxEntry>;
  const written = typeof format === 'number' && Number.isInteger(format) && format >= FIRST_FORMAT ? format : FIRST_FORMAT;
  return {
    id: id as number,
    name: typeof name === 'string' ? name : String(name),
    // Formats 1 and 2 always stored a query and a body; an entry without is read as a write without either.
    query: isRecord(query) ? (query as Record<string, string>) : {},
    body: body === undefined ? null : body,
    ...(pendingIds !== undefined ? { pendingIds } : {}),
    ...(base !== undefined ? { base } : {}),
    format: written,
    ...(typeof appVersion === 'string' ? { appVersion } : {}),
  };
}

/** Reads stored entries in order (readOutboxEntry each). */
export const readOutboxEntries = (stored: readonly StoredOutboxEntry[]): OutboxEntry[] => stored.map(readOutboxEntry);

/** An entry as the server takes it: the protocol's Mutation, the local fields left out (an empty `pendingIds` too). */
export function wireMutation({ id, name, query, body, pendingIds, base }: Mutation): Mutation {
  return { id, name, query, body, ...(pendingIds?.length ? { pendingIds } : {}), ...(base ? { base } : {}) };
}
