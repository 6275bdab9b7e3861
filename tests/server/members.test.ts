import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, pullAs, shopWithTeam, startTestServer, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('shops, members and invitations', () => {
  it('a user creates a shop and owns it; it is listed as theirs', async () => {
    const owner = newUser('owner');
    const created = await call(server.app, 'POST', '/v1/shops', owner, { name: '  Corner Shop ' });
    expect(created).toMatchObject({ status: 201, body: { shop: { id: expect.any(String), name: 'Corner Shop', role: 'owner' } } });
    const mine = await call(server.app, 'GET', '/v1/shops', owner);
    expect(mine.body).toEqual({ shops: [created.body.shop], invitations: [] });
    expect((await call(server.app, 'POST', '/v1/shops', owner, { name: '   ' })).status).toBe(400);
    expect((await call(server.app, 'POST', '/v1/shops', owner, { name: 5 })).status).toBe(400);
  });

  it('the owner invites by email; the invitee sees it and accepts with that verified email, nobody else can', async () => {
    const owner = newUser('owner');
    const invitee = newUser('invitee');
    const shopId = ((await call(server.app, 'POST', '/v1/shops', owner, { name: 'Team' })).body.shop as { id: string }).id;
    const invited = await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: invitee.email.toUpperCase(), role: 'staff' });
    expect(invited).toMatchObject({ status: 201, body: { invitation: { email: invitee.email, role: 'staff' } } });
    const invitationId = (invited.body.invitation as { id: string }).id;

    const listed = await call(server.app, 'GET', '/v1/shops', invitee);
    expect(listed.body).toEqual({ shops: [], invitations: [{ id: invitationId, shopId, shopName: 'Team', role: 'staff', createdAt: expect.any(String) }] });
    // Someone else, the same email unverified, an unknown id: the same 404.
    expect((await call(server.app, 'POST', `/v1/invitations/${invitationId}/accept`, newUser())).status).toBe(404);
    expect((await call(server.app, 'GET', '/v1/shops', { ...invitee, uid: 'impostor', emailVerified: false })).body.invitations).toEqual([]);
    expect((await call(server.app, 'POST', `/v1/invitations/${invitationId}/accept`, { ...invitee, uid: 'impostor', emailVerified: false })).status).toBe(404);
    expect((await call(server.app, 'POST', '/v1/invitations/00000000-0000-4000-8000-000000000000/accept', invitee)).status).toBe(404);
    expect((await call(server.app, 'POST', '/v1/invitations/nope/accept', invitee)).status).toBe(404);

    expect(await call(server.app, 'POST', `/v1/invitations/${invitationId}/accept`, invitee)).toMatchObject({ status: 200, body: { shop: { id: shopId, name: 'Team', role: 'staff' } } });
    expect((await call(server.app, 'POST', `/v1/invitations/${invitationId}/accept`, invitee)).status).toBe(404);
    const members = await call(server.app, 'GET', `/v1/shops/${shopId}/members`, invitee);
    expect((members.body.members as Array<{ uid: string; role: string }>).map((m) => [m.uid, m.role])).toEqual([
      [owner.uid, 'owner'],
      [invitee.uid, 'staff'],
    ]);
    expect(members.body.invitations).toEqual([]);
    // Inviting a member again is a conflict.
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: invitee.email, role: 'admin' })).status).toBe(409);
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: 'not-an-email', role: 'admin' })).status).toBe(400);
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: 'x@y.z', role: 'boss' })).status).toBe(400);
  });

  it('an invitation never changes a member’s role: the only owner, invited as viewer at a new email, stays owner (409)', async () => {
    const owner = newUser('owner');
    const shopId = ((await call(server.app, 'POST', '/v1/shops', owner, { name: 'Renamed owner' })).body.shop as { id: string }).id;
    const renamed = { ...owner, email: `new.${owner.email}` };
    const invited = await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: renamed.email, role: 'viewer' });
    expect(invited.status).toBe(201);
    const invitationId = (invited.body.invitation as { id: string }).id;
    // Not offered to someone already in the shop…
    expect((await call(server.app, 'GET', '/v1/shops', renamed)).body).toEqual({ shops: [{ id: shopId, name: 'Renamed owner', role: 'owner' }], invitations: [] });
    // …and refused if accepted anyway: the shop keeps its owner.
    expect(await call(server.app, 'POST', `/v1/invitations/${invitationId}/accept`, renamed)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/already a member/) } });
    const members = await call(server.app, 'GET', `/v1/shops/${shopId}/members`, owner);
    expect((members.body.members as Array<{ uid: string; role: string }>).map((m) => [m.uid, m.role])).toEqual([[owner.uid, 'owner']]);
  });

  it('the last owner cannot leave, be demoted or removed; with a second owner they can', async () => {
    const { shopId, owner, admin, staff } = await shopWithTeam(server.app);
    expect(await call(server.app, 'PATCH', `/v1/shops/${shopId}/members/${owner.uid}`, owner, { role: 'admin' })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/needs an owner/) } });
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${owner.uid}`, owner)).status).toBe(409);
    // Others cannot remove anyone but themselves.
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${staff.uid}`, admin)).status).toBe(403);
    expect((await call(server.app, 'PATCH', `/v1/shops/${shopId}/members/${staff.uid}`, admin, { role: 'admin' })).status).toBe(403);
    expect((await call(server.app, 'PATCH', `/v1/shops/${shopId}/members/nobody`, owner, { role: 'admin' })).status).toBe(404);

    expect(await call(server.app, 'PATCH', `/v1/shops/${shopId}/members/${admin.uid}`, owner, { role: 'owner' })).toMatchObject({ status: 200, body: { member: { uid: admin.uid, role: 'owner' } } });
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${owner.uid}`, owner)).status).toBe(204);
    expect((await call(server.app, 'GET', `/v1/shops/${shopId}/members`, owner)).status).toBe(403);
    // The new owner removes staff; staff's devices are refused from then on.
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${staff.uid}`, admin)).status).toBe(204);
    expect((await pullAs(server.app, staff, shopId, 'staff-phone', 0)).status).toBe(403);
  });

  it('two owners demoting each other at once leave one owner (the second is refused: no longer owner, or the last one)', async () => {
    const { shopId, owner, admin } = await shopWithTeam(server.app);
    await call(server.app, 'PATCH', `/v1/shops/${shopId}/members/${admin.uid}`, owner, { role: 'owner' });
    const answers = await Promise.all([
      call(server.app, 'PATCH', `/v1/shops/${shopId}/members/${admin.uid}`, owner, { role: 'viewer' }),
      call(server.app, 'PATCH', `/v1/shops/${shopId}/members/${owner.uid}`, admin, { role: 'viewer' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.toBeOneOf([403, 409])]);
    const { rows } = await server.db.query("SELECT count(*)::int n FROM members WHERE shop_id = $1 AND role = 'owner'", [shopId]);
    expect(rows[0].n).toBe(1);
  });

  it('the owner withdraws an invitation; member changes are in the audit trail', async () => {
    const { shopId, owner } = await shopWithTeam(server.app);
    const invited = await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: 'later@example.com', role: 'viewer' });
    const id = (invited.body.invitation as { id: string }).id;
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/invitations/${id}`, owner)).status).toBe(204);
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/invitations/${id}`, owner)).status).toBe(404);
    const audit = await call(server.app, 'GET', `/v1/shops/${shopId}/audit?limit=2`, owner);
    expect((audit.body.entries as Array<{ name: string }>).map((e) => e.name)).toEqual([`withdraw invitation ${id}`, 'invite later@example.com as viewer']);
    const next = await call(server.app, 'GET', `/v1/shops/${shopId}/audit?limit=2&before=${audit.body.next}`, owner);
    expect((next.body.entries as unknown[]).length).toBe(2);
    expect((await call(server.app, 'GET', `/v1/shops/${shopId}/audit?limit=0`, owner)).status).toBe(400);
  });
});
