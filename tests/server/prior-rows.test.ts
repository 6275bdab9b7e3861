import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '../../domain/contract/sync-protocol';
import { applyMutation, uniqueKeyOf } from '../../domain/sync/apply-mutation';
import { lastChangeOfEach } from '../../domain/sync/mutation';
import { scopeFollowers } from '../../domain/sync/scope';
import type { PoolClient } from '../../server/db/pool';
import { knownEffects, mayLead } from '../../server/db/prior-rows';
import { nextCounter, PgShopRecords, prepareFollowers, storeAtNextVersion } from '../../server/db/shop-records';
import { scopedChanges } from '../../server/sync/scopes';
import { invoiceBody, orderRow, productOf, reviewBody, ticketBody, userRecordFor, Writer } from './customer-shop';
import { newUser, shopWithTeam, startTestServer, userBody, type TestServer } from './support';

/*
 * A write that read and locked every row it changes stores them without reading them again
 * (server/db/prior-rows.ts): its scope exits, touched keys and follower leaders come from the
 * rows it read. Each write below is stored both ways, in transactions rolled back, and must
 * leave the same rows, exits and touched keys; and no change whose key or grants change is
 * ever left out of the follower query.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const rule = scopeFollowers[0]!;
const caller = { uid: 'prior-rows', email: 'prior.rows@example.com', name: null, picture: null };

/** Applies `mutation` as push.ts does, stores it (with the rows it read, or letting the statement read them) and reads back what it left; rolled back. */
async function storeOnce(shopId: string, mutation: Mutation, withPrior: boolean) {
  const client = (await server.db.connect()) as PoolClient;
  try {
    await client.query('BEGIN');
    const records = new PgShopRecords(client, shopId, (counter) => nextCounter(client, shopId, counter));
    const applied = await applyMutation(records, mutation, { now: '2026-11-28T00:00:00.000Z', caller });
    const changes = await scopedChanges(applied.changes, (kind, id) => records.get(kind, id));
    const candidates = [...lastChangeOfEach(changes).values()].filter((change) => change.kind === rule.leader || change.kind === 'users');
    const leaders = candidates.length ? await prepareFollowers(client, shopId, candidates, rule) : [];
    const known = knownEffects(changes, records.prior.of);
    const stored = await storeAtNextVersion(client, shopId, changes, uniqueKeyOf, { clientId: 'prior-rows', mutationId: 1, uid: caller.uid, email: caller.email, name: mutation.name }, withPrior ? records.prior.of : undefined);
    const ids = changes.map((change) => `${change.kind}/${String(change.id)}`);
    const rows = await client.query("SELECT kind, id, version, deleted, record, scope, grants, grants_since FROM records WHERE shop_id = $1 AND kind || '/' || id = ANY($2::text[]) ORDER BY kind, id", [shopId, ids]);
    const exits = await client.query('SELECT scope, kind, id, version FROM scope_exits WHERE shop_id = $1 AND version = $2 ORDER BY scope, kind, id', [shopId, stored.version]);
    const mayLeadIds = candidates.filter((change) => mayLead(change, rule.leader, records.prior.of)).map((change) => `${change.kind}/${String(change.id)}`);
    return { known: known !== undefined, touched: [...stored.touched].sort(), rows: rows.rows, exits: exits.rows, leaders: leaders.map((l) => `${l.kind}/${l.id}`), mayLeadIds };
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

describe('a write that read every row it changes', () => {
  it('leaves the same rows, exits and touched keys as when the statement reads them, and never skips a leader', async () => {
    const { shopId, admin } = await shopWithTeam(server.app);
    const writer = new Writer(server.app, shopId);
    const ann = await userRecordFor(writer, admin, newUser('ann'), 'Ann');
    const bob = await userRecordFor(writer, admin, newUser('bob'), 'Bob');
    const [product, draft] = await writer.firstIds(admin, 'setup', [
      { name: 'POST /api/products', body: productOf(`PR-${shopId.slice(0, 6)}`) },
      { name: 'POST /api/products', body: productOf(`DR-${shopId.slice(0, 6)}`, 'draft') },
    ]);
    const [review] = await writer.firstIds(admin, 'setup', [{ name: 'POST /api/reviews', body: reviewBody(product!) }]);
    const [orders] = await writer.applied(admin, 'setup', [{ name: 'POST /api/orders/bulk', body: { orders: [orderRow(ann, 'new', [product!], 1), orderRow(bob, 'pending', [product!], 2)] } }]);
    const [annOrder] = orders as [number, number];
    const [invoice] = (await writer.firstIds(admin, 'setup', [{ name: 'POST /api/invoices', body: invoiceBody(ann) }])) as unknown as [string];
    const [ticket] = await writer.firstIds(admin, 'setup', [{ name: 'POST /api/tickets', body: ticketBody(ann.email) }]);
    // A removed record: a restore reads it removed.
    await writer.applied(admin, 'setup', [{ name: 'DELETE /api/tickets', query: { id: String(ticket) } }]);

    const writes: Array<{ name: string; query?: Record<string, string>; body?: unknown; known: boolean }> = [
      { name: 'PATCH /api/orders', query: { id: String(annOrder) }, body: { status: 'pending' }, known: true },
      { name: 'PATCH /api/orders', query: { id: String(annOrder) }, body: { customer: { id: bob.id, name: 'Bob', email: bob.email, phone: '+47 555 01 234' } }, known: true },
      { name: 'DELETE /api/orders', query: { id: String(annOrder) }, known: true },
      { name: 'PUT /api/products', query: { id: String(product) }, body: { ...productOf(`PR-${shopId.slice(0, 6)}`, 'draft') }, known: true },
      { name: 'PUT /api/products', query: { id: String(draft) }, body: { ...productOf(`DR-${shopId.slice(0, 6)}`, 'published') }, known: true },
      { name: 'PUT /api/products', query: { id: String(product) }, body: { ...productOf(`PR-${shopId.slice(0, 6)}`), stock: 3 }, known: true },
      { name: 'DELETE /api/products', query: { id: String(product) }, known: true },
      // Both products and their reviews (read together: findByAny).
      { name: 'POST /api/products/bulk-delete', body: { ids: [product, draft] }, known: true },
      { name: 'PUT /api/users', query: { id: String(ann.id) }, body: userBody('Ann', 'ann.elsewhere@example.com'), known: true },
      { name: 'PUT /api/users', query: { id: String(ann.id) }, body: userBody('Ann Again', ann.email), known: true },
      { name: 'DELETE /api/users', query: { id: String(ann.id) }, known: true },
      { name: 'DELETE /api/reviews', query: { id: String(review) }, known: true },
      { name: 'DELETE /api/invoices', query: { id: invoice }, known: true },
      { name: 'POST /api/users', body: userBody('Cy', 'cy@example.com'), known: true },
      { name: 'POST /api/reviews', body: reviewBody(product!, 'Again'), known: true },
    ];
    let exits = 0;
    let leaders = 0;
    for (const [i, write] of writes.entries()) {
      const mutation = { id: i + 1, query: {}, body: null, ...write } as unknown as Mutation;
      const known = await storeOnce(shopId, mutation, true);
      const read = await storeOnce(shopId, mutation, false);
      const label = `${write.name} ${JSON.stringify(write.query ?? {})}`;
      expect(known.known, label).toBe(write.known);
      expect(known.rows.length, label).toBeGreaterThan(0);
      expect({ rows: known.rows, exits: known.exits, touched: known.touched }, label).toEqual({ rows: read.rows, exits: read.exits, touched: read.touched });
      // Every leader the follower query finds is one mayLead keeps.
      expect(known.mayLeadIds, label).toEqual(expect.arrayContaining(known.leaders));
      exits += known.exits.length;
      leaders += known.leaders.length;
    }
    // The writes above do leave exits and move followers: the comparison is not of empty sets.
    expect(exits).toBeGreaterThanOrEqual(2);
    expect(leaders).toBeGreaterThanOrEqual(3);
  });
});
