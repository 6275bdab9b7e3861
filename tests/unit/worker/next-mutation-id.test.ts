import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ShopDb } from '../../../sw/api/storage/db';
import { clientState, nextMutationId } from '../../../sw/sync/client-state';
import { takePushAnswer } from '../../../sw/sync/push-answer';
import type { Mutation } from '../../../domain/contract/sync-protocol';

/*
 * The known worker bug of session 16 (a viewer's create answered 409 "A record with this id
 * already exists" while its refused pushes came back): a push's answer (not under the store's
 * lock) removing the answered entries and raising the last answered id between the two reads
 * of the next id gave an id already used: the pending ids of a refused create still in the copy
 * (a ConstraintError), or an id the server had answered (it would skip the write as applied).
 */

const copy = () => new ShopDb(`next-id-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, { shopCopy: true });
const create = (id: number): Mutation => ({ id, name: 'POST /api/users', query: {}, body: { name: `User ${id}` } });

describe('the next mutation id', () => {
  it('is past every id used, even while a push’s answer removes the answered entries', async () => {
    for (let round = 0; round < 20; round++) {
      const db = copy();
      await clientState(db);
      const batch = [create(1), create(2), create(3)];
      await db.outbox.bulkAdd(batch);
      // The answer comes back while a write takes its id: all refused.
      const [id] = await Promise.all([
        nextMutationId(db),
        takePushAnswer(db, batch, batch.map((entry) => ({ id: entry.id, status: 'rejected' as const, code: 403, message: 'Viewers cannot change the shop' }))),
      ]);
      expect(id, `round ${round}`).toBe(4);
      expect((await clientState(db)).lastMutationId).toBe(3);
      db.close();
    }
  });
});
