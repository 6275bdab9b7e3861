import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ShopDb } from '../../../sw/api/storage/db';
import type { StoredOutboxEntry } from '../../../sw/api/storage/sync-write';
import { clientState } from '../../../sw/sync/client-state';
import { takePushAnswer } from '../../../sw/sync/push-answer';
import { pendingIdOf } from '../../../domain/sync/pending';
import type { PushResult } from '../../../domain/contract/sync-protocol';

/*
 * A push's answer of creations (sw/sync/push-answer.ts, server-ids.ts): the waiting writes that
 * name a created record's pending id name its server id from then on. Back from the field the
 * outbox holds thousands of writes, most naming none of them: those are left as stored, not
 * read into the current shape and written again after every answer (which made a 10,000-write
 * replay quadratic).
 */

const copy = () => new ShopDb(`push-answer-ids-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, { shopCopy: true });

const create = (id: number): StoredOutboxEntry => ({ id, name: 'POST /api/users', query: {}, body: { name: `User ${id}` }, pendingIds: [pendingIdOf(id, 0)], format: 2, appVersion: 'old-build' });
/** A format-1 entry, as a worker before 28 Nov 2026 stored it: no format, no build. */
const statusChange = (id: number): StoredOutboxEntry => ({ id, name: 'PATCH /api/orders', query: { id: '7' }, body: { status: 'pending' } });
const editOf = (id: number, userId: number): StoredOutboxEntry => ({ id, name: 'PUT /api/users', query: { id: String(userId) }, body: { name: `Edited ${userId}` } });

describe('a push’s answer of creations', () => {
  it('gives the server’s ids to the waiting writes that name the created records, and leaves every other entry as stored', async () => {
    const db = copy();
    await clientState(db);
    const created = [create(1), create(2)];
    const waiting = [editOf(3, pendingIdOf(1, 0)), statusChange(4), editOf(5, pendingIdOf(9, 0)), editOf(6, pendingIdOf(2, 0)), statusChange(7)];
    await db.outbox.bulkAdd([...created, ...waiting]);
    const results: PushResult[] = [
      { id: 1, status: 'applied', version: 10, created: [{ kind: 'users', id: 501, pendingId: pendingIdOf(1, 0) }] },
      { id: 2, status: 'applied', version: 11, created: [{ kind: 'users', id: 502, pendingId: pendingIdOf(2, 0) }] },
    ];
    await takePushAnswer(db, created, results);

    const stored = await db.outbox.orderBy(':id').toArray();
    expect(stored.map((entry) => entry.id)).toEqual([3, 4, 5, 6, 7]);
    expect(stored[0]).toMatchObject({ query: { id: '501' }, body: { name: `Edited ${pendingIdOf(1, 0)}` } });
    expect(stored[3]).toMatchObject({ query: { id: '502' } });
    // Not named by the answer: exactly as they were stored (a format-1 entry still records no format).
    expect(stored[1]).toEqual(statusChange(4));
    expect(stored[2]).toEqual(editOf(5, pendingIdOf(9, 0)));
    expect(stored[4]).toEqual(statusChange(7));
    expect((await clientState(db)).lastMutationId).toBe(2);
    db.close();
  });

  it('writes no entry again when the answer created nothing the outbox names', async () => {
    const db = copy();
    await clientState(db);
    const created = [create(1)];
    const waiting = Array.from({ length: 50 }, (_, i) => statusChange(i + 2));
    await db.outbox.bulkAdd([...created, ...waiting]);
    const written: number[] = [];
    db.outbox.hook('updating', (_changes, key) => {
      written.push(key as number);
    });
    db.outbox.hook('creating', (key) => {
      written.push(key as number);
    });
    await takePushAnswer(db, created, [{ id: 1, status: 'applied', version: 3, created: [{ kind: 'users', id: 40, pendingId: pendingIdOf(1, 0) }] }]);
    expect(written).toEqual([]);
    expect(await db.outbox.count()).toBe(50);
    expect(await db.outbox.toArray()).toEqual(waiting);
    db.close();
  });
});
