/**
 * What the requests an attacker repeats cost the copy in statements, and the bound on stream
 * opens: an event stream opens with one statement (membership and version together), a device's
 * pushes in a row read its membership once in the guard (the push's own transaction reads it
 * again, locked, every time), a user opens at most so many streams a minute, and listing one's
 * shops and invitations (a flood's cheapest request) is one statement.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStream } from './event-stream';
import { call, pushAs, shopWithTeam, startTestServer, tokenFor, userBody, type TestServer } from './support';

const STREAM_OPENS = 4;
let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer({ heartbeatMs: 200, fairUse: { streamOpensPerMinute: STREAM_OPENS } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  server?.app.server.closeAllConnections();
  await server?.close();
});

/** The statements the server sends from now on, by name ('' when unnamed; every pool's queries go through pg.Client's query). */
function namedStatements(): { names: string[] } {
  const names: string[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    names.push(typeof config === 'object' && config !== null && typeof (config as { name?: unknown }).name === 'string' ? (config as { name: string }).name : '');
    return original.apply(this, args) as never;
  });
  return { names };
}
afterEach(() => {
  vi.restoreAllMocks();
});

/** Waits until no statement has been sent for 100 ms, then forgets what was: a statement still finishing an earlier request is not the next one's. */
async function afterQuiet(names: string[]) {
  for (let seen = -1; seen !== names.length; ) {
    seen = names.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  names.length = 0;
}

const count = (names: string[], name: string) => names.filter((n) => n === name).length;

describe('an event stream', () => {
  it('opens with one statement: the membership and the version read together', async () => {
    const { shopId, viewer } = await shopWithTeam(server.app);
    const { names } = namedStatements();
    const stream = await openStream(server.app, shopId, viewer);
    try {
      await stream.next(-1);
      expect(stream.versions).toEqual([0]);
    } finally {
      stream.close();
    }
    expect(count(names, 'stream-start')).toBe(1);
    expect(count(names, 'member-role')).toBe(0);
    expect(count(names, 'shop-version')).toBe(0);
  });

  it('is refused to a stranger (403 not a member) by that statement', async () => {
    const { shopId } = await shopWithTeam(server.app);
    const { owner: stranger } = await shopWithTeam(server.app);
    const response = await fetch(`${origin}/v1/shops/${shopId}/events`, { headers: { authorization: `Bearer ${tokenFor(stranger)}` } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/not a member/i);
  });

  it(`is opened at most ${STREAM_OPENS} times a minute by one user: then 429 with Retry-After, before any statement; another user's opens are their own`, async () => {
    const { shopId, viewer, staff } = await shopWithTeam(server.app);
    for (let i = 0; i < STREAM_OPENS; i++) {
      const stream = await openStream(server.app, shopId, viewer);
      await stream.next(-1);
      stream.close();
    }
    const { names } = namedStatements();
    const refused = await fetch(`${origin}/v1/shops/${shopId}/events`, { headers: { authorization: `Bearer ${tokenFor(viewer)}` } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many event streams opened/);
    expect(count(names, 'stream-start')).toBe(0);
    // Its other requests are not held back, nor is another member's stream.
    expect((await call(server.app, 'GET', `/v1/shops/${shopId}/members`, viewer)).status).toBe(200);
    const other = await openStream(server.app, shopId, staff);
    await other.next(-1);
    other.close();
  });
});

describe("a device's pushes in a row", () => {
  const push = (user: Parameters<typeof pushAs>[1], shopId: string, clientId: string, id: number) =>
    pushAs(server.app, user, shopId, clientId, [{ id, name: 'POST /api/users', query: {}, body: userBody(`U${id}`, `${clientId}.${id}@example.com`) }]);

  it("read the membership once in the guard; each push's transaction reads it again", async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const { names } = namedStatements();
    for (let id = 1; id <= 3; id++) expect((await push(admin, shopId, 'admin-laptop', id)).body.results[0]!.status).toBe('applied');
    expect(count(names, 'member-role')).toBe(1);
    expect(count(names, 'enter-mutation')).toBe(3);
  });

  it('of a member removed behind this copy’s back (another copy, the database) are refused by the push’s own statement: 403, nothing applied', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    expect((await push(admin, shopId, 'admin-phone', 1)).body.results[0]!.status).toBe('applied');
    await server.db.query('DELETE FROM members WHERE shop_id = $1 AND uid = $2', [shopId, admin.uid]);
    const refused = await push(admin, shopId, 'admin-phone', 2);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/not a member/i);
    const { rows } = await server.db.query<{ last: string }>('SELECT last_mutation_id AS last FROM clients WHERE shop_id = $1 AND client_id = $2', [shopId, 'admin-phone']);
    expect(Number(rows[0]!.last)).toBe(1);
    const users = await server.db.query("SELECT 1 FROM records WHERE shop_id = $1 AND kind = 'users' AND record->>'email' = $2", [shopId, 'admin-phone.2@example.com']);
    expect(users.rowCount).toBe(0);
    // And the next is refused at the guard (the membership forgotten, the refusal remembered), not let in on the old one.
    const { names } = namedStatements();
    expect((await push(admin, shopId, 'admin-phone', 2)).status).toBe(403);
    expect(count(names, 'enter-mutation')).toBe(0);
  });

  it('of a member whose role an owner changed on this copy are let in by a fresh read: an admin made viewer has the push refused whole', async () => {
    const { shopId, owner, admin } = await shopWithTeam(server.app);
    expect((await push(admin, shopId, 'admin-tablet', 1)).body.results[0]!.status).toBe('applied');
    expect((await call(server.app, 'PATCH', `/v1/shops/${shopId}/members/${encodeURIComponent(admin.uid)}`, owner, { role: 'viewer' })).status).toBe(200);
    const { names } = namedStatements();
    const refused = await push(admin, shopId, 'admin-tablet', 2);
    expect(refused.body.results[0]).toMatchObject({ status: 'rejected', code: 403 });
    expect(count(names, 'member-role')).toBe(1);
  });
});

describe("listing one's shops and invitations", () => {
  it('is one statement', async () => {
    const { owner } = await shopWithTeam(server.app);
    const other = await shopWithTeam(server.app);
    const invited = await call(server.app, 'POST', `/v1/shops/${other.shopId}/members`, other.owner, { email: owner.email, role: 'staff' });
    expect(invited.status).toBe(201);
    const { names } = namedStatements();
    await afterQuiet(names);
    const mine = await call(server.app, 'GET', '/v1/shops', owner);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      shops: [{ id: expect.any(String), name: 'Test Shop', role: 'owner' }],
      invitations: [{ id: (invited.body.invitation as { id: string }).id, shopId: other.shopId, shopName: 'Test Shop', role: 'staff', createdAt: expect.any(String) }],
    });
    expect(names).toEqual(['my-shops']);
  });
});
