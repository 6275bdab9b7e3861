import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../sw/api/storage/sync-write';
import { withinBytes } from '../../../sw/sync/push';

const upload = (id: number, bytes: number): OutboxEntry => ({ id, name: 'POST /api/files', query: {}, body: { id: `f${id}`, type: 'image/png', data: 'A'.repeat(bytes) } });
const small = (id: number): OutboxEntry => ({ id, name: 'PATCH /api/orders', query: { id: '1' }, body: { status: 'pending' } });

describe('a push’s batch of outbox entries', () => {
  it('stops before the entry that would pass the size limit, so big uploads go in pushes the server takes', () => {
    const entries = [upload(1, 3_000_000), upload(2, 3_000_000), small(3)];
    expect(withinBytes(entries, 4_000_000).map((e) => e.id)).toEqual([1]);
    expect(withinBytes(entries.slice(1), 4_000_000).map((e) => e.id)).toEqual([2, 3]);
  });

  it('sends an entry larger than the limit alone rather than never, and small entries together', () => {
    expect(withinBytes([upload(1, 5_000_000), small(2)], 4_000_000).map((e) => e.id)).toEqual([1]);
    expect(withinBytes([small(1), small(2), small(3)], 4_000_000).map((e) => e.id)).toEqual([1, 2, 3]);
  });
});
