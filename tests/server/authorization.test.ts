import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, shopWithTeam, startTestServer, tokenFor, userBody, type TestServer, type TestUser } from './support';

/*
 * The authorization table: every endpoint × (no token, bad token, non-member, viewer, staff,
 * admin, owner) → the expected status. Requests go over a real port (the event stream is a
 * long answer: its status is read from the headers, then the stream is dropped).
 */

type Who = 'none' | 'bad' | 'stranger' | 'viewer' | 'staff' | 'admin' | 'owner';
const whos: Who[] = ['none', 'bad', 'stranger', 'viewer', 'staff', 'admin', 'owner'];

interface Fixture {
  shopId: string;
  users: Record<'stranger' | 'viewer' | 'staff' | 'admin' | 'owner', TestUser>;
  extra: TestUser;
  invitationId: string;
}

interface Row {
  endpoint: string;
  request: (f: Fixture, who: Who) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
  expected: Record<Who, number>;
  /** For push: what became of the mutation, by role. */
  results?: Partial<Record<Who, string>>;
}

const auth = { none: 401, bad: 401 } as const;
const membersOnly = { ...auth, stranger: 403, viewer: 200, staff: 200, admin: 200, owner: 200 };
const ownersOnly = (ok: number) => ({ ...auth, stranger: 403, viewer: 403, staff: 403, admin: 403, owner: ok });

const ticketBody = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', category: 'orders', subject: 'Late parcel', message: 'Where is it?' };

const table: Row[] = [
  { endpoint: 'GET /v1/shops', request: () => ({ method: 'GET', path: '/v1/shops' }), expected: { ...auth, stranger: 200, viewer: 200, staff: 200, admin: 200, owner: 200 } },
  { endpoint: 'POST /v1/shops', request: () => ({ method: 'POST', path: '/v1/shops', body: { name: 'Mine' } }), expected: { ...auth, stranger: 201, viewer: 201, staff: 201, admin: 201, owner: 201 } },
  { endpoint: 'GET members', request: (f) => ({ method: 'GET', path: `/v1/shops/${f.shopId}/members` }), expected: membersOnly },
  { endpoint: 'POST members (invite)', request: (f, who) => ({ method: 'POST', path: `/v1/shops/${f.shopId}/members`, body: { email: `new-${who}@example.com`, role: 'staff' } }), expected: ownersOnly(201) },
  { endpoint: 'PATCH member', request: (f) => ({ method: 'PATCH', path: `/v1/shops/${f.shopId}/members/${f.extra.uid}`, body: { role: 'viewer' } }), expected: ownersOnly(200) },
  { endpoint: 'DELETE member (another)', request: (f) => ({ method: 'DELETE', path: `/v1/shops/${f.shopId}/members/${f.extra.uid}` }), expected: ownersOnly(204) },
  { endpoint: 'DELETE invitation', request: (f) => ({ method: 'DELETE', path: `/v1/shops/${f.shopId}/invitations/${f.invitationId}` }), expected: ownersOnly(204) },
  // Only the invitee may accept: anyone else gets the 404 an unknown invitation gets.
  { endpoint: 'POST invitation accept', request: (f) => ({ method: 'POST', path: `/v1/invitations/${f.invitationId}/accept` }), expected: { ...auth, stranger: 404, viewer: 404, staff: 404, admin: 404, owner: 404 } },
  {
    endpoint: 'push an admin mutation',
    request: (f, who) => ({ method: 'POST', path: `/v1/shops/${f.shopId}/push`, body: { clientId: `admin-write-${who}`, mutations: [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }] } }),
    expected: membersOnly,
    results: { viewer: 'rejected', staff: 'rejected', admin: 'applied', owner: 'applied' },
  },
  {
    endpoint: 'push a staff mutation (open a ticket)',
    request: (f, who) => ({ method: 'POST', path: `/v1/shops/${f.shopId}/push`, body: { clientId: `staff-write-${who}`, mutations: [{ id: 1, name: 'POST /api/tickets', query: {}, body: ticketBody }] } }),
    expected: membersOnly,
    results: { viewer: 'rejected', staff: 'applied', admin: 'applied', owner: 'applied' },
  },
  {
    endpoint: 'push an order status change',
    request: (f, who) => ({ method: 'POST', path: `/v1/shops/${f.shopId}/push`, body: { clientId: `order-${who}`, mutations: [{ id: 1, name: 'POST /api/orders/bulk-delete', query: {}, body: { ids: [12345] } }] } }),
    expected: membersOnly,
    // Staff may send it (the order does not exist: a 404 refusal, not the role's 403).
    results: { viewer: 'rejected:403', staff: 'rejected:404', admin: 'rejected:404', owner: 'rejected:404' },
  },
  {
    // An import keeps the authors it names: only admins may send it (staff write under their own name).
    endpoint: 'push an import of tickets (authors kept)',
    request: (f, who) => ({ method: 'POST', path: `/v1/shops/${f.shopId}/push`, body: { clientId: `ticket-import-${who}`, mutations: [{ id: 1, name: 'POST /api/tickets/bulk', query: {}, body: { tickets: [{ ...ticketBody, createdAt: '2025-01-01T00:00:00.000Z', replies: [{ id: 'r1', author: 'Someone Else', message: 'Hello', at: '2025-01-02T00:00:00.000Z' }] }] } }] } }),
    expected: membersOnly,
    results: { viewer: 'rejected:403', staff: 'rejected:403', admin: 'applied', owner: 'applied' },
  },
  {
    endpoint: 'push an import of reviews (authors kept)',
    request: (f, who) => ({ method: 'POST', path: `/v1/shops/${f.shopId}/push`, body: { clientId: `review-import-${who}`, mutations: [{ id: 1, name: 'POST /api/reviews/bulk', query: {}, body: { reviews: [{ productId: 12345, rating: 5, review: 'Good', createdAt: '2025-01-01T00:00:00.000Z', user: { id: 3, name: 'Someone Else', image: '/images/avatars/default.svg' } }] } }] } }),
    expected: membersOnly,
    // Admins may send it (the product does not exist: a 400 naming reviews.0.productId, not the role's 403).
    results: { viewer: 'rejected:403', staff: 'rejected:403', admin: 'rejected:400', owner: 'rejected:400' },
  },
  { endpoint: 'pull', request: (f, who) => ({ method: 'POST', path: `/v1/shops/${f.shopId}/pull`, body: { clientId: `pull-${who}`, cookie: 0 } }), expected: membersOnly },
  { endpoint: 'events', request: (f) => ({ method: 'GET', path: `/v1/shops/${f.shopId}/events` }), expected: membersOnly },
  { endpoint: 'audit', request: (f) => ({ method: 'GET', path: `/v1/shops/${f.shopId}/audit` }), expected: { ...auth, stranger: 403, viewer: 403, staff: 403, admin: 200, owner: 200 } },
  // A shop that does not exist answers exactly as one the caller is not in.
  { endpoint: 'pull, unknown shop', request: (_f, who) => ({ method: 'POST', path: '/v1/shops/00000000-0000-4000-8000-000000000000/pull', body: { clientId: `p-${who}`, cookie: 0 } }), expected: { ...auth, stranger: 403, viewer: 403, staff: 403, admin: 403, owner: 403 } },
];

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

