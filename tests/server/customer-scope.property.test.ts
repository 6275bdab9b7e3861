import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShopRecord, SyncedKind } from '../../domain/sync/mutation';
import { maySee, scopeLeaderOf, viewFor, type ScopeMember } from '../../domain/sync/scope';
import { Device, invoiceBody, orderRow, productOf, reviewBody, signInCustomer, ticketBody, Writer, type Customer } from './customer-shop';
import { call, newUser, startTestServer, userBody, type TestServer, type TestUser } from './support';

/*
 * The property: whatever a shop holds and however it changes, a customer's device holds, after
 * its pulls (a first sync, or incremental ones interleaved with the writes, a page at a time),
 * exactly the records domain/sync/scope.ts's maySee admits, as viewFor shows them: checked
 * against the records in the database. And no change a customer's pull ever answered (a
 * removal included) names a record they could not see at some point.
 */

vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  // Small pages: first syncs and incremental pulls span several, and writes come between them.
  server = await startTestServer({ pullPageSize: 3 });
});
afterAll(() => server?.close());

/** What the customer of user record `customerId` may see now, by `kind/id`, as they are shown it: from the database. */
async function oracle(shopId: string, customerId: number): Promise<Map<string, ShopRecord>> {
  const { rows } = await server.db.query<{ kind: SyncedKind; record: ShopRecord }>('SELECT kind, record FROM records WHERE shop_id = $1 AND NOT deleted', [shopId]);
  const live = new Map(rows.map((row) => [`${row.kind}/${String(row.record.id)}`, row.record]));
  const user = live.get(`users/${customerId}`);
  const member: ScopeMember = { role: 'customer', customerId: String(customerId), customerEmail: typeof user?.email === 'string' ? user.email : null };
  const visible = new Map<string, ShopRecord>();
  for (const { kind, record } of rows) {
    const leader = scopeLeaderOf(kind, record);
    if (maySee(member, kind, record, leader && live.get(`${leader.kind}/${String(leader.id)}`))) visible.set(`${kind}/${String(record.id)}`, viewFor(member, kind, record));
  }
  return visible;
}

const ops = [
  'reassign order',
  'order billing',
  'delete order',
  'restore order',
  'new order',
  'toggle product',
  'delete product',
  'restore product',
  'new product',
  'new review',
  'delete review',
  'new ticket',
  'delete ticket',
  'restore ticket',
  'user email',
  'delete user',
  'restore user',
  'reassign invoice',
  'customer ticket',
  'customer order',
] as const;

/** One write, its targets picked by index among what exists, and what the customers' devices do after it. */
const step = fc.record({ op: fc.constantFrom(...ops), a: fc.nat(50), b: fc.nat(50), after: fc.constantFrom('nothing', 'page', 'sync', 'bob page', 'late page') });

