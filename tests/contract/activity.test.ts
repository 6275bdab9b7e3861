import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { byId, freezeClock, NOW } from './support/helpers';
import { seedUsers } from '../../seed/users';
import { seedProducts } from '../../seed/products';
import { seedOrders } from '../../seed/orders';
import { ACTIVITY_KEPT, type ActivityEntry } from '../../sw/api/activity/activity-log';

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});
freezeClock();

const person = { name: 'Noor Haddad', email: 'noor@example.com', role: 'Buyer', status: 'verified', address: 'Jordan', phone: '+962 7 9555 0101' };

async function activity(query = ''): Promise<ActivityEntry[]> {
  const res = await api.call('GET', `/api/activity${query}`);
  expect(res.status).toBe(200);
  return res.body.activity;
}

/** The newest entry, without its id and time. */
async function latest() {
  const [entry] = await activity('?limit=1');
  expect(entry?.at).toBe(NOW);
  const { id: _id, at: _at, ...rest } = entry!;
  return rest;
}

describe('GET /api/activity', () => {
  it('starts empty', async () => {
    expect(await activity()).toEqual([]);
  });

  it('records each successful write to users, with its action, record and label', async () => {
    const created = (await api.call('POST', '/api/users', person)).body.user;
    expect(await latest()).toEqual({ resource: 'users', action: 'created', recordId: created.id, label: 'Noor Haddad', count: 1 });

    await api.call('PUT', '/api/users', { ...person, id: created.id, name: 'Noor H.' });
    expect(await latest()).toEqual({ resource: 'users', action: 'updated', recordId: created.id, label: 'Noor H.', count: 1 });

    await api.call('DELETE', '/api/users?id=3');
    expect(await latest()).toEqual({ resource: 'users', action: 'deleted', recordId: 3, label: byId(seedUsers, 3).name, count: 1 });

    await api.call('POST', '/api/users/restore', { ids: [3] });
    expect(await latest()).toEqual({ resource: 'users', action: 'restored', recordId: 3, label: byId(seedUsers, 3).name, count: 1 });

    await api.call('POST', '/api/users/bulk-status', { ids: [1, 2, 3], status: 'hidden' });
    expect(await latest()).toEqual({ resource: 'users', action: 'status-changed', recordId: null, label: null, count: 3 });

    await api.call('POST', '/api/users/bulk-delete', { ids: [1, 2] });
    expect(await latest()).toEqual({ resource: 'users', action: 'deleted', recordId: null, label: null, count: 2 });

    await api.call('POST', '/api/users/bulk', { users: [person, { ...person, email: 'noor2@example.com' }] });
    expect(await latest()).toEqual({ resource: 'users', action: 'imported', recordId: null, label: null, count: 2 });

    const entries = await activity();
    expect(entries.map((e) => e.action)).toEqual(['imported', 'deleted', 'status-changed', 'restored', 'deleted', 'updated', 'created']);
    // Newest first: ids descend.
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
  });

  it('records writes to the other resources and files', async () => {
    await api.call('DELETE', '/api/products?id=2');
    expect(await latest()).toEqual({ resource: 'products', action: 'deleted', recordId: 2, label: byId(seedProducts, 2).title, count: 1 });

    expect((await api.call('PATCH', '/api/orders?id=1', { billing: 'Dock 4, 1 Harbour Road' })).status).toBe(200);
    expect(await latest()).toEqual({ resource: 'orders', action: 'updated', recordId: 1, label: byId(seedOrders, 1).invoiceId, count: 1 });

    await api.call('DELETE', '/api/invoices?id=INV-001');
    expect(await latest()).toMatchObject({ resource: 'invoices', action: 'deleted', recordId: 'INV-001', count: 1 });

    const { file } = (await api.upload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).body;
    expect(await latest()).toEqual({ resource: 'files', action: 'created', recordId: file.id, label: null, count: 1 });
  });

  it('adds nothing for reads, rejected writes or a dry run', async () => {
    await api.call('GET', '/api/users');
    await api.call('POST', '/api/users', { ...person, email: 'nope' });
    await api.call('DELETE', '/api/users?id=999');
    await api.call('POST', '/api/users/bulk-delete', { ids: [1, 999] });
    await api.call('POST', '/api/users/bulk', { users: [person], dryRun: true });
    await api.upload(new Uint8Array([1, 2, 3]), 'image/png');
    expect(await activity()).toEqual([]);
  });

  it('answers 20 by default, `limit` from 1 to 100, and falls back to 20 otherwise', async () => {
    await api.db.activity.bulkAdd(
      Array.from({ length: 130 }, (_, i) => ({ at: NOW, resource: 'users', action: 'created', recordId: i, label: null, count: 1 }) as ActivityEntry),
    );
    expect((await activity()).map((e) => e.recordId)).toEqual(Array.from({ length: 20 }, (_, i) => 129 - i));
    expect(await activity('?limit=3')).toHaveLength(3);
    expect(await activity('?limit=100')).toHaveLength(100);
    for (const limit of ['0', '101', 'abc', '2.5']) expect(await activity(`?limit=${limit}`)).toHaveLength(20);
  });

  it(`keeps the last ${ACTIVITY_KEPT} entries`, async () => {
    await api.db.activity.bulkAdd(
      Array.from({ length: ACTIVITY_KEPT }, (_, i) => ({ at: NOW, resource: 'users', action: 'created', recordId: i, label: null, count: 1 }) as ActivityEntry),
    );
    await api.call('DELETE', '/api/users?id=1');
    await api.call('DELETE', '/api/users?id=2');
    expect(await api.db.activity.count()).toBe(ACTIVITY_KEPT);
    const oldest = await api.db.activity.toCollection().first();
    expect(oldest?.recordId).toBe(2);
    expect((await activity('?limit=2')).map((e) => e.recordId)).toEqual([2, 1]);
  });

  it('a write is announced after its entry is in', async () => {
    // How many changes had been announced when the entry was written.
    const seen: number[] = [];
    api.db.activity.hook('creating', () => {
      seen.push(api.changes.length);
    });
    await api.call('DELETE', '/api/users?id=1');
    expect(seen).toEqual([0]);
    expect(api.changes).toEqual(['users']);
  });
});
