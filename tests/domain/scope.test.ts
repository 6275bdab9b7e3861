import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { teamRoles } from '../../domain/contract/sync-protocol';
import { ApiError } from '../../domain/errors';
import { customerMutation, customerMutationNames, type CustomerRecords } from '../../domain/sync/customer-writes';
import { mutationNames } from '../../domain/sync/apply-mutation';
import type { Mutation, ShopRecord, SyncedKind } from '../../domain/sync/mutation';
import { grantsOf, maySee, memberScopeKeys, PUBLIC_SCOPE, scopeKeyOf, scopeLeaderOf, viewFor, type ScopeMember } from '../../domain/sync/scope';
import { memoryShop } from './support/memory-shop';

/*
 * domain/sync/scope.ts says who sees what twice: record by record (maySee, the rule as read) and
 * as scope keys the server indexes (scopeKeyOf, memberScopeKeys). They must say the same for
 * every record and member; and domain/sync/customer-writes.ts decides a customer's writes.
 */

const ids = fc.integer({ min: 1, max: 6 });
const emails = fc.constantFrom('ann@example.com', 'ANN@example.com', ' ann@example.com ', 'bob@example.com', 'Bob@Example.com', 'cy@example.com');

const member: fc.Arbitrary<ScopeMember> = fc.oneof(
  fc.constantFrom(...teamRoles).map((role) => ({ role })),
  fc.record({ role: fc.constant('customer' as const), customerId: ids.map(String), customerEmail: fc.option(emails, { nil: null }) }),
);

/** A record of a kind, with what scope.ts reads of it (and the product a review follows). */
const recordOf: fc.Arbitrary<{ kind: SyncedKind; record: ShopRecord; leader?: ShopRecord }> = fc.oneof(
  fc.record({ id: ids, email: emails }).map((record) => ({ kind: 'users' as const, record })),
  fc.record({ id: ids, customer: fc.oneof(fc.record({ id: ids }), fc.constant(null)) }).map((record) => ({ kind: 'orders' as const, record })),
  fc.record({ id: fc.constantFrom('INV-001', 'INV-002'), customer: fc.record({ id: ids }) }).map((record) => ({ kind: 'invoices' as const, record })),
  fc.record({ id: ids, email: emails }).map((record) => ({ kind: 'tickets' as const, record })),
  fc.record({ id: ids, status: fc.constantFrom('published', 'draft'), stock: fc.nat(5) }).map((record) => ({ kind: 'products' as const, record })),
  fc
    .record({ id: ids, productId: ids, leader: fc.option(fc.constantFrom('published', 'draft'), { nil: undefined }) })
    .map(({ id, productId, leader }) => ({ kind: 'reviews' as const, record: { id, productId }, ...(leader ? { leader: { id: productId, status: leader } } : {}) })),
  fc.record({ id: fc.uuid() }).map((record) => ({ kind: 'files' as const, record })),
);

describe('scope.ts: who sees what', () => {
  it('maySee and the scope keys agree, for every kind of record and every member', () => {
    fc.assert(
      fc.property(member, recordOf, (who, { kind, record, leader }) => {
        const keys = memberScopeKeys(who);
        const key = scopeKeyOf(kind, record, leader);
        expect(maySee(who, kind, record, leader)).toBe(keys === 'all' || (key !== null && keys.includes(key)));
      }),
      { numRuns: 2000 },
    );
  });

  it("the team sees everything; a customer their record, orders, invoices, tickets (any case), the published catalogue and its reviews, no files", () => {
    const ann: ScopeMember = { role: 'customer', customerId: '1', customerEmail: 'Ann@Example.com' };
    expect(maySee(ann, 'users', { id: 1 })).toBe(true);
    expect(maySee(ann, 'users', { id: 2 })).toBe(false);
    expect(maySee(ann, 'orders', { id: 9, customer: { id: 1 } })).toBe(true);
    expect(maySee(ann, 'orders', { id: 9, customer: { id: 2 } })).toBe(false);
    expect(maySee(ann, 'invoices', { id: 'INV-001', customer: { id: 1 } })).toBe(true);
    expect(maySee(ann, 'tickets', { id: 3, email: 'ann@example.COM' })).toBe(true);
    expect(maySee({ ...ann, customerEmail: null }, 'tickets', { id: 3, email: 'ann@example.com' })).toBe(false);
    expect(maySee(ann, 'products', { id: 4, status: 'draft' })).toBe(false);
    expect(maySee(ann, 'reviews', { id: 5, productId: 4 }, { id: 4, status: 'published' })).toBe(true);
    expect(maySee(ann, 'reviews', { id: 5, productId: 4 })).toBe(false);
    expect(maySee(ann, 'files', { id: 'f' })).toBe(false);
    expect(maySee({ role: 'viewer' }, 'files', { id: 'f' })).toBe(true);
    expect(scopeLeaderOf('reviews', { id: 5, productId: 4 })).toEqual({ kind: 'products', id: 4 });
    expect(grantsOf('users', { id: 1, email: 'Ann@Example.com' })).toBe('email:ann@example.com');
    expect(memberScopeKeys(ann)).toEqual(['customer:1', 'email:ann@example.com', PUBLIC_SCOPE]);
  });

  it('a customer is shown a product without its stock count, a review without the last vote; the team the records as stored', () => {
    const ann: ScopeMember = { role: 'customer', customerId: '1', customerEmail: null };
    expect(viewFor(ann, 'products', { id: 1, title: 'Shoe', stock: 0 })).toEqual({ id: 1, title: 'Shoe', inStock: false });
    expect(viewFor(ann, 'products', { id: 1, title: 'Shoe', stock: 7 })).toEqual({ id: 1, title: 'Shoe', inStock: true });
    expect(viewFor(ann, 'reviews', { id: 1, myVote: 'like', likes: 1 })).toEqual({ id: 1, likes: 1 });
    expect(viewFor({ role: 'admin' }, 'products', { id: 1, stock: 7 })).toEqual({ id: 1, stock: 7 });
  });
});