describe("a customer's pull against the scope rule", () => {
  it('holds exactly what maySee admits after random writes, first sync and incremental', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          products: fc.array(fc.constantFrom('published' as const, 'draft' as const), { minLength: 1, maxLength: 4 }),
          orders: fc.array(fc.tuple(fc.nat(2), fc.constantFrom('new' as const, 'delivered' as const)), { maxLength: 5 }),
          tickets: fc.array(fc.nat(4), { maxLength: 4 }),
          steps: fc.array(step, { minLength: 4, maxLength: 14 }),
        }),
        async ({ products: productStatuses, orders: orderSeeds, tickets: ticketSeeds, steps }) => {
          run++;
          const owner = newUser('owner');
          const shopId = ((await call(server.app, 'POST', '/v1/shops', owner, { name: `Scope ${run}` })).body.shop as { id: string }).id;
          const writer = new Writer(server.app, shopId);
          const people: TestUser[] = [newUser('ann'), newUser('bob'), newUser('cy')];
          const emails = [...people.map((p) => p.email), people[0]!.email.toUpperCase(), 'other@example.com'];
          const customers: Customer[] = [];
          for (const [i, person] of people.entries()) {
            const name = ['Ann', 'Bob', 'Cy'][i]!;
            const [created] = await writer.applied(owner, 'setup', [{ name: 'POST /api/users', body: userBody(name, person.email) }]);
            customers.push({ id: created![0]!, name, email: person.email });
          }
          const ids = { products: [] as number[], reviews: [] as number[], orders: [] as number[], invoices: [] as string[], tickets: [] as number[] };
          const created = (results: Awaited<ReturnType<Writer['push']>>) => results.flatMap((r) => (r.status === 'applied' ? (r.created ?? []).map((c) => c.id as number | string) : []));
          ids.products.push(...(created(await writer.push(owner, 'setup', productStatuses.map((status, i) => ({ name: 'POST /api/products', body: productOf(`S${run}-${i}`, status) })))) as number[]));
          ids.reviews.push(...(created(await writer.push(owner, 'setup', ids.products.map((p) => ({ name: 'POST /api/reviews', body: reviewBody(p) })))) as number[]));
          if (orderSeeds.length) {
            const rows = orderSeeds.map(([c, status], i) => orderRow(customers[c]!, status, [ids.products[i % ids.products.length]!], i));
            ids.orders.push(...(created(await writer.push(owner, 'setup', [{ name: 'POST /api/orders/bulk', body: { orders: rows } }])) as number[]));
          }
          ids.invoices.push(...(created(await writer.push(owner, 'setup', [{ name: 'POST /api/invoices', body: invoiceBody(customers[0]!) }])) as string[]));
          ids.tickets.push(...(created(await writer.push(owner, 'setup', ticketSeeds.map((e) => ({ name: 'POST /api/tickets', body: ticketBody(emails[e]!) })))) as number[]));
          await signInCustomer(server.app, shopId, owner, customers[0]!.id, people[0]!);
          await signInCustomer(server.app, shopId, owner, customers[1]!.id, people[1]!);

          const ann = new Device(server.app, shopId, people[0]!, 'ann-phone');
          const bob = new Device(server.app, shopId, people[1]!, 'bob-phone');
          // A device of Ann's whose first sync starts some way in, a page at a time between the writes.
          const late = new Device(server.app, shopId, people[0]!, 'ann-tablet');
          // Every record each could see at some point (after each write: visibility only changes with one).
          const everVisible = [new Set<string>(), new Set<string>()];
          const note = async () => {
            for (const [i, customer] of customers.slice(0, 2).entries()) for (const key of (await oracle(shopId, customer.id)).keys()) everVisible[i]!.add(key);
          };
          await note();
          const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
          let made = 0;

          for (const { op, a, b, after } of steps) {
            const order = pick(ids.orders, a);
            const product = pick(ids.products, a);
            const ticket = pick(ids.tickets, a);
            const customer = customers[b % 3]!;
            const email = emails[b % emails.length]!;
            const mutation = ((): { name: string; query?: Record<string, string>; body?: unknown; by?: TestUser } | undefined => {
              switch (op) {
                case 'reassign order':
                  return order === undefined ? undefined : { name: 'PATCH /api/orders', query: { id: String(order) }, body: { customer: { id: customer.id, name: customer.name, email: customer.email, phone: '+47 555 01 234' } } };
                case 'order billing':
                  return order === undefined ? undefined : { name: 'PATCH /api/orders', query: { id: String(order) }, body: { billing: `Street ${b}` } };
                case 'delete order':
                  return order === undefined ? undefined : { name: 'DELETE /api/orders', query: { id: String(order) } };
                case 'restore order':
                  return order === undefined ? undefined : { name: 'POST /api/orders/restore', body: { ids: [order] } };
                case 'new order':
                  return product === undefined ? undefined : { name: 'POST /api/orders/bulk', body: { orders: [orderRow(customer, b % 2 ? 'delivered' : 'new', [product], 100 + made++)] } };
                case 'toggle product':
                  return product === undefined ? undefined : { name: 'POST /api/products/bulk-status', body: { ids: [product], status: b % 2 ? 'published' : 'draft' } };
                case 'delete product':
                  return product === undefined ? undefined : { name: 'DELETE /api/products', query: { id: String(product) } };
                case 'restore product':
                  return product === undefined ? undefined : { name: 'POST /api/products/restore', body: { ids: [product] } };
                case 'new product':
                  return { name: 'POST /api/products', body: productOf(`N${run}-${made++}`, b % 2 ? 'published' : 'draft') };
                case 'new review':
                  return product === undefined ? undefined : { name: 'POST /api/reviews', body: reviewBody(product) };
                case 'delete review': {
                  const review = pick(ids.reviews, a);
                  return review === undefined ? undefined : { name: 'DELETE /api/reviews', query: { id: String(review) } };
                }
                case 'new ticket':
                  return { name: 'POST /api/tickets', body: ticketBody(email) };
                case 'delete ticket':
                  return ticket === undefined ? undefined : { name: 'DELETE /api/tickets', query: { id: String(ticket) } };
                case 'restore ticket':
                  return ticket === undefined ? undefined : { name: 'POST /api/tickets/restore', body: { ids: [ticket] } };
                case 'user email':
                  return { name: 'PUT /api/users', query: { id: String(customers[a % 3]!.id) }, body: userBody(customers[a % 3]!.name, email) };
                case 'delete user':
                  return { name: 'DELETE /api/users', query: { id: String(customers[a % 3]!.id) } };
                case 'restore user':
                  return { name: 'POST /api/users/restore', body: { ids: [customers[a % 3]!.id] } };
                case 'reassign invoice': {
                  const invoice = pick(ids.invoices, a);
                  return invoice === undefined ? undefined : { name: 'PUT /api/invoices', query: { id: invoice }, body: invoiceBody(customer) };
                }
                case 'customer ticket':
                  return { name: 'POST /api/tickets', body: ticketBody('whatever@example.com'), by: people[b % 2] };
                case 'customer order':
                  return product === undefined ? undefined : { name: 'POST /api/orders', body: { items: [{ productId: product, quantity: 1 }], payment: { paymentMethod: 'Paypal', cardNumber: '**** 1234' } }, by: people[b % 2] };
              }
            })();
            if (mutation) {
              const { by, ...sent } = mutation;
              const writerOf = by ?? owner;
              const results = await writer.push(writerOf, by ? `${by.uid}-device` : 'owner-device', [sent]);
              const kind = sent.name.split(' ')[1]!.split('/')[2] as keyof typeof ids;
              if (sent.name.startsWith('POST') && kind in ids) (ids[kind] as Array<number | string>).push(...created(results));
              await note();
            }
            if (after === 'page') await ann.page();
            else if (after === 'sync') await ann.sync();
            else if (after === 'bob page') await bob.page();
            else if (after === 'late page') await late.page();
          }

          // Incremental devices, and a first sync of each customer now.
          await ann.sync();
          await bob.sync();
          await late.sync();
          const annFresh = new Device(server.app, shopId, people[0]!, 'ann-laptop');
          const bobFresh = new Device(server.app, shopId, people[1]!, 'bob-laptop');
          await annFresh.sync();
          await bobFresh.sync();
          const annNow = await oracle(shopId, customers[0]!.id);
          const bobNow = await oracle(shopId, customers[1]!.id);
          for (const [device, expected] of [
            [ann, annNow],
            [late, annNow],
            [annFresh, annNow],
            [bob, bobNow],
            [bobFresh, bobNow],
          ] as const) {
            expect(device.keys(), device.clientId).toEqual([...expected.keys()].sort());
            for (const [key, record] of expected) expect(device.records.get(key), `${device.clientId} ${key}`).toEqual(record);
          }
          // Nothing a pull answered (a removal included) names a record its customer never could see.
          for (const [device, seen] of [
            [ann, everVisible[0]!],
            [late, everVisible[0]!],
            [annFresh, everVisible[0]!],
            [bob, everVisible[1]!],
            [bobFresh, everVisible[1]!],
          ] as const) {
            for (const change of device.seen) expect(seen.has(`${change.kind}/${String(change.id)}`), `${device.clientId} was sent ${change.kind}/${String(change.id)}`).toBe(true);
          }
          // A first sync in one go removes only their records deleted since: never one that left them for someone else.
          const { rows: deleted } = await server.db.query<{ key: string }>("SELECT kind || '/' || id AS key FROM records WHERE shop_id = $1 AND deleted", [shopId]);
          const gone = new Set(deleted.map((row) => row.key));
          for (const device of [annFresh, bobFresh]) {
            for (const change of device.seen.filter((c) => c.deleted)) expect(gone.has(`${change.kind}/${String(change.id)}`), `${device.clientId} was sent the removal of ${change.kind}/${String(change.id)}`).toBe(true);
          }
        },
      ),
      { numRuns: 60, endOnFailure: true },
    );
  });
});
