import type { Resource } from '../api/context';
import { parseMutationName, type Mutation, type RecordId, type SyncedKind } from '../../domain/contract/sync-protocol';
import { mergeFields, mergeTarget, mutationBaseSchema } from '../../domain/sync/field-merge';
import { readRecord, recordUrl } from './read-record';

/*
 * Pull and rebase (docs/sync.md, "Pull"): a pulled page puts the server's records into the copy
 * even while writes of this device wait in the outbox. A record the page replaced loses the
 * waiting writes' effect on it, so each waiting write that names such a record is run again,
 * in order, through the worker's own /api (the path that made it): the copy shows "the
 * server's records + my waiting writes" again. A replace with its `base` is merged over the
 * record as it is now as the server merges it (field-merge.ts): only the fields this device
 * changed are set again, and one the team changed meanwhile keeps the team's value. Writes that
 * create records are not run again: the records they made keep their pending ids, which the
 * server never sends.
 */

/** Answers an /api request from the copy as a replay: no outbox entry, no activity entry, no announcement. */
export type Replay = (request: Request) => Promise<Response>;

/** `users\0 12`: a record as pages and writes name it (ids as text, an invoice's in capitals, a file's in small letters). */
export function recordKey(kind: string, id: RecordId | string): string {
  let text = String(id).trim();
  if (/^\d+$/.test(text)) text = String(Number(text));
  else if (kind === 'invoices') text = text.toUpperCase();
  else if (kind === 'files') text = text.toLowerCase();
  return `${kind}\u0000${text}`;
}

/** Writes whose body lists the records they change (`{ ids }`). */
const BY_BODY_IDS = /\/(restore|bulk-delete|bulk-status)$/;

/** The records a waiting write names: its `id` (query or path), or the `ids` of a restore, bulk delete or bulk status. None for a creation. */
export function namedRecords(entry: Pick<Mutation, 'name' | 'query' | 'body'>): string[] {
  const { kind, path } = parseMutationName(entry.name);
  const ids: unknown[] = [];
  if (entry.query.id !== undefined) ids.push(entry.query.id);
  const body = entry.body as { ids?: unknown } | null;
  if (BY_BODY_IDS.test(path) && Array.isArray(body?.ids)) ids.push(...body.ids);
  return ids.filter((id) => typeof id === 'string' || typeof id === 'number').map((id) => recordKey(kind, id as RecordId));
}

/** The write as the /api request that made it: path parameters put back in the path, the rest in the query. */
export function replayRequest(entry: Pick<Mutation, 'name' | 'query' | 'body'>): Request {
  const { method, path: template } = parseMutationName(entry.name);
  const query = { ...entry.query };
  const path = template
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = query[segment.slice(1)] ?? '';
      delete query[segment.slice(1)];
      return encodeURIComponent(value);
    })
    .join('/');
  const url = new URL(path, 'http://localhost');
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const hasBody = entry.body !== null && entry.body !== undefined;
  return new Request(url, {
    method,
    ...(hasBody
      ? {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(entry.body),
        }
      : {}),
  });
}

/**
 * Runs again, in order, the waiting writes (the outbox's entries, in id order; those after
 * `confirmedUpTo`, the last one the server says it applied, whose effect is in the server's
 * records already) that name a record in `replaced` or one an earlier run-again write named. A write refused now (a status change someone else
 * made impossible, a record the team deleted) leaves the server's record: the server answers it
 * at the push, and a refusal is listed on the Sync page. Answers the resources changed.
 */
export async function rebaseWaitingWrites(waiting: readonly Mutation[], replaced: ReadonlySet<string>, confirmedUpTo: number, replay: Replay): Promise<Set<Resource>> {
  const touched = new Set<Resource>();
  if (replaced.size === 0) return touched;
  const affected = new Set(replaced);
  for (const entry of waiting) {
    if (entry.id <= confirmedUpTo) continue;
    const named = namedRecords(entry);
    if (!named.some((key) => affected.has(key))) continue;
    named.forEach((key) => affected.add(key));
    const response = await replay(replayRequest(await mergedOverCurrent(entry, replay)));
    if (response.ok) touched.add(parseMutationName(entry.name).kind as SyncedKind);
  }
  return touched;
}

/** A replace with its `base`, its body merged over the copy's record as it is now (the record gone: as it was). */
async function mergedOverCurrent(entry: Mutation, replay: Replay): Promise<Pick<Mutation, 'name' | 'query' | 'body'>> {
  const target = entry.base ? mergeTarget(entry) : undefined;
  const base = mutationBaseSchema.safeParse(entry.base);
  if (!target || !base.success || typeof entry.body !== 'object' || entry.body === null) return entry;
  const current = await readRecord(replay, recordUrl('http://localhost', target.kind, target.id));
  return current ? { ...entry, body: mergeFields(current, entry.body as Record<string, unknown>, base.data).body } : entry;
}
