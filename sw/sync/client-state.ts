import type { ShopDb } from '../api/storage/db';
import type { ClientStateRow } from '../api/storage/sync-tables';

/** A shared shop copy's sync state (sync-tables.ts), made on first use with a new random client id. */
export async function clientState(db: ShopDb): Promise<ClientStateRow> {
  const found = (await db.syncState.get('client')) as ClientStateRow | undefined;
  if (found) return found;
  return db.transaction('rw', db.syncState, async () => {
    const again = (await db.syncState.get('client')) as ClientStateRow | undefined;
    if (again) return again;
    const made: ClientStateRow = { key: 'client', clientId: crypto.randomUUID(), cookie: null, lastMutationId: 0 };
    await db.syncState.put(made);
    return made;
  });
}

/** Changes the state (in its own transaction, or the caller's when it holds syncState). */
export async function updateClientState(db: ShopDb, change: (state: ClientStateRow) => ClientStateRow): Promise<ClientStateRow> {
  const current = await clientState(db);
  return db.transaction('rw', db.syncState, async () => {
    const stored = ((await db.syncState.get('client')) as ClientStateRow | undefined) ?? current;
    const next = change(stored);
    await db.syncState.put(next);
    return next;
  });
}

/**
 * The id the next mutation gets: one past every id the outbox holds and the server answered.
 * Both are read in one transaction: a push's answer (push-answer.ts, not under the store's lock)
 * removes the answered entries and raises the last answered id in one transaction of its own, and
 * read apart they could miss both (an id given twice: a refused create's pending ids still in the
 * copy, a ConstraintError; or an id the server skips as applied).
 */
export async function nextMutationId(db: ShopDb): Promise<number> {
  const made = await clientState(db);
  return db.transaction('r', db.syncState, db.outbox, async () => {
    const state = ((await db.syncState.get('client')) as ClientStateRow | undefined) ?? made;
    const last = await db.outbox.orderBy(':id').lastKey();
    return Math.max(state.lastMutationId, typeof last === 'number' ? last : 0) + 1;
  });
}