async function fixture(): Promise<Fixture> {
  const team = await shopWithTeam(server.app);
  const extra = newUser('extra');
  const invite = await call(server.app, 'POST', `/v1/shops/${team.shopId}/members`, team.owner, { email: extra.email, role: 'staff' });
  await call(server.app, 'POST', `/v1/invitations/${(invite.body.invitation as { id: string }).id}/accept`, extra);
  const pending = await call(server.app, 'POST', `/v1/shops/${team.shopId}/members`, team.owner, { email: 'pending@example.com', role: 'viewer' });
  // A user (id 1) for the bulk-status rows to find.
  await call(server.app, 'POST', `/v1/shops/${team.shopId}/push`, team.owner, { clientId: 'setup', mutations: [{ id: 1, name: 'POST /api/users', query: {}, body: userBody() }] });
  return { shopId: team.shopId, users: { stranger: newUser('stranger'), viewer: team.viewer, staff: team.staff, admin: team.admin, owner: team.owner }, extra, invitationId: (pending.body.invitation as { id: string }).id };
}

describe('authorization table', () => {
  it.each(table)('$endpoint', async (row) => {
    const f = await fixture();
    const seen: Record<string, number | string> = {};
    const want: Record<string, number | string> = {};
    // The owner goes last: its success may remove what the others were refused.
    for (const who of whos) {
      const { method, path, body } = row.request(f, who);
      const headers: Record<string, string> = {};
      if (who === 'bad') headers.authorization = 'Bearer not.a.token';
      else if (who !== 'none') headers.authorization = `Bearer ${tokenFor(f.users[who])}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const controller = new AbortController();
      const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal });
      seen[who] = response.status;
      want[who] = row.expected[who];
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) controller.abort();
      else {
        const text = await response.text();
        if (response.status >= 400) expect(JSON.parse(text), `${row.endpoint} as ${who}`).toHaveProperty('message');
        const expectedResult = row.results?.[who];
        if (expectedResult) {
          const result = (JSON.parse(text) as { results: Array<{ status: string; code?: number }> }).results[0]!;
          seen[`${who} result`] = expectedResult.includes(':') ? `${result.status}:${result.code}` : result.status;
          want[`${who} result`] = expectedResult;
        }
      }
    }
    expect(seen).toEqual(want);
  });
});
