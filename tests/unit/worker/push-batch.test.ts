import { describe, expect, it } from 'vitest';
import type { StoredOutboxEntry } from '../../../sw/api/storage/sync-write';
import { pushBody, withinBytes } from '../../../sw/sync/push';

const upload = (id: number, bytes: number): StoredOutboxEntry => ({ id, name: 'POST /api/files', query: {}, body: { id: `f${id}`, type: 'image/png', data: 'A'.repeat(bytes) } });
const small = (id: number): StoredOutboxEntry => ({ id, name: 'PATCH /api/orders', query: { id: '1' }, body: { status: 'pending' } });
const ids = (batch: ReturnType<typeof withinBytes>) => batch.map(({ entry }) => entry.id);

describe('a push’s batch of outbox entries', () => {
  it('stops before the entry that would pass the size limit, so big uploads go in pushes the server takes', () => {
    const entries = [upload(1, 3_000_000), upload(2, 3_000_000), small(3)];
    expect(ids(withinBytes(entries, 4_000_000))).toEqual([1]);
    expect(ids(withinBytes(entries.slice(1), 4_000_000))).toEqual([2, 3]);
  });

  it('sends an entry larger than the limit alone rather than never, and small entries together', () => {
    expect(ids(withinBytes([upload(1, 5_000_000), small(2)], 4_000_000))).toEqual([1]);
    expect(ids(withinBytes([small(1), small(2), small(3)], 4_000_000))).toEqual([1, 2, 3]);
  });

  it('sends the body the whole batch would serialise to: each entry’s wire form, pending ids and base only when it has them', () => {
    const entries: StoredOutboxEntry[] = [
      small(1),
      { id: 2, name: 'POST /api/orders', query: {}, body: { note: 'é "quoted"' }, pendingIds: [], base: undefined },
      { id: 3, name: 'PUT /api/products', query: { id: '7' }, body: { price: 2 }, pendingIds: ['p1'], base: { price: 1 } },
    ];
    const mutations = [
      { id: 1, name: 'PATCH /api/orders', query: { id: '1' }, body: { status: 'pending' } },
      { id: 2, name: 'POST /api/orders', query: {}, body: { note: 'é "quoted"' } },
      { id: 3, name: 'PUT /api/products', query: { id: '7' }, body: { price: 2 }, pendingIds: ['p1'], base: { price: 1 } },
    ];
    expect(pushBody('client-1', withinBytes(entries, 4_000_000))).toBe(JSON.stringify({ clientId: 'client-1', mutations }));
  });
});
