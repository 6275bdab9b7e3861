import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AUDITED_RECORDS, type AuditEntry, type AuditPage } from '../../domain/contract/sync-protocol';
import { call, productBody, pushAs, shopWithTeam, startTestServer, userBody, type TestServer, type TestUser } from './support';

/*
 * An applied mutation's audit line names the records it changed and their fields before and
 * after (docs/sync.md, "Audit trail"); the trail reads filtered by member, kind and time.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function trail(shopId: string, reader: TestUser, query = ''): Promise<AuditEntry[]> {
  const answer = await call(server.app, 'GET', `/v1/shops/${shopId}/audit?limit=200${query}`, reader);
  expect(answer.status).toBe(200);
  return (answer.body as unknown as AuditPage).entries;
}

describe('the audit trail names what a write changed', () => {
  it('a push of an edit names the record and its fields with before and after; images summarised, refusals without changes', async () => {
    const { shopId, owner, admin, staff } = await shopWithTeam(server.app);
    const ann = { ...userBody('Ann Smith', 'ann@example.com'), image: 'https://cdn.example.com/ann.png' };
    const pushed = await pushAs(server.app, admin, shopId, 'laptop', [
      { id: 1, name: 'POST /api/users', query: {}, body: ann },
      { id: 2, name: 'PUT /api/users', query: { id: '1' }, body: { ...ann, phone: '+47 555 09 999', address: 'Oslo', image: 'https://cdn.example.com/ann-2.png' } },
      { id: 3, name: 'PUT /api/users', query: { id: '999' }, body: ann },
    ]);
    expect(pushed.body.results.map((result) => result.status)).toEqual(['applied', 'applied', 'rejected']);

    const [refused, edited, created] = await trail(shopId, owner);
    expect(created).toMatchObject({ name: 'POST /api/users', result: 'applied', changes: { count: 1, records: [{ kind: 'users', id: 1, name: 'Ann Smith', action: 'created', fields: [] }] } });
    expect(edited).toMatchObject({ name: 'PUT /api/users', result: 'applied', uid: admin.uid });
    expect(edited!.changes).toEqual({
      count: 1,
      records: [
        {
          kind: 'users',
          id: 1,
          name: 'Ann Smith',
          action: 'edited',
          fieldCount: 3,
          fields: expect.arrayContaining([
            { field: 'phone', before: ann.phone, after: '+47 555 09 999' },
            { field: 'address', before: ann.address, after: 'Oslo' },
            { field: 'image', summary: 'photo changed' },
          ]),
        },
      ],
    });
    // The picture's address is not copied into the trail.
    expect(JSON.stringify(edited)).not.toContain('ann-2.png');
    expect(refused).toMatchObject({ result: 'rejected', message: 'User not found' });
    expect(refused!.changes).toBeUndefined();

    // The trail of one member: staff's refused order only.
    await pushAs(server.app, staff, shopId, 'phone', [{ id: 1, name: 'POST /api/orders', query: {}, body: {} }]);
    const staffLines = await trail(shopId, owner, `&uid=${encodeURIComponent(staff.uid)}`);
    expect(staffLines.length).toBeGreaterThan(0);
    expect(staffLines.every((entry) => entry.uid === staff.uid)).toBe(true);
  });

  it('a bulk write keeps its first records and counts them all; the trail filters by kind and time', async () => {
    const { shopId, owner, admin } = await shopWithTeam(server.app);
    const products = Array.from({ length: MAX_AUDITED_RECORDS + 3 }, (_, i) => productBody(`BULK-${i}`));
    const pushed = await pushAs(server.app, admin, shopId, 'laptop', [
      { id: 1, name: 'POST /api/products/bulk', query: {}, body: { products } },
      { id: 2, name: 'POST /api/users', query: {}, body: userBody('Bo', 'bo@example.com') },
      { id: 3, name: 'POST /api/products/bulk-delete', query: {}, body: { ids: [1, 2] } },
    ]);
    expect(pushed.body.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied']);

    const byKind = await trail(shopId, owner, '&kind=products');
    expect(byKind.map((entry) => entry.name)).toEqual(['POST /api/products/bulk-delete', 'POST /api/products/bulk']);
    const [removed, imported] = byKind;
    expect(imported!.changes!.count).toBe(products.length);
    expect(imported!.changes!.records).toHaveLength(MAX_AUDITED_RECORDS);
    expect(imported!.changes!.records[0]).toMatchObject({ kind: 'products', id: 1, name: products[0]!.title, action: 'created' });
    expect(removed!.changes!.records.map((record) => [record.id, record.action, record.name])).toEqual([
      [1, 'deleted', products[0]!.title],
      [2, 'deleted', products[1]!.title],
    ]);
    expect((await trail(shopId, owner, '&kind=users')).map((entry) => entry.name)).toEqual(['POST /api/users']);

    // A time span: everything is from the last minutes, nothing from yesterday.
    const now = Date.now();
    const today = await trail(shopId, owner, `&since=${new Date(now - 3_600_000).toISOString()}&until=${new Date(now + 3_600_000).toISOString()}`);
    expect(today.length).toBeGreaterThanOrEqual(3);
    const yesterday = await trail(shopId, owner, `&since=${new Date(now - 2 * 86_400_000).toISOString()}&until=${new Date(now - 86_400_000).toISOString()}`);
    expect(yesterday).toEqual([]);
  });
});
