import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { REMAINING_CAP } from '../../server/sync/pull';
import { call, newUser, productBody, pullAs, pushAs, shopWithTeam, snapshot, startTestServer, tokenFor, userBody, type PullAnswer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pullPageSize: 10 });
});
afterAll(() => server?.close());

/** Every page from `cookie` on, as one list of changes, and the final cookie. */
async function pullAll(shopId: string, user: Parameters<typeof pullAs>[1], clientId: string, cookie: number | string | null = 0) {
  const changes: PullAnswer['changes'] = [];
  const pendingIds: PullAnswer['pendingIds'] = [];
  let pages = 0;
  for (;;) {
    const { status, body } = await pullAs(server.app, user, shopId, clientId, cookie);
    expect(status).toBe(200);
    changes.push(...body.changes);
    pendingIds.push(...body.pendingIds);
    cookie = body.cookie;
    pages++;
    if (!body.more) return { changes, cookie, pages, pendingIds, lastMutationIds: body.lastMutationIds };
  }
}

describe('push', () => {
  it('applies mutations in order, answers what each created, and a resend is skipped', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const batch = [
      { id: 1, name: 'POST /api/users', query: {}, body: userBody('Ann', 'ann@example.com') },
      { id: 2, name: 'POST /api/users', query: {}, body: userBody('Bob', 'bob@example.com') },
    ];
    const first = await pushAs(server.app, admin, shopId, 'laptop', batch);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { id: 1, status: 'applied', version: 1, created: [{ kind: 'users', id: 1 }] },
      { id: 2, status: 'applied', version: 2, created: [{ kind: 'users', id: 2 }] },
    ]);
    const before = await snapshot(server.db);
    const again = await pushAs(server.app, admin, shopId, 'laptop', batch);
    expect(again.body.results).toEqual([
      { id: 1, status: 'skipped' },
      { id: 2, status: 'skipped' },
    ]);
    expect(await snapshot(server.db)).toEqual(before);
    // A batch overlapping what was applied: the old part skipped, the new applied.
    const overlap = await pushAs(server.app, admin, shopId, 'laptop', [batch[1], { id: 3, name: 'DELETE /api/users', query: { id: '1' }, body: null }]);
    expect(overlap.body.results.map((r) => r.status)).toEqual(['skipped', 'applied']);
    const pulled = await pullAll(shopId, admin, 'laptop');
    expect(pulled.changes.map((c) => [c.kind, c.id, c.deleted ?? false])).toEqual([
      ['users', 2, false],
      ['users', 1, true],
    ]);
    expect(pulled.cookie).toBe(3);
    expect(pulled.lastMutationIds).toEqual({ laptop: 3 });
  });

  it('refuses a gap with 409 and applies nothing', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    await pushAs(server.app, admin, shopId, 'c1', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }]);
    const before = await snapshot(server.db);
    const gap = await pushAs(server.app, admin, shopId, 'c1', [{ id: 3, name: 'POST /api/users', query: {}, body: userBody() }]);
    expect(gap.status).toBe(409);
    expect(gap.body.message).toMatch(/last applied from this client is 1/);
    const fresh = await pushAs(server.app, admin, shopId, 'c2', [{ id: 2, name: 'POST /api/users', query: {}, body: userBody() }]);
    expect(fresh.status).toBe(409);
    const holes = await pushAs(server.app, admin, shopId, 'c1', [
      { id: 2, name: 'POST /api/users', query: {}, body: userBody() },
      { id: 4, name: 'POST /api/users', query: {}, body: userBody() },
    ]);
    expect(holes.status).toBe(400);
    expect(await snapshot(server.db)).toMatchObject({ records: before.records, versions: before.versions, last: before.last });
  });

  it('records a refused mutation as rejected, reports it, counts it as processed and goes on', async () => {
    const { shopId, admin, staff } = await shopWithTeam(server.app);
    const answer = await pushAs(server.app, admin, shopId, 'tab', [
      { id: 1, name: 'PUT /api/users', query: { id: '99' }, body: { ...userBody(), id: 99 } },
      { id: 2, name: 'POST /api/users', query: {}, body: { ...userBody(), email: 'not an email' } },
      { id: 3, name: 'POST /api/users', query: {}, body: userBody() },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toMatchObject([
      { id: 1, status: 'rejected', code: 404, message: 'User not found' },
      { id: 2, status: 'rejected', code: 400, message: expect.stringMatching(/email/) },
      { id: 3, status: 'applied', created: [{ kind: 'users', id: 1 }] },
    ]);
    // Resent: the refusals are not tried again.
    expect((await pushAs(server.app, admin, shopId, 'tab', [{ id: 1, name: 'PUT /api/users', query: { id: '99' }, body: userBody() }])).body.results).toEqual([{ id: 1, status: 'skipped' }]);
    // The role refuses too: staff may not create users, but may open tickets.
    const byStaff = await pushAs(server.app, staff, shopId, 'phone', [
      { id: 1, name: 'POST /api/users', query: {}, body: userBody() },
      { id: 2, name: 'PATCH /api/orders', query: { id: '1' }, body: { status: 'delivered' } },
    ]);
    expect(byStaff.body.results).toMatchObject([
      { id: 1, status: 'rejected', code: 403, message: expect.stringMatching(/staff.*POST \/api\/users.*admin/) },
      { id: 2, status: 'rejected', code: 404 },
    ]);
    const audit = await call(server.app, 'GET', `/v1/shops/${shopId}/audit?limit=5`, admin);
    expect(audit.status).toBe(200);
    const entries = audit.body.entries as Array<{ name: string; result: string; clientId: string; mutationId: number; message: string | null; uid: string }>;
    expect(entries.map((e) => [e.clientId, e.mutationId, e.result])).toEqual([
      ['phone', 2, 'rejected'],
      ['phone', 1, 'rejected'],
      ['tab', 3, 'applied'],
      ['tab', 2, 'rejected'],
      ['tab', 1, 'rejected'],
    ]);
    expect(entries[0]).toMatchObject({ uid: staff.uid, name: 'PATCH /api/orders' });
  });

  it('refuses what the database cannot store (a NUL in a body, a key, a query id or a base; a lone surrogate; 1e400) as that mutation’s refusal, and the device moves on', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const created = await pushAs(server.app, admin, shopId, 'poisoned', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Kept Name', 'kept@example.com') }]);
    const userId = String((created.body.results[0] as { created: Array<{ id: number }> }).created[0]!.id);
    const before = await snapshot(server.db);
    const poisoned = [
      { id: 2, name: 'POST /api/users', query: {}, body: userBody('Nul\u0000Name') },
      { id: 3, name: 'POST /api/users', query: {}, body: { ...userBody(), ['ro\u0000le']: 'x' } },
      { id: 4, name: 'PUT /api/users', query: { id: `${userId}\u0000` }, body: userBody() },
      { id: 5, name: 'PUT /api/users', query: { id: userId }, body: userBody('Other'), base: { name: 'Kept\u0000' } },
      { id: 6, name: 'POST /api/tickets', query: {}, body: { subject: 'Help \ud800', message: 'x', category: 'general' } },
    ];
    const answer = await pushAs(server.app, admin, shopId, 'poisoned', [...poisoned, { id: 7, name: 'POST /api/users', query: {}, body: userBody('After', 'after@example.com') }]);
    expect(answer.status).toBe(200);
    expect(answer.body.results.slice(0, 5)).toEqual(poisoned.map(({ id }) => ({ id, status: 'rejected', code: 400, message: expect.stringMatching(/NUL|surrogate/) })));
    expect(answer.body.results[5]).toMatchObject({ id: 7, status: 'applied' });
    const numbers = await server.app.inject({
      method: 'POST',
      url: `/v1/shops/${shopId}/push`,
      headers: { authorization: `Bearer ${tokenFor(admin)}`, 'content-type': 'application/json' },
      payload: `{"clientId":"poisoned","mutations":[{"id":8,"name":"POST /api/users","query":{},"body":{"name":"Big","email":"big@example.com","role":"x","status":"verified","address":"x","phone":"1","age":1e400}}]}`,
    });
    expect(JSON.parse(numbers.body).results).toEqual([{ id: 8, status: 'rejected', code: 400, message: expect.stringMatching(/finite/) }]);
    // Nothing of the refused ones is stored: only the user sent after them.
    const after = await snapshot(server.db);
    expect(after.records).toBe(before.records! + 1);
    expect(after.last).toBe(before.last! + 7);
  });

  it('refuses an unknown mutation name (400), and changes nothing', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const before = await snapshot(server.db);
    const answer = await pushAs(server.app, admin, shopId, 'x', [
      { id: 1, name: 'POST /api/users', query: {}, body: userBody() },
      { id: 2, name: 'POST /api/nothing', query: {}, body: {} },
    ]);
    expect(answer).toMatchObject({ status: 400, body: { message: expect.stringMatching(/Unknown mutation name/) } });
    const after = await snapshot(server.db);
    expect({ ...after, clients: before.clients }).toEqual(before);
  });

  it('refuses wrong types and oversized batches with 400', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const cases: unknown[] = [
      { clientId: 'a', mutations: [{ id: '1', name: 'POST /api/users', body: {} }] },
      { clientId: 'a', mutations: [{ id: 0, name: 'POST /api/users' }] },
      { clientId: 'a', mutations: [{ id: 1, name: 'POST /api/users', query: { id: 5 } }] },
      { clientId: 'a b', mutations: [] },
      { clientId: 'a', mutations: {} },
      { mutations: [] },
      { clientId: 'a', mutations: [], extra: true },
      { clientId: 'a', mutations: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, name: 'POST /api/users', body: {} })) },
      [],
    ];
    for (const body of cases) {
      const answer = await call(server.app, 'POST', `/v1/shops/${shopId}/push`, admin, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    // Not JSON at all: a 4xx with a message.
    const text = await server.app.inject({ method: 'POST', url: `/v1/shops/${shopId}/push`, headers: { authorization: `Bearer ${tokenFor(admin)}`, 'content-type': 'application/xml' }, payload: '<a/>' });
    expect([400, 415]).toContain(text.statusCode);
    expect(JSON.parse(text.body)).toHaveProperty('message');
  });

  it('gives a client id to the first user who used it; another user gets 403 on push and pull', async () => {
    const { shopId, admin, staff } = await shopWithTeam(server.app);
    await pushAs(server.app, admin, shopId, 'shared-device', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }]);
    const push = await pushAs(server.app, staff, shopId, 'shared-device', [{ id: 2, name: 'POST /api/tickets', query: {}, body: {} }]);
    expect(push).toMatchObject({ status: 403, body: { message: expect.stringMatching(/another user/) } });
    expect((await pullAs(server.app, staff, shopId, 'shared-device', 0)).status).toBe(403);
  });

  it('lets one of two concurrent creates take a product code; the other is rejected with 409', async () => {
    const { shopId, admin, owner } = await shopWithTeam(server.app);
    const [a, b] = await Promise.all([
      pushAs(server.app, admin, shopId, 'a', [{ id: 1, name: 'POST /api/products', query: {}, body: productBody('SKU-RACE') }]),
      pushAs(server.app, owner, shopId, 'b', [{ id: 1, name: 'POST /api/products', query: {}, body: productBody('sku-race') }]),
    ]);
    const results = [a.body.results[0], b.body.results[0]];
    expect(results.map((r) => r?.status).sort()).toEqual(['applied', 'rejected']);
    expect(results.find((r) => r?.status === 'rejected')).toMatchObject({ code: 409, message: expect.stringMatching(/already exists/) });
    const { rows } = await server.db.query("SELECT count(*)::int n FROM records WHERE shop_id = $1 AND kind = 'products'", [shopId]);
    expect(rows[0].n).toBe(1);
  });
});

