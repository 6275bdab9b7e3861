import { describe, expect, it } from 'vitest';
import { namedRecords, recordKey, replayRequest } from '../../../sw/sync/rebase';
import { mutationOf } from '../../../sw/sync/mutation-name';

/** The entry a request makes, as the outbox keeps it (outbox.ts). */
function entryOf(method: string, url: string, body: unknown = null) {
  const mutation = mutationOf(method, new URL(url, 'http://localhost'));
  if (!mutation) throw new Error(`${method} ${url} is no mutation`);
  return { name: mutation.name, query: mutation.query, body };
}

describe('a waiting write run again (rebase.ts)', () => {
  it('is rebuilt as the request that made it: path parameters back in the path, the rest in the query, the body as JSON', async () => {
    const reply = replayRequest(entryOf('POST', '/api/tickets/12/replies', { message: 'On its way' }));
    expect(reply.method).toBe('POST');
    expect(new URL(reply.url).pathname).toBe('/api/tickets/12/replies');
    expect(new URL(reply.url).search).toBe('');
    expect(await reply.json()).toEqual({ message: 'On its way' });

    const patch = replayRequest(entryOf('PATCH', '/api/orders?id=7', { status: 'shipping' }));
    expect(`${patch.method} ${new URL(patch.url).pathname}${new URL(patch.url).search}`).toBe('PATCH /api/orders?id=7');

    const removal = replayRequest(entryOf('DELETE', '/api/files/0b6f1c1e-2a8e-4a4e-9a57-0d1f7f1b9c01'));
    expect(removal.method).toBe('DELETE');
    expect(new URL(removal.url).pathname).toBe('/api/files/0b6f1c1e-2a8e-4a4e-9a57-0d1f7f1b9c01');
    expect(removal.body).toBeNull();
  });

  it('names the records it changes: its id, or the ids a restore, bulk delete or bulk status lists; a creation names none', () => {
    expect(namedRecords(entryOf('PUT', '/api/users?id=012', { name: 'Ann' }))).toEqual([recordKey('users', 12)]);
    expect(namedRecords(entryOf('PUT', '/api/invoices?id=inv-0042', {}))).toEqual([recordKey('invoices', 'INV-0042')]);
    expect(namedRecords(entryOf('POST', '/api/tickets/5/replies', { message: 'x' }))).toEqual([recordKey('tickets', 5)]);
    expect(namedRecords(entryOf('POST', '/api/orders/bulk-status', { ids: [1, 2], status: 'shipping' }))).toEqual([recordKey('orders', 1), recordKey('orders', 2)]);
    expect(namedRecords(entryOf('POST', '/api/products/restore', { ids: [3] }))).toEqual([recordKey('products', 3)]);
    expect(namedRecords(entryOf('POST', '/api/users', { name: 'Bob' }))).toEqual([]);
    expect(namedRecords(entryOf('POST', '/api/orders/bulk', { orders: [] }))).toEqual([]);
  });
});