describe("customer-writes.ts: a customer's writes", () => {
  const user = { id: 1, name: 'Ann', email: 'Ann@Example.com', role: 'Customer', status: 'verified', address: 'Oslo', phone: '+47 555 01 234', image: '/images/avatars/default.svg', createAt: '2026-01-01T00:00:00.000Z' };
  const shop = () => {
    const memory = memoryShop({
      users: [user, { ...user, id: 2, email: 'bob@example.com' }],
      products: [
        { id: 10, status: 'published' },
        { id: 11, status: 'draft' },
      ],
      orders: [
        { id: 20, status: 'delivered', customer: { id: 1 }, items: [{ id: 10 }] },
        { id: 21, status: 'new', customer: { id: 2 }, items: [{ id: 10 }] },
        { id: 22, status: 'shipping', customer: { id: 1 }, items: [{ id: 10 }] },
      ],
      tickets: [
        { id: 30, email: 'ann@example.com' },
        { id: 31, email: 'bob@example.com' },
      ],
      reviews: [{ id: 40, productId: 10, user: { id: 'uid-bob' } }],
    });
    const records: CustomerRecords = { ...memory.records, ordersOf: async (id) => memory.live('orders').filter((o) => (o.customer as { id: number }).id === id) };
    return records;
  };
  const ann = { uid: 'uid-ann', customerId: '1' };
  const mutation = (name: string, body: unknown = {}, query: Record<string, string> = {}): Mutation => ({ id: 1, name, query, body });
  const refusal = async (m: Mutation) => {
    const error = await customerMutation(m, ann, shop()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, m.name).toBeInstanceOf(ApiError);
    return { status: (error as ApiError).status, message: (error as ApiError).message };
  };

  it('refuses every mutation it does not list with 403, whatever it names', async () => {
    for (const name of mutationNames.filter((n) => !customerMutationNames.includes(n))) expect((await refusal(mutation(name))).status).toBe(403);
    // Every name it lists is one the server knows.
    for (const name of customerMutationNames) expect(mutationNames).toContain(name);
  });

  it("sets a ticket's email, an order's customer and a profile edit's other fields to the customer's own", async () => {
    expect((await customerMutation(mutation('POST /api/tickets', { email: 'x@example.com', subject: 'Hi' }), ann, shop())).body).toEqual({ email: 'Ann@Example.com', subject: 'Hi' });
    expect((await customerMutation(mutation('POST /api/orders', { items: [] }), ann, shop())).body).toEqual({ items: [], customerId: 1 });
    const edit = await customerMutation(mutation('PUT /api/users', { name: 'Ann B.', email: 'Ann@Example.com' }, { id: '1' }), ann, shop());
    expect(edit.body).toEqual({ name: 'Ann B.', email: 'Ann@Example.com', role: 'Customer', status: 'verified', address: 'Oslo', phone: '+47 555 01 234', image: '/images/avatars/default.svg' });
    expect(await refusal(mutation('PUT /api/users', { role: 'Admin' }, { id: '1' }))).toMatchObject({ status: 403 });
    expect(await refusal(mutation('PUT /api/users', { createAt: '2020-01-01T00:00:00.000Z' }, { id: '1' }))).toMatchObject({ status: 403 });
  });

  it("answers another customer's record as one that does not exist", async () => {
    expect(await refusal(mutation('PUT /api/users', { name: 'X' }, { id: '2' }))).toEqual(await refusal(mutation('PUT /api/users', { name: 'X' }, { id: '99' })));
    expect(await refusal(mutation('DELETE /api/orders', null, { id: '21' }))).toEqual({ status: 404, message: 'Order not found' });
    expect(await refusal(mutation('POST /api/tickets/:id/replies', { message: 'x' }, { id: '31' }))).toEqual({ status: 404, message: 'Ticket not found' });
    expect(await refusal(mutation('DELETE /api/reviews', null, { id: '40' }))).toEqual({ status: 404, message: 'Review not found' });
    expect(await refusal(mutation('POST /api/orders', { customerId: 2 }))).toMatchObject({ status: 403 });
  });

  it('reviews only what was delivered to them, once; cancels only a new or pending order of theirs', async () => {
    await expect(customerMutation(mutation('POST /api/reviews', { productId: 10, rating: 5, review: 'Good' }), ann, shop())).resolves.toBeDefined();
    expect(await refusal(mutation('POST /api/reviews', { productId: 11, rating: 5, review: 'Good' }))).toMatchObject({ status: 404 });
    expect(await refusal(mutation('DELETE /api/orders', null, { id: '22' }))).toMatchObject({ status: 409 });
    expect(await refusal(mutation('DELETE /api/orders', null, { id: '20' }))).toMatchObject({ status: 409 });
    await expect(customerMutation(mutation('POST /api/tickets/:id/replies', { message: 'x' }, { id: '30' }), ann, shop())).resolves.toBeDefined();
  });
});