describe('pending ids', () => {
  it("maps a device's ids for records it created to the server's, in later mutations and in its pulls", async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    // Another device takes user id 1 first: the pending id must not be taken for a server id.
    await pushAs(server.app, admin, shopId, 'other', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('First') }]);
    const pending = PENDING_ID_BASE + 7;
    const answer = await pushAs(server.app, admin, shopId, 'offline-laptop', [
      { id: 1, name: 'POST /api/users', query: {}, body: userBody('Offline'), pendingIds: [pending] },
      { id: 2, name: 'PUT /api/users', query: { id: String(pending) }, body: { ...userBody('Offline, renamed'), id: pending } },
      { id: 3, name: 'PUT /api/users', query: { id: String(PENDING_ID_BASE + 8) }, body: userBody('Never created') },
    ]);
    expect(answer.body.results).toMatchObject([
      { id: 1, status: 'applied', created: [{ kind: 'users', id: 2, pendingId: pending }] },
      { id: 2, status: 'applied' },
      { id: 3, status: 'rejected', code: 404 },
    ]);
    const pulled = await pullAll(shopId, admin, 'offline-laptop');
    expect(pulled.pendingIds).toEqual([{ kind: 'users', pendingId: pending, id: 2 }]);
    expect(pulled.changes.find((c) => c.id === 2)?.record).toMatchObject({ id: 2, name: 'Offline, renamed' });
    // Another client of the same user does not see this device's pending ids.
    expect((await pullAll(shopId, admin, 'other')).pendingIds).toEqual([]);
  });
});

