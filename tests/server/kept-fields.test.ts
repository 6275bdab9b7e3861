import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAs, pushAs, shopWithTeam, startTestServer, userBody, type TestServer } from './support';

/*
 * Two members replace the same user from their devices, each sending the values it had before
 * its edit (`base`): the later push keeps the earlier value of a field both changed and says
 * whose it was; fields only one of them changed both apply.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let readers = 0;
type Kept = { kind: string; id: unknown; field: string; yours: unknown; kept: unknown; by?: string; at?: string };

async function userOnServer(shopId: string, who: Parameters<typeof pullAs>[1], id: number) {
  const { body } = await pullAs(server.app, who, shopId, `reader-${(readers++).toString()}`, 0);
  return body.changes.find((change) => change.kind === 'users' && change.id === id)?.record as Record<string, unknown>;
}

describe('push with base (field-level merge)', () => {
  it('keeps the earlier value of a field both changed, reports it with who and when, and applies the other fields', async () => {
    const { shopId, owner, admin } = await shopWithTeam(server.app);
    const created = await pushAs(server.app, owner, shopId, 'b-phone', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Ann', 'ann@example.com') }]);
    const id = created.body.results[0]!.created![0]!.id as number;
    const original = { ...userBody('Ann', 'ann@example.com'), id };

    // B (the owner) changes the phone first.
    const b = await pushAs(server.app, owner, shopId, 'b-phone', [{ id: 2, name: 'PUT /api/users', query: { id: String(id) }, body: { ...original, phone: '+47 555 02 222' }, base: { phone: original.phone } }]);
    expect(b.body.results[0]).toMatchObject({ status: 'applied' });
    expect(b.body.results[0]).not.toHaveProperty('kept');

    // A (the admin) changed the phone and the address from the same original: the phone stays B's.
    const a = await pushAs(server.app, admin, shopId, 'a-phone', [
      { id: 1, name: 'PUT /api/users', query: { id: String(id) }, body: { ...original, phone: '+47 555 01 111', address: 'Spain' }, base: { phone: original.phone, address: original.address } },
    ]);
    const result = a.body.results[0] as { status: string; kept?: Kept[] };
    expect(result.status).toBe('applied');
    expect(result.kept).toEqual([{ kind: 'users', id, field: 'phone', yours: '+47 555 01 111', kept: '+47 555 02 222', by: owner.email, at: expect.any(String) }]);
    expect(Date.now() - Date.parse(result.kept![0]!.at!)).toBeLessThan(60_000);
    expect(await userOnServer(shopId, owner, id)).toMatchObject({ phone: '+47 555 02 222', address: 'Spain', name: 'Ann' });
  });

  it('applies changes to different fields from both, whichever order they arrive in', async () => {
    const { shopId, owner, admin } = await shopWithTeam(server.app);
    const created = await pushAs(server.app, owner, shopId, 'b', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Bo', 'bo@example.com') }]);
    const id = created.body.results[0]!.created![0]!.id as number;
    const original = { ...userBody('Bo', 'bo@example.com'), id };
    const b = await pushAs(server.app, owner, shopId, 'b', [{ id: 2, name: 'PUT /api/users', query: {}, body: { ...original, name: 'Bo B' }, base: { name: 'Bo' } }]);
    const a = await pushAs(server.app, admin, shopId, 'a', [{ id: 1, name: 'PUT /api/users', query: {}, body: { ...original, phone: '+47 555 01 111' }, base: { phone: original.phone } }]);
    expect([b.body.results[0], a.body.results[0]]).toEqual([expect.not.objectContaining({ kept: expect.anything() }), expect.not.objectContaining({ kept: expect.anything() })]);
    expect(await userOnServer(shopId, owner, id)).toMatchObject({ name: 'Bo B', phone: '+47 555 01 111' });
  });

  it('without base the later replace wins every field (older clients), and a malformed base is refused as a 400', async () => {
    const { shopId, owner, admin } = await shopWithTeam(server.app);
    const created = await pushAs(server.app, owner, shopId, 'b', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Cy', 'cy@example.com') }]);
    const id = created.body.results[0]!.created![0]!.id as number;
    const original = { ...userBody('Cy', 'cy@example.com'), id };
    await pushAs(server.app, owner, shopId, 'b', [{ id: 2, name: 'PUT /api/users', query: {}, body: { ...original, name: 'Cy B' }, base: { name: 'Cy' } }]);
    const a = await pushAs(server.app, admin, shopId, 'a', [
      { id: 1, name: 'PUT /api/users', query: {}, body: { ...original, phone: '+47 555 01 111' } },
      { id: 2, name: 'PUT /api/users', query: {}, body: { ...original, phone: '+47 555 01 112' }, base: { '': 1 } },
    ]);
    expect(a.body.results[0]).toMatchObject({ status: 'applied' });
    expect(a.body.results[1]).toMatchObject({ status: 'rejected', code: 400 });
    expect(await userOnServer(shopId, owner, id)).toMatchObject({ name: 'Cy', phone: '+47 555 01 111' });
    const wrongShape = await pushAs(server.app, admin, shopId, 'a', [{ id: 3, name: 'PUT /api/users', query: {}, body: original, base: 'phone' }]);
    expect(wrongShape.status).toBe(400);
  });
});
