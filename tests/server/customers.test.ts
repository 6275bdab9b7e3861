import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationNames } from '../../domain/sync/apply-mutation';
import { customerMutationNames } from '../../domain/sync/customer-writes';
import { buildApp } from '../../server/app';
import { Device, invoiceBody, orderRow, productOf, reviewBody, signInCustomer, ticketBody, userRecordFor, Writer, type Customer } from './customer-shop';
import { openStream } from './event-stream';
import { call, newUser, PROJECT_ID, pullAs, shopWithTeam, startTestServer, userBody, type TestServer } from './support';

/*
 * Customers (docs/sync.md, "Customers"): invited from their user record, they sign in and their
 * device holds only their slice of the shop; they write only their own tickets, reviews,
 * profile and orders. Each test fails without the feature: the role, the scoped pull, the
 * exits, the customer's writes.
 */

let server: TestServer;
let second: FastifyInstance;
beforeAll(async () => {
  server = await startTestServer({ pullPageSize: 4, heartbeatMs: 200 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  // A second copy on the same database: its streams hear the first one's writes through NOTIFY.
  second = await buildApp({ databaseUrl: server.databaseUrl, projectId: PROJECT_ID, authEmulator: true, migrate: false, heartbeatMs: 200 });
  await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  second?.server.closeAllConnections();
  server?.app.server.closeAllConnections();
  await second?.close();
  await server?.close();
});

/**
 * A shop with three customers' records (Ann and Bob signed in, Cy not), two published products
 * and a draft, reviews of a published product and of the draft, orders, invoices and tickets of
 * each: what Ann must see, and what she must not.
 */
async function customerShop() {
  const team = await shopWithTeam(server.app);
  const { shopId, admin } = team;
  const writer = new Writer(server.app, shopId);
  const annUser = newUser('ann');
  const bobUser = newUser('bob');
  const ann = await userRecordFor(writer, admin, annUser, 'Ann');
  const bob = await userRecordFor(writer, admin, bobUser, 'Bob');
  const cy: Customer = { ...(await userRecordFor(writer, admin, newUser('cy'), 'Cy')) };
  const [p1, p2, draft] = await writer.firstIds(admin, 'admin-setup', [
    { name: 'POST /api/products', body: productOf(`P1-${shopId.slice(0, 6)}`) },
    { name: 'POST /api/products', body: productOf(`P2-${shopId.slice(0, 6)}`, 'published', 1) },
    { name: 'POST /api/products', body: productOf(`D-${shopId.slice(0, 6)}`, 'draft') },
  ]);
  const [p1Review, draftReview] = await writer.firstIds(admin, 'admin-setup', [
    { name: 'POST /api/reviews', body: reviewBody(p1!) },
    { name: 'POST /api/reviews', body: reviewBody(draft!) },
  ]);
  const [orders] = await writer.applied(admin, 'admin-setup', [
    {
      name: 'POST /api/orders/bulk',
      body: { orders: [orderRow(ann, 'delivered', [p1!], 1), orderRow(ann, 'new', [p2!], 2), orderRow(bob, 'delivered', [p1!], 3), orderRow(cy, 'pending', [p2!], 4)] },
    },
  ]);
  const [annDelivered, annNew, bobOrder, cyOrder] = orders as [number, number, number, number];
  const [annInvoice, bobInvoice] = (await writer.firstIds(admin, 'admin-setup', [
    { name: 'POST /api/invoices', body: invoiceBody(ann) },
    { name: 'POST /api/invoices', body: invoiceBody(bob) },
  ])) as unknown as [string, string];
  const [annTicket, bobTicket] = await writer.firstIds(team.staff, 'staff-setup', [
    // The ticket's email in another case: still Ann's.
    { name: 'POST /api/tickets', body: ticketBody(ann.email.toUpperCase()) },
    { name: 'POST /api/tickets', body: ticketBody(bob.email) },
  ]);
  await signInCustomer(server.app, shopId, admin, ann.id, annUser);
  await signInCustomer(server.app, shopId, admin, bob.id, bobUser);
  return {
    ...team,
    writer,
    ann,
    bob,
    cy,
    annUser,
    bobUser,
    products: { p1: p1!, p2: p2!, draft: draft! },
    reviews: { p1Review: p1Review!, draftReview: draftReview! },
    orders: { annDelivered, annNew, bobOrder, cyOrder },
    invoices: { annInvoice, bobInvoice },
    tickets: { annTicket: annTicket!, bobTicket: bobTicket! },
  };
}

type Shop = Awaited<ReturnType<typeof customerShop>>;

/** Ann's slice of `shop`, as `kind/id` keys. */
const annSlice = (shop: Shop) =>
  [
    `users/${shop.ann.id}`,
    `orders/${shop.orders.annDelivered}`,
    `orders/${shop.orders.annNew}`,
    `invoices/${shop.invoices.annInvoice}`,
    `tickets/${shop.tickets.annTicket}`,
    `products/${shop.products.p1}`,
    `products/${shop.products.p2}`,
    `reviews/${shop.reviews.p1Review}`,
  ].sort();

/** The rows that must not move when a customer's write is refused: records, versions, exits, pending ids. */
async function dataDigest(shopId: string) {
  const { rows } = await server.db.query<{ d: string }>(
    `SELECT md5(coalesce((SELECT string_agg(r::text, '|' ORDER BY r.kind, r.id) FROM records r WHERE shop_id = $1), '')
      || coalesce((SELECT string_agg(e::text, '|' ORDER BY e.scope, e.kind, e.id) FROM scope_exits e WHERE shop_id = $1), '')
      || (SELECT version::text FROM shop_versions WHERE shop_id = $1)
      || coalesce((SELECT string_agg(p::text, '|' ORDER BY p.client_id, p.pending_id) FROM pending_ids p WHERE shop_id = $1), '')) AS d`,
    [shopId],
  );
  return rows[0]!.d;
}

describe('customers: invited and signed in', () => {
  it('an admin invites the customer of a user record at its email; they accept signed in with it; the team sees them apart, a customer reads neither members nor audit', async () => {
    const { shopId, owner, admin, staff, viewer, writer } = await shopWithTeam(server.app).then((team) => ({ ...team, writer: new Writer(server.app, team.shopId) }));
    const dee = newUser('dee');
    // The user record's email in capitals: the invitation is to it in lower case.
    const [userId] = await writer.firstIds(admin, 'setup', [{ name: 'POST /api/users', body: userBody('Dee', dee.email.toUpperCase()) }]);

    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, staff, { userId })).status).toBe(403);
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, viewer, { userId })).status).toBe(403);
    expect(await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, admin, { userId: 999 })).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, admin, { userId: 'x' })).status).toBe(400);
    // 'customer' is no team role: not through the team's invitation nor a role change.
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: 'x@example.com', role: 'customer' })).status).toBe(400);

    const invited = await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, admin, { userId });
    expect(invited).toMatchObject({ status: 201, body: { invitation: { email: dee.email, role: 'customer', userId } } });
    const invitationId = (invited.body.invitation as { id: string }).id;
    expect((await call(server.app, 'GET', '/v1/shops', dee)).body.invitations).toEqual([{ id: invitationId, shopId, shopName: 'Test Shop', role: 'customer', createdAt: expect.any(String) }]);
    // The staff's list leaves customers' invitations out; the admin's has them.
    expect(((await call(server.app, 'GET', `/v1/shops/${shopId}/members`, staff)).body.invitations as unknown[]).length).toBe(0);
    expect((await call(server.app, 'GET', `/v1/shops/${shopId}/members`, admin)).body.invitations).toEqual([{ id: invitationId, email: dee.email, role: 'customer', userId, createdAt: expect.any(String) }]);
    // Someone else (another email) cannot accept it.
    expect((await call(server.app, 'POST', `/v1/invitations/${invitationId}/accept`, newUser())).status).toBe(404);

    // Accepting and the shop list tell the customer which user record they are (their device's slice and profile); a team member's shop names none.
    expect(await call(server.app, 'POST', `/v1/invitations/${invitationId}/accept`, dee)).toMatchObject({ status: 200, body: { shop: { id: shopId, name: 'Test Shop', role: 'customer', userId } } });
    expect((await call(server.app, 'GET', '/v1/shops', dee)).body.shops).toEqual([{ id: shopId, name: 'Test Shop', role: 'customer', userId }]);
    expect((await call(server.app, 'GET', '/v1/shops', admin)).body.shops).toEqual([{ id: shopId, name: 'Test Shop', role: 'admin' }]);
    // One sign-in per customer record.
    expect(await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, admin, { userId })).toMatchObject({ status: 409, body: { message: expect.stringMatching(/already has a sign-in/) } });

    const byAdmin = await call(server.app, 'GET', `/v1/shops/${shopId}/members`, admin);
    expect(byAdmin.body.customers).toEqual([{ uid: dee.uid, email: dee.email, userId, joinedAt: expect.any(String) }]);
    expect((byAdmin.body.members as Array<{ uid: string }>).map((m) => m.uid)).not.toContain(dee.uid);
    const byStaff = await call(server.app, 'GET', `/v1/shops/${shopId}/members`, staff);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.customers).toBeUndefined();
    expect((byStaff.body.members as Array<{ uid: string }>).map((m) => m.uid)).not.toContain(dee.uid);
    // The customer reads neither the member list nor the audit trail.
    expect(await call(server.app, 'GET', `/v1/shops/${shopId}/members`, dee)).toMatchObject({ status: 403, body: { message: expect.stringMatching(/customer/) } });
    expect((await call(server.app, 'GET', `/v1/shops/${shopId}/audit`, dee)).status).toBe(403);
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/members`, dee, { email: 'x@example.com', role: 'viewer' })).status).toBe(403);
    expect((await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, dee, { userId })).status).toBe(403);
    // A customer's role does not change; staff cannot remove them; an admin can.
    expect((await call(server.app, 'PATCH', `/v1/shops/${shopId}/members/${dee.uid}`, owner, { role: 'viewer' })).status).toBe(409);
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${dee.uid}`, staff)).status).toBe(403);
    expect((await pullAs(server.app, dee, shopId, 'dee-phone', 0)).status).toBe(200);
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${dee.uid}`, admin)).status).toBe(204);
    // Revoked: the "not a member" answer (the device drops the shop).
    expect(await pullAs(server.app, dee, shopId, 'dee-phone', 0)).toMatchObject({ status: 403, body: { message: 'You are not a member of this shop' } });
    const audit = await call(server.app, 'GET', `/v1/shops/${shopId}/audit?limit=10`, owner);
    expect((audit.body.entries as Array<{ name: string }>).map((e) => e.name)).toEqual(expect.arrayContaining([`invite ${dee.email} as customer (user ${userId})`, 'accept invitation as customer']));
  });

  it('an invitation whose user record changed email since cannot be accepted; a customer may leave; an admin withdraws a customer invitation, not a team one', async () => {
    const { shopId, owner, admin, writer } = await shopWithTeam(server.app).then((team) => ({ ...team, writer: new Writer(server.app, team.shopId) }));
    const eve = newUser('eve');
    const [userId] = await writer.firstIds(admin, 'setup', [{ name: 'POST /api/users', body: userBody('Eve', eve.email) }]);
    const invited = await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, admin, { userId });
    await writer.applied(admin, 'setup', [{ name: 'PUT /api/users', query: { id: String(userId) }, body: userBody('Eve', 'someone.else@example.com') }]);
    expect(await call(server.app, 'POST', `/v1/invitations/${(invited.body.invitation as { id: string }).id}/accept`, eve)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/out of date/) } });
    // A customer may leave.
    const fay = newUser('fay');
    const [fayId] = await writer.firstIds(admin, 'setup', [{ name: 'POST /api/users', body: userBody('Fay', fay.email) }]);
    const fayInvited = await call(server.app, 'POST', `/v1/shops/${shopId}/customers`, admin, { userId: fayId });
    expect((await call(server.app, 'POST', `/v1/invitations/${(fayInvited.body.invitation as { id: string }).id}/accept`, fay)).status).toBe(200);
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/members/${fay.uid}`, fay)).status).toBe(204);
    expect((await call(server.app, 'GET', '/v1/shops', fay)).body.shops).toEqual([]);
    const team = await call(server.app, 'POST', `/v1/shops/${shopId}/members`, owner, { email: 'mate@example.com', role: 'staff' });
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/invitations/${(team.body.invitation as { id: string }).id}`, admin)).status).toBe(403);
    expect((await call(server.app, 'DELETE', `/v1/shops/${shopId}/invitations/${(invited.body.invitation as { id: string }).id}`, admin)).status).toBe(204);
  });
});

describe("a customer's pull: their slice of the shop", () => {
  it('holds exactly their records at the first sync (paged), products without their stock, nothing of other customers', async () => {
    const shop = await customerShop();
    const device = new Device(server.app, shop.shopId, shop.annUser, 'ann-phone');
    const changes = await device.sync();
    expect(device.keys()).toEqual(annSlice(shop));
    // A first sync sends no removal, and nothing twice.
    expect(changes.filter((c) => c.deleted)).toEqual([]);
    expect(changes.length).toBe(annSlice(shop).length);
    const product = device.get('products', shop.products.p1)!;
    expect(product).not.toHaveProperty('stock');
    expect(product).toMatchObject({ inStock: true, status: 'published' });
    expect(device.get('users', shop.ann.id)).toMatchObject({ email: shop.ann.email, name: 'Ann' });
    // Bob's device: his.
    const bobs = new Device(server.app, shop.shopId, shop.bobUser, 'bob-phone');
    await bobs.sync();
    expect(bobs.keys()).toEqual(
      [`users/${shop.bob.id}`, `orders/${shop.orders.bobOrder}`, `invoices/${shop.invoices.bobInvoice}`, `tickets/${shop.tickets.bobTicket}`, `products/${shop.products.p1}`, `products/${shop.products.p2}`, `reviews/${shop.reviews.p1Review}`].sort(),
    );
    // The team's pull is the whole shop, stock included.
    const team = new Device(server.app, shop.shopId, shop.viewer, 'viewer-laptop');
    await team.sync();
    expect(team.keys('orders')).toHaveLength(4);
    expect(team.get('products', shop.products.p1)).toHaveProperty('stock', 10);
  });

  it("is incremental: what changes in their slice comes at the next pull, others' changes do not", async () => {
    const shop = await customerShop();
    const { writer, admin, staff } = shop;
    const device = new Device(server.app, shop.shopId, shop.annUser, 'ann-phone');
    await device.sync();
    expect(await device.sync()).toEqual([]);
    // Others' records and the draft change: nothing for Ann.
    await writer.applied(staff, 'staff', [
      { name: 'PATCH /api/orders', query: { id: String(shop.orders.bobOrder) }, body: { billing: 'Elsewhere 2' } },
      { name: 'POST /api/tickets/:id/replies', query: { id: String(shop.tickets.bobTicket) }, body: { message: 'On its way' } },
      { name: 'PATCH /api/reviews', query: { id: String(shop.reviews.draftReview) }, body: { vote: 'like' } },
    ]);
    await writer.applied(admin, 'admin', [{ name: 'PUT /api/users', query: { id: String(shop.cy.id) }, body: userBody('Cy Two', shop.cy.email) }]);
    expect(await device.sync()).toEqual([]);
    // Hers and public ones: they come, nothing else.
    const [, , newProduct, newTicket] = await writer.firstIds(admin, 'admin', [
      { name: 'PATCH /api/orders', query: { id: String(shop.orders.annNew) }, body: { status: 'pending' } },
      { name: 'POST /api/tickets/:id/replies', query: { id: String(shop.tickets.annTicket) }, body: { message: 'We are on it' } },
      { name: 'POST /api/products', body: productOf(`N-${shop.shopId.slice(0, 6)}`) },
      { name: 'POST /api/tickets', body: ticketBody(shop.ann.email, 'Another question') },
    ]);
    const changes = await device.sync();
    expect(changes.map((c) => `${c.kind}/${String(c.id)}`).sort()).toEqual(
      [`orders/${shop.orders.annNew}`, `tickets/${shop.tickets.annTicket}`, `products/${newProduct}`, `tickets/${newTicket}`].sort(),
    );
    expect(device.get('orders', shop.orders.annNew)).toMatchObject({ status: 'pending' });
    expect(device.keys('tickets')).toHaveLength(2);
  });

  it('a record that leaves their slice leaves their device at the next pull: an order given to someone else, a product unpublished (its reviews too), a record deleted; nothing of what was never theirs', async () => {
    const shop = await customerShop();
    const { writer, admin, staff } = shop;
    const ann = new Device(server.app, shop.shopId, shop.annUser, 'ann-phone');
    const bob = new Device(server.app, shop.shopId, shop.bobUser, 'bob-phone');
    await ann.sync();
    await bob.sync();

    // The order reassigned to Bob: gone from Ann's device, on Bob's.
    await writer.applied(staff, 'staff', [{ name: 'PATCH /api/orders', query: { id: String(shop.orders.annNew) }, body: { customer: { id: shop.bob.id, name: 'Bob', email: shop.bob.email, phone: '+47 555 01 234' } } }]);
    expect(await ann.sync()).toEqual([{ kind: 'orders', id: shop.orders.annNew, version: expect.any(Number), deleted: true }]);
    expect(ann.get('orders', shop.orders.annNew)).toBeUndefined();
    await bob.sync();
    expect(bob.get('orders', shop.orders.annNew)).toMatchObject({ customer: { id: shop.bob.id } });
    // A new device of Ann's (a first sync) gets no removal of it: an id that is Bob's now is not named.
    const fresh = new Device(server.app, shop.shopId, shop.annUser, 'ann-laptop');
    expect((await fresh.sync()).filter((c) => c.deleted)).toEqual([]);
    expect(fresh.seen.map((c) => `${c.kind}/${String(c.id)}`)).not.toContain(`orders/${shop.orders.annNew}`);

    // The product unpublished: it and its reviews leave; published again, they come back.
    await writer.applied(admin, 'admin', [{ name: 'POST /api/products/bulk-status', body: { ids: [shop.products.p1], status: 'draft' } }]);
    const unpublished = await ann.sync();
    expect(unpublished.map((c) => [c.kind, c.id, c.deleted ?? false]).sort()).toEqual([
      ['products', shop.products.p1, true],
      ['reviews', shop.reviews.p1Review, true],
    ]);
    await writer.applied(admin, 'admin', [{ name: 'POST /api/products/bulk-status', body: { ids: [shop.products.p1], status: 'published' } }]);
    await ann.sync();
    expect(ann.get('reviews', shop.reviews.p1Review)).toMatchObject({ productId: shop.products.p1 });
    expect(ann.get('products', shop.products.p1)).toMatchObject({ status: 'published' });
    // The draft published: its review comes with it (its version moved with the product's).
    await writer.applied(admin, 'admin', [{ name: 'POST /api/products/bulk-status', body: { ids: [shop.products.draft], status: 'published' } }]);
    await ann.sync();
    expect(ann.get('reviews', shop.reviews.draftReview)).toMatchObject({ productId: shop.products.draft });

    // Deleted: the ticket, the invoice; a product deleted takes its reviews along.
    await writer.applied(admin, 'admin', [
      { name: 'DELETE /api/tickets', query: { id: String(shop.tickets.annTicket) } },
      { name: 'DELETE /api/invoices', query: { id: shop.invoices.annInvoice } },
      { name: 'DELETE /api/products', query: { id: String(shop.products.draft) } },
    ]);
    await ann.sync();
    expect(ann.keys()).toEqual(
      [`users/${shop.ann.id}`, `orders/${shop.orders.annDelivered}`, `products/${shop.products.p1}`, `products/${shop.products.p2}`, `reviews/${shop.reviews.p1Review}`].sort(),
    );
    // Every removal Ann's devices were sent named a record she could see.
    const hers = new Set([...annSlice(shop), `products/${shop.products.draft}`, `reviews/${shop.reviews.draftReview}`]);
    for (const change of [...ann.seen, ...fresh.seen]) expect(hers.has(`${change.kind}/${String(change.id)}`), `${change.kind}/${String(change.id)}`).toBe(true);
  });

  it("follows their user record's email: the old email's tickets leave, the new one's come; their record deleted, they see no tickets", async () => {
    const shop = await customerShop();
    const { writer, admin, staff } = shop;
    const [otherTicket] = await writer.firstIds(staff, 'staff', [{ name: 'POST /api/tickets', body: ticketBody('ann.private@example.com') }]);
    const ann = new Device(server.app, shop.shopId, shop.annUser, 'ann-phone');
    await ann.sync();
    expect(ann.keys('tickets')).toEqual([`tickets/${shop.tickets.annTicket}`]);
    await writer.applied(admin, 'admin', [{ name: 'PUT /api/users', query: { id: String(shop.ann.id) }, body: userBody('Ann', 'Ann.Private@example.com') }]);
    await ann.sync();
    expect(ann.keys('tickets')).toEqual([`tickets/${otherTicket}`]);
    await writer.applied(admin, 'admin', [{ name: 'DELETE /api/users', query: { id: String(shop.ann.id) } }]);
    await ann.sync();
    expect(ann.keys('tickets')).toEqual([]);
    expect(ann.get('users', shop.ann.id)).toBeUndefined();
    await writer.applied(admin, 'admin', [{ name: 'POST /api/users/restore', body: { ids: [shop.ann.id] } }]);
    await ann.sync();
    expect(ann.keys('tickets')).toEqual([`tickets/${otherTicket}`]);
    // And a device starting now sees the same.
    const fresh = new Device(server.app, shop.shopId, shop.annUser, 'ann-laptop');
    await fresh.sync();
    expect(fresh.keys()).toEqual(ann.keys());
  });

  it("keeps up with writes at once: a product's publication while its reviews are voted on, a customer's email while their tickets get replies", async () => {
    const shop = await customerShop();
    const { writer, admin, staff, viewer } = shop;
    const [newEmailTicket] = await writer.firstIds(staff, 'staff-setup', [{ name: 'POST /api/tickets', body: ticketBody('ann.new@example.com') }]);
    const ann = new Device(server.app, shop.shopId, shop.annUser, 'ann-phone');
    await ann.sync();
    const toggles = Array.from({ length: 6 }, (_, i) => ({ name: 'POST /api/products/bulk-status', body: { ids: [shop.products.p1], status: i % 2 ? 'published' : 'draft' } }));
    const emails = Array.from({ length: 6 }, (_, i) => ({ name: 'PUT /api/users', query: { id: String(shop.ann.id) }, body: userBody('Ann', i % 2 ? shop.ann.email : 'ann.new@example.com') }));
    const votes = Array.from({ length: 6 }, (_, i) => ({ name: 'PATCH /api/reviews', query: { id: String(shop.reviews.p1Review) }, body: { vote: i % 2 ? 'like' : 'dislike' } }));
    const replies = Array.from({ length: 6 }, (_, i) => ({ name: 'POST /api/tickets/:id/replies', query: { id: String(i % 2 ? newEmailTicket : shop.tickets.annTicket) }, body: { message: `Reply ${i}` } }));
    // Each list from its own device, all at once: one at a time per device, interleaved across them.
    const [a, b, c, d] = await Promise.all([writer.push(admin, 'admin-1', [...toggles]), writer.push(admin, 'admin-2', [...emails]), writer.push(staff, 'staff-1', [...votes]), writer.push(staff, 'staff-2', [...replies])]);
    for (const result of [...a, ...b, ...c, ...d]) expect(result).toMatchObject({ status: 'applied' });
    await ann.sync();
    // Ann's device: what she sees now (the last toggle published, the last email her own).
    const team = new Device(server.app, shop.shopId, viewer, 'viewer');
    await team.sync();
    const expected = [...team.records.entries()].filter(([key]) => annSlice(shop).includes(key)).map(([key]) => key);
    expect(ann.keys()).toEqual(expected.sort());
    expect(ann.get('reviews', shop.reviews.p1Review)).toBeDefined();
  });

  it("hears, on its event stream, of the writes that touch its slice only (on this copy and another)", async () => {
    const shop = await customerShop();
    const { writer, staff } = shop;
    const here = await openStream(server.app, shop.shopId, shop.annUser);
    const there = await openStream(second, shop.shopId, shop.annUser);
    try {
      const start = await here.next(-1);
      await there.next(-1);
      const [bobChange] = await writer.push(staff, 'staff', [{ name: 'PATCH /api/orders', query: { id: String(shop.orders.bobOrder) }, body: { billing: 'Elsewhere' } }]);
      const [annChange] = await writer.push(staff, 'staff', [{ name: 'PATCH /api/orders', query: { id: String(shop.orders.annNew) }, body: { billing: 'Elsewhere' } }]);
      expect(await here.next(start)).toBe(annChange!.version);
      expect(await there.next(start)).toBe(annChange!.version);
      expect(here.versions).not.toContain(bobChange!.version);
      expect(there.versions).not.toContain(bobChange!.version);
    } finally {
      here.close();
      there.close();
    }
  });
});

describe("a customer's writes", () => {
  it('every mutation a customer may not send is refused 403, recorded, and changes nothing', async () => {
    const shop = await customerShop();
    const refused = mutationNames.filter((name) => !customerMutationNames.includes(name));
    expect(refused.length).toBeGreaterThan(30);
    const before = await dataDigest(shop.shopId);
    const results = await shop.writer.push(
      shop.annUser,
      'ann-phone',
      refused.map((name) => ({ name, query: { id: String(shop.orders.annNew) }, body: { ids: [shop.orders.annNew], status: 'delivered' } })),
    );
    expect(results).toEqual(refused.map((name, i) => ({ id: i + 1, status: 'rejected', code: 403, message: expect.stringContaining(`customer) may not send ${name}`) })));
    expect(await dataDigest(shop.shopId)).toBe(before);
    const audit = await call(server.app, 'GET', `/v1/shops/${shop.shopId}/audit?limit=200`, shop.admin);
    expect((audit.body.entries as Array<{ uid: string; result: string }>).filter((e) => e.uid === shop.annUser.uid && e.result === 'rejected')).toHaveLength(refused.length);
  });

  it("a mutation naming another customer's record (or none) is a 404 that says nothing of it, and changes nothing", async () => {
    const shop = await customerShop();
    const { writer, bobUser } = shop;
    // Bob's review of the product he received.
    const [bobReview] = await writer.firstIds(bobUser, 'bob-phone', [{ name: 'POST /api/reviews', body: reviewBody(shop.products.p1, 'Great') }]);
    const before = await dataDigest(shop.shopId);
    const attempts = (id: string | number, ticket: string | number, review: string | number, user: string | number) => [
      { name: 'DELETE /api/orders', query: { id: String(id) } },
      { name: 'POST /api/tickets/:id/replies', query: { id: String(ticket) }, body: { message: 'Hi' } },
      { name: 'PUT /api/reviews', query: { id: String(review) }, body: { rating: 1, review: 'Bad' } },
      { name: 'DELETE /api/reviews', query: { id: String(review) } },
      { name: 'PUT /api/users', query: { id: String(user) }, body: { name: 'Mallory' } },
    ];
    const others = await writer.push(shop.annUser, 'ann-phone', attempts(shop.orders.bobOrder, shop.tickets.bobTicket, bobReview!, shop.bob.id));
    const missing = await writer.push(shop.annUser, 'ann-phone', attempts(99999, 99999, 99999, 99999));
    const strip = (results: typeof others) => results.map(({ code, message, status }) => ({ code, message, status }));
    expect(strip(others)).toEqual(strip(missing));
    expect(strip(others)).toEqual([
      { status: 'rejected', code: 404, message: 'Order not found' },
      { status: 'rejected', code: 404, message: 'Ticket not found' },
      { status: 'rejected', code: 404, message: 'Review not found' },
      { status: 'rejected', code: 404, message: 'Review not found' },
      { status: 'rejected', code: 404, message: 'User not found' },
    ]);
    // An order for someone else, a ticket about a draft product.
    const more = await writer.push(shop.annUser, 'ann-phone', [
      { name: 'POST /api/orders', body: { customerId: shop.bob.id, items: [{ productId: shop.products.p1, quantity: 1 }], payment: { paymentMethod: 'Paypal', cardNumber: '**** 1234' } } },
      { name: 'POST /api/tickets', body: { ...ticketBody(shop.ann.email), productId: shop.products.draft } },
    ]);
    expect(more).toMatchObject([
      { status: 'rejected', code: 403 },
      { status: 'rejected', code: 400, message: expect.stringMatching(/Product not found/) },
    ]);
    expect(await dataDigest(shop.shopId)).toBe(before);
  });

  it('the writes a customer may make: tickets and replies, reviews of what was delivered, their profile, cancelling a new order, placing one', async () => {
    const shop = await customerShop();
    const { writer, annUser } = shop;
    const ann = new Device(server.app, shop.shopId, annUser, 'ann-phone');
    await ann.sync();

    // A ticket: from her email whatever it says, no attachment; a reply in hers.
    const [opened] = await writer.push(annUser, 'ann-phone', [{ name: 'POST /api/tickets', body: ticketBody('someone.else@example.com', 'Size question') }]);
    expect(opened).toMatchObject({ status: 'applied' });
    const ticketId = opened!.created![0]!.id as number;
    await writer.applied(annUser, 'ann-phone', [{ name: 'POST /api/tickets/:id/replies', query: { id: String(shop.tickets.annTicket) }, body: { message: 'Any news?' } }]);
    const attached = await writer.push(annUser, 'ann-phone', [{ name: 'POST /api/tickets', body: { ...ticketBody(shop.ann.email), attachmentFileId: '00000000-0000-4000-8000-000000000000' } }]);
    expect(attached).toMatchObject([{ status: 'rejected', code: 403 }]);

    // Reviews: of a delivered product, once; not of an undelivered one; edited, deleted.
    const reviews = await writer.push(annUser, 'ann-phone', [
      { name: 'POST /api/reviews', body: reviewBody(shop.products.p1, 'Comfortable') },
      { name: 'POST /api/reviews', body: reviewBody(shop.products.p1, 'Again') },
      { name: 'POST /api/reviews', body: reviewBody(shop.products.p2, 'Not delivered yet') },
    ]);
    expect(reviews).toMatchObject([{ status: 'applied' }, { status: 'rejected', code: 409 }, { status: 'rejected', code: 403 }]);
    const reviewId = reviews[0]!.created![0]!.id as number;
    await writer.applied(annUser, 'ann-phone', [{ name: 'PUT /api/reviews', query: { id: String(reviewId) }, body: { rating: 2, review: 'Wore out' } }]);
    await ann.sync();
    expect(ann.get('reviews', reviewId)).toMatchObject({ rating: 2, review: 'Wore out', user: { id: annUser.uid } });
    expect(ann.get('tickets', ticketId)).toMatchObject({ email: shop.ann.email, subject: 'Size question' });
    expect(ann.get('tickets', shop.tickets.annTicket)!.replies).toEqual([expect.objectContaining({ message: 'Any news?' })]);
    await writer.applied(annUser, 'ann-phone', [{ name: 'DELETE /api/reviews', query: { id: String(reviewId) } }]);
    await ann.sync();
    expect(ann.get('reviews', reviewId)).toBeUndefined();

    // Her profile: name, phone, address, image; not her email, role or status.
    const profile = await writer.push(annUser, 'ann-phone', [
      { name: 'PUT /api/users', query: { id: String(shop.ann.id) }, body: { name: 'Ann B.', phone: '+47 555 09 999', address: 'Oslo' } },
      { name: 'PUT /api/users', query: { id: String(shop.ann.id) }, body: { ...userBody('Ann B.', shop.ann.email), role: 'Admin' } },
      { name: 'PUT /api/users', query: { id: String(shop.ann.id) }, body: { name: 'Ann B.', status: 'hidden' } },
      { name: 'PUT /api/users', query: { id: String(shop.ann.id) }, body: { name: 'Ann B.', email: 'new@example.com' } },
    ]);
    expect(profile).toMatchObject([{ status: 'applied' }, { status: 'rejected', code: 403 }, { status: 'rejected', code: 403 }, { status: 'rejected', code: 403 }]);
    await ann.sync();
    expect(ann.get('users', shop.ann.id)).toMatchObject({ name: 'Ann B.', phone: '+47 555 09 999', address: 'Oslo', email: shop.ann.email, role: 'Tester', status: 'verified' });

    // Cancelling: her new order, not her delivered one.
    const cancel = await writer.push(annUser, 'ann-phone', [
      { name: 'DELETE /api/orders', query: { id: String(shop.orders.annDelivered) } },
      { name: 'DELETE /api/orders', query: { id: String(shop.orders.annNew) } },
    ]);
    expect(cancel).toMatchObject([{ status: 'rejected', code: 409, message: expect.stringMatching(/only a new or pending order/) }, { status: 'applied' }]);

    // Placing an order: for herself, of published products in stock.
    const payment = { paymentMethod: 'Paypal', cardNumber: '**** 1234' };
    const placed = await writer.push(annUser, 'ann-phone', [
      { name: 'POST /api/orders', body: { items: [{ productId: shop.products.p1, quantity: 2 }], payment } },
      { name: 'POST /api/orders', body: { items: [{ productId: shop.products.draft, quantity: 1 }], payment } },
      { name: 'POST /api/orders', body: { items: [{ productId: shop.products.p2, quantity: 5 }], payment } },
    ]);
    expect(placed).toMatchObject([
      { status: 'applied' },
      { status: 'rejected', code: 409, message: `Product ${shop.products.draft} is not for sale` },
      { status: 'rejected', code: 409, message: expect.stringMatching(/Not enough .* in stock/) },
    ]);
    const orderId = placed[0]!.created![0]!.id as number;
    await ann.sync();
    expect(ann.get('orders', orderId)).toMatchObject({ status: 'new', customer: { id: shop.ann.id, name: 'Ann B.', email: shop.ann.email }, items: [{ id: shop.products.p1, quantity: 2 }], shipping: 'Oslo' });
    expect(ann.get('orders', shop.orders.annNew)).toBeUndefined();
  });
});