describe('pull', () => {
  it('pages by (version, kind, id), inside a bulk write too, and a cookie returns only what is newer', async () => {
    const { shopId, admin, viewer } = await shopWithTeam(server.app);
    const users = Array.from({ length: 25 }, (_, i) => userBody(`Bulk ${i}`, `bulk${i}@example.com`));
    await pushAs(server.app, admin, shopId, 'importer', [
      { id: 1, name: 'POST /api/users/bulk', query: {}, body: { users } },
      { id: 2, name: 'POST /api/users', query: {}, body: userBody('After') },
    ]);
    const all = await pullAll(shopId, viewer, 'viewer-phone');
    expect(all.pages).toBe(3);
    expect(all.changes.map((c) => c.id)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1).sort((a, b) => (a === 26 ? 1 : b === 26 ? -1 : String(a).localeCompare(String(b)))));
    expect(all.cookie).toBe(2);
    expect(new Set(all.changes.map((c) => c.id)).size).toBe(26);
    // Up to date: nothing. After one more write: exactly it.
    expect((await pullAs(server.app, viewer, shopId, 'viewer-phone', 2)).body).toMatchObject({ cookie: 2, changes: [], more: false });
    await pushAs(server.app, admin, shopId, 'importer', [{ id: 3, name: 'DELETE /api/users', query: { id: '5' }, body: null }]);
    expect((await pullAs(server.app, viewer, shopId, 'viewer-phone', 2)).body).toMatchObject({ cookie: 3, changes: [{ kind: 'users', id: 5, version: 3, deleted: true }], more: false });
  });

  it('says how many changes remain after each page (a first sync\'s progress), capped at REMAINING_CAP', async () => {
    const { shopId, admin, viewer } = await shopWithTeam(server.app);
    const users = Array.from({ length: 25 }, (_, i) => userBody(`Count ${i}`, `count${i}@example.com`));
    await pushAs(server.app, admin, shopId, 'importer', [{ id: 1, name: 'POST /api/users/bulk', query: {}, body: { users } }]);
    const remaining: number[] = [];
    let cookie: number | string | null = 0;
    for (;;) {
      const page = (await pullAs(server.app, viewer, shopId, 'viewer-counter', cookie)).body as PullAnswer & { remaining: number };
      remaining.push(page.remaining);
      cookie = page.cookie;
      if (!page.more) break;
    }
    expect(remaining).toEqual([15, 5, 0]);
    expect(REMAINING_CAP).toBe(100_000);
  });

  it('refuses a cookie it did not give and one ahead of the shop', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    expect((await pullAs(server.app, admin, shopId, 'c', 'made-up')).status).toBe(400);
    expect((await pullAs(server.app, admin, shopId, 'c', `c1.${Buffer.from('[1,2]').toString('base64url')}`)).status).toBe(400);
    expect((await pullAs(server.app, admin, shopId, 'c', 5)).status).toBe(409);
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/pull`, admin, { clientId: 'c', cookie: -1 })).status).toBe(400);
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/pull`, admin, { clientId: 'c', cookie: '1' })).status).toBe(400);
  });

  it("never shows another shop's records", async () => {
    const one = await shopWithTeam(server.app);
    const two = await shopWithTeam(server.app);
    await pushAs(server.app, one.admin, one.shopId, 'a', [{ id: 1, name: 'POST /api/users', query: {}, body: userBody('Shop one') }]);
    expect((await pullAll(two.shopId, two.admin, 'a')).changes).toEqual([]);
    expect((await pullAs(server.app, two.admin, one.shopId, 'a', 0)).status).toBe(403);
    expect((await pullAs(server.app, newUser(), one.shopId, 'z', 0)).status).toBe(403);
  });
});

describe('the role a mutation is checked against', () => {
  it('is locked: a mutation sent while an owner changes the member’s role waits, then is checked against the new role', async () => {
    const { shopId, staff } = await shopWithTeam(server.app);
    const ticket = { id: 1, name: 'POST /api/tickets', query: {}, body: { subject: 'Locked role', message: 'Hello', category: 'general' } };
    const change = await server.db.connect();
    try {
      await change.query('BEGIN');
      // As changeMember does it: the member's row locked, then the role changed.
      await change.query('SELECT role FROM members WHERE shop_id = $1 AND uid = $2 FOR UPDATE', [shopId, staff.uid]);
      await change.query("UPDATE members SET role = 'viewer' WHERE shop_id = $1 AND uid = $2", [shopId, staff.uid]);
      let answered = false;
      const pushed = pushAs(server.app, staff, shopId, 'locked', [ticket]).finally(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(answered).toBe(false);
      await change.query('COMMIT');
      expect((await pushed).body.results).toMatchObject([{ id: 1, status: 'rejected', code: 403, message: expect.stringMatching(/viewer/) }]);
    } finally {
      change.release();
    }
  });
});
