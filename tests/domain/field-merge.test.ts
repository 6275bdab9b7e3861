import { describe, expect, it } from 'vitest';
import { ApiError } from '../../domain/errors';
import { applyMutation } from '../../domain/sync/apply-mutation';
import { mergeFields, mergeOverCurrent, mergeTarget } from '../../domain/sync/field-merge';
import type { Mutation, MutationContext, ShopRecord } from '../../domain/sync/mutation';
import { seedUsers } from '../../seed/users';
import { memoryShop } from './support/memory-shop';

const ctx: MutationContext = { now: '2026-11-26T12:00:00.000Z', caller: { uid: 'uid-a', email: 'a@example.com', name: 'Ada', picture: null } };

describe('mergeFields (a replace sent with its base, over the server record)', () => {
  const base = { phone: '+1 000' };

  it('keeps the server value of a field both changed, and says so', () => {
    const current = { id: 1, name: 'Ann', phone: '+1 B' };
    const result = mergeFields(current, { id: 1, name: 'Ann', phone: '+1 A' }, base);
    expect(result.body).toEqual({ id: 1, name: 'Ann', phone: '+1 B' });
    expect(result.kept).toEqual([{ field: 'phone', yours: '+1 A', kept: '+1 B' }]);
  });

  it('applies a field only this device changed', () => {
    const result = mergeFields({ id: 1, name: 'Ann', phone: '+1 000' }, { id: 1, name: 'Ann', phone: '+1 A' }, base);
    expect(result.body.phone).toBe('+1 A');
    expect(result.kept).toEqual([]);
  });

  it('keeps another member’s change to a field this device did not change (different fields both apply)', () => {
    const current = { id: 1, name: 'Ann B', phone: '+1 000' };
    const result = mergeFields(current, { id: 1, name: 'Ann', phone: '+1 A' }, base);
    expect(result.body).toEqual({ id: 1, name: 'Ann B', phone: '+1 A' });
    expect(result.kept).toEqual([]);
  });

  it('reports nothing when both made the same change', () => {
    const result = mergeFields({ id: 1, phone: '+1 A' }, { id: 1, phone: '+1 A' }, base);
    expect(result).toEqual({ body: { id: 1, phone: '+1 A' }, kept: [] });
  });

  it('compares JSON values deeply and treats an absent field as null', () => {
    const current = { id: 1, tags: ['b'], note: 'set there' };
    const result = mergeFields(current, { id: 1, tags: ['a'], note: 'set here' }, { tags: ['x'], note: null });
    expect(result.kept).toEqual([
      { field: 'tags', yours: ['a'], kept: ['b'] },
      { field: 'note', yours: 'set here', kept: 'set there' },
    ]);
    // Removed on the server meanwhile: the removal stands.
    const removed = mergeFields({ id: 1 }, { id: 1, note: 'mine' }, { note: 'old' });
    expect(removed.body).toEqual({ id: 1 });
    expect(removed.kept).toEqual([{ field: 'note', yours: 'mine', kept: null }]);
  });
});

describe('mergeOverCurrent', () => {
  const user = seedUsers[0]!;
  const shop = () => memoryShop({ users: [{ ...user, phone: '+1 555 0102' } as unknown as ShopRecord] });
  const put = (extra: Partial<Mutation>): Mutation => ({ id: 1, name: 'PUT /api/users', query: {}, body: { ...user, phone: '+1 555 0101' }, ...extra });

  it('finds the record a mergeable replace names, by query or body id', () => {
    expect(mergeTarget({ name: 'PUT /api/users', query: { id: '7' }, body: {} })).toEqual({ kind: 'users', id: 7 });
    expect(mergeTarget({ name: 'PUT /api/users', query: {}, body: { id: 7 } })).toEqual({ kind: 'users', id: 7 });
    expect(mergeTarget({ name: 'PUT /api/invoices', query: { id: 'inv-020' }, body: {} })).toEqual({ kind: 'invoices', id: 'INV-020' });
    expect(mergeTarget({ name: 'PATCH /api/orders', query: { id: '7' }, body: {} })).toBeUndefined();
    expect(mergeTarget({ name: 'PUT /api/users', query: { id: 'x' }, body: {} })).toBeUndefined();
  });

  it('without base the mutation passes unchanged (last writer wins)', async () => {
    const m = put({});
    expect(await mergeOverCurrent(shop().records, m)).toEqual({ mutation: m, kept: [] });
  });

  it('with base, the applied user keeps the server phone and the result lists it', async () => {
    const s = shop();
    const merged = await mergeOverCurrent(s.records, put({ base: { phone: user.phone } }));
    expect(merged.kept).toEqual([{ field: 'phone', yours: '+1 555 0101', kept: '+1 555 0102' }]);
    expect(merged.target).toEqual({ kind: 'users', id: user.id });
    expect('base' in merged.mutation).toBe(false);
    const applied = await applyMutation(s.records, merged.mutation, ctx);
    expect((applied.answer as { user: { phone: string } }).user.phone).toBe('+1 555 0102');
  });

  it('a malformed base is a 400', async () => {
    const error = await mergeOverCurrent(shop().records, put({ base: ['phone'] as unknown as Record<string, unknown> })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
  });
});
