import { readFileSync } from 'node:fs';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ShopDb } from '../../../sw/api/storage/db';
import type { StoredOutboxEntry } from '../../../sw/api/storage/sync-write';
import { handleApiRequest } from '../../../sw/api/router';
import { answerSyncedWrite } from '../../../sw/sync/outbox';
import { OUTBOX_FORMAT, readOutboxEntry, wireMutation } from '../../../sw/sync/outbox-format';
import { pushBody, withinBytes } from '../../../sw/sync/push';
import { BUILD_ID } from '../../../sw/build-id';
import { mutationSchema } from '../../../domain/contract/sync-protocol';

/*
 * The outbox's format (sw/sync/outbox-format.ts): entries of every format this worker may meet
 * read in the current shape, and pushed as the protocol's Mutation. Format 1's entries are the
 * fixtures a released worker wrote (tests/fixtures/outbox/format-1.json).
 */

const fixture = JSON.parse(readFileSync('tests/fixtures/outbox/format-1.json', 'utf8')) as { team: StoredOutboxEntry[]; customer: { entries: StoredOutboxEntry[] } };
const formatOne = [...fixture.team, ...fixture.customer.entries];

describe('reading an outbox entry', () => {
  it('reads each format-1 fixture as format 1 of an unknown build, its mutation unchanged, and sends it exactly as the old worker did', () => {
    expect(formatOne.map((entry) => entry.name)).toEqual(['POST /api/users', 'PUT /api/users', 'POST /api/products', 'POST /api/products', 'POST /api/products/bulk-delete', 'POST /api/files', 'POST /api/orders']);
    for (const stored of formatOne) {
      expect(stored).not.toHaveProperty('format');
      const read = readOutboxEntry(stored);
      expect(read).toEqual({ ...stored, format: 1 });
      expect(read).not.toHaveProperty('appVersion');
      // The wire of format 1 was the entry itself; it still is, and the server's schema takes it.
      expect(wireMutation(read)).toEqual(stored);
      expect(mutationSchema.safeParse(wireMutation(read)).success).toBe(true);
    }
    const withBase = readOutboxEntry(fixture.team[1]!);
    expect(withBase.base).toEqual({ address: 'Norway', phone: '+47 555 01 234' });
    expect(readOutboxEntry(fixture.team[0]!).pendingIds).toEqual(fixture.team[0]!.pendingIds);
  });

  it('writes the current format with the build that wrote it, and keeps both off the wire', async () => {
    const db = new ShopDb(`outbox-format-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, { shopCopy: true });
    const request = new Request('http://localhost/api/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ida Berg', email: 'ida@example.com', role: 'Tester', status: 'verified', address: 'Oslo', phone: '+47 555 01 234' }) });
    const answer = await answerSyncedWrite(db, request, (forwarded) => handleApiRequest(forwarded, db), () => {});
    expect(answer.status).toBe(201);
    const [stored] = await db.outbox.toArray();
    expect(stored).toMatchObject({ id: 1, name: 'POST /api/users', format: OUTBOX_FORMAT, appVersion: BUILD_ID });
    expect(OUTBOX_FORMAT).toBe(2);
    const read = readOutboxEntry(stored!);
    expect(read).toEqual(stored);
    const [prepared] = withinBytes([read], 1_000_000);
    const sent = JSON.parse(pushBody('client-1', [prepared!])) as { mutations: Array<Record<string, unknown>> };
    expect(Object.keys(sent.mutations[0]!).sort()).toEqual(['body', 'id', 'name', 'pendingIds', 'query']);
    expect(mutationSchema.safeParse(sent.mutations[0]).success).toBe(true);
    db.close();
  });

  it('reads an entry of a newer format (an app rolled back) by the protocol’s fields, its unknown local fields not sent', () => {
    const later = { id: 4, name: 'PATCH /api/tickets', query: { id: '3' }, body: { status: 'closed' }, format: 3, appVersion: 'next', device: 'tablet' } as StoredOutboxEntry;
    const read = readOutboxEntry(later);
    expect(read).toEqual({ id: 4, name: 'PATCH /api/tickets', query: { id: '3' }, body: { status: 'closed' }, format: 3, appVersion: 'next' });
    expect(wireMutation(read)).toEqual({ id: 4, name: 'PATCH /api/tickets', query: { id: '3' }, body: { status: 'closed' } });
  });

  it('reads an entry missing its query or body as a write without them, and a nonsense format as format 1', () => {
    const bare = { id: 2, name: 'DELETE /api/users', format: 'two' } as unknown as StoredOutboxEntry;
    expect(readOutboxEntry(bare)).toEqual({ id: 2, name: 'DELETE /api/users', query: {}, body: null, format: 1 });
  });
});
