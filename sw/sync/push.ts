import type { ShopDb } from '../api/storage/db';
import { PUSH_BATCH_BYTES, type Mutation, type PushAnswer } from '../../domain/contract/sync-protocol';
import { clientState } from './client-state';
import { takePushAnswer } from './push-answer';
import { postJsonText, type ServerLink } from './server-link';
import { readOutboxEntries, readOutboxEntry, wireMutation } from './outbox-format';

/**
 * Mutations per push: the server's maxMutationsPerPush (500 by default, the protocol's "at most
 * 500"). Each push costs a round trip, the server's checks of the caller and the worker's
 * transaction taking its answer; at 100 a push, those were a fifth of a 10,000-write replay.
 */
export const PUSH_BATCH = 500;
export { PUSH_BATCH_BYTES };

/** How far a push of the outbox has come: the entries answered so far, of those waiting when it began and added since. */
export interface PushProgress {
  sent: number;
  total: number;
}

/**
 * Pushes the outbox's entries in order, a batch at a time, until it is empty (entries added
 * meanwhile are pushed too), each answer taken in by push-answer.ts; `onProgress` is told before
 * the first batch (none sent: the header shows a long push from its start, not from its first
 * answer) and after each batch (a refused write is answered too: the rest go on). Answers how many the server
 * refused. Throws Unreachable or ServerRefused when a push fails: the entries stay, to be pushed
 * again.
 */
export async function pushOutbox(db: ShopDb, link: ServerLink, onProgress: (progress: PushProgress) => void = () => {}): Promise<{ pushed: number; rejected: number }> {
  const { clientId } = await clientState(db);
  let pushed = 0;
  let rejected = 0;
  onProgress({ sent: 0, total: await db.outbox.count() });
  for (;;) {
    const prepared = withinBytes(readOutboxEntries(await db.outbox.orderBy(':id').limit(PUSH_BATCH).toArray()), PUSH_BATCH_BYTES);
    if (prepared.length === 0) return { pushed, rejected };
    const answered = await pushPrepared(db, link, clientId, prepared);
    rejected += answered.rejected;
    pushed += answered.pushed;
    if (answered.pushed === 0) return { pushed, rejected };
    onProgress({ sent: pushed, total: pushed + (await db.outbox.count()) });
  }
}

/** The outbox's oldest entry pushed alone (stuck.ts tells a bad entry from a bad batch so). Throws as pushOutbox does. */
export async function pushOldestAlone(db: ShopDb, link: ServerLink): Promise<{ pushed: number; rejected: number }> {
  const oldest = await db.outbox.orderBy(':id').first();
  if (!oldest) return { pushed: 0, rejected: 0 };
  return pushPrepared(db, link, (await clientState(db)).clientId, withinBytes([readOutboxEntry(oldest)], PUSH_BATCH_BYTES));
}

/** One push of `prepared`, its answer taken in. */
async function pushPrepared(db: ShopDb, link: ServerLink, clientId: string, prepared: readonly PreparedEntry[]): Promise<{ pushed: number; rejected: number }> {
  const { results } = await postJsonText<PushAnswer>(link, 'push', pushBody(clientId, prepared));
  const rejected = await takePushAnswer(db, prepared.map(({ entry }) => entry), results);
  return { pushed: results.length, rejected };
}

/** An outbox entry (read in the current shape) with its wire form as JSON, serialised once: measured for the batch, then sent. */
export interface PreparedEntry {
  entry: Mutation;
  json: string;
}

/** The first entries whose wire form fits in `maxBytes` (at least one), each with that form's JSON. */
export function withinBytes(entries: readonly Mutation[], maxBytes: number): PreparedEntry[] {
  const batch: PreparedEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const json = JSON.stringify(wireMutation(entry));
    if (batch.length > 0 && bytes + json.length > maxBytes) break;
    batch.push({ entry, json });
    bytes += json.length;
  }
  return batch;
}

/** A push's body, the JSON of `{ clientId, mutations }`, assembled from the entries' JSON rather than serialised again. */
export function pushBody(clientId: string, batch: readonly PreparedEntry[]): string {
  return `{"clientId":${JSON.stringify(clientId)},"mutations":[${batch.map(({ json }) => json).join(',')}]}`;
}

