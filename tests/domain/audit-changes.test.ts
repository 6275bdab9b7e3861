import { describe, expect, it } from 'vitest';
import { MAX_AUDITED_RECORDS, MAX_AUDITED_VALUE, auditChangesSchema } from '../../domain/contract/sync-protocol';
import { applyMutation } from '../../domain/sync/apply-mutation';
import { auditChangesOf, changedFields, recordName, RememberedReads, valueText } from '../../domain/sync/audit-changes';
import type { Mutation, MutationContext, ShopRecord } from '../../domain/sync/mutation';
import { seedOrders } from '../../seed/orders';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import { seedUsers } from '../../seed/users';
import { memoryShop, type MemoryShop } from './support/memory-shop';

const NOW = '2026-11-26T12:00:00.000Z';
const ctx: MutationContext = { now: NOW, caller: { uid: 'uid-a', email: 'a@example.com', name: 'Ada', picture: null } };
const asRecords = (rows: readonly object[]) => rows as unknown as ShopRecord[];
const shopOf = () => memoryShop({ users: asRecords(seedUsers), products: asRecords(seedProducts), reviews: asRecords(seedReviews), orders: asRecords(seedOrders) });

let nextId = 1;
const mutation = (name: string, body: unknown = {}, query: Record<string, string> = {}): Mutation => ({ id: nextId++, name, query, body });

/** Applies the mutation as the server does (its reads remembered), stores it, and answers its audit summary. */
async function audited(shop: MemoryShop, m: Mutation) {
  const reads = new RememberedReads({ ...shop.records, ordersOf: async () => [] });
  const applied = await applyMutation(reads, m, ctx);
  shop.commit(applied.changes);
  const changes = auditChangesOf(applied.changes, reads.before);
  // What is stored is what the protocol carries.
  expect(auditChangesSchema.parse(changes)).toEqual(changes);
  return changes;
}

describe('auditChangesOf (what an audit line says a write changed)', () => {
  it('names an edited user and lists the fields changed with before and after', async () => {
    const shop = shopOf();
    const ann = seedUsers[0]!;
    const changes = await audited(shop, mutation('PUT /api/users', { ...ann, phone: '+44 20 7946 0000', address: '1 New Street, Leeds' }, { id: String(ann.id) }));
    expect(changes).toEqual({
      count: 1,
      records: [
        {
          kind: 'users',
          id: ann.id,
          name: ann.name,
          action: 'edited',
          fieldCount: 2,
          fields: [
            { field: 'address', before: ann.address, after: '1 New Street, Leeds' },
            { field: 'phone', before: ann.phone, after: '+44 20 7946 0000' },
          ].sort((a, b) => Object.keys(ann).indexOf(a.field) - Object.keys(ann).indexOf(b.field)),
        },
      ],
    });
  });

  it('says created, deleted and restored, naming the record each time', async () => {
    const shop = shopOf();
    const created = await audited(shop, mutation('POST /api/users', { name: 'Grace Hopper', email: 'grace@example.com', role: 'Buyer', status: 'verified', address: 'US', phone: '+1 555 0100' }));
    const id = created.records[0]!.id;
    expect(created.records).toEqual([{ kind: 'users', id, name: 'Grace Hopper', action: 'created', fields: [], fieldCount: 0 }]);
    const deleted = await audited(shop, mutation('DELETE /api/users', {}, { id: String(id) }));
    expect(deleted.records).toEqual([{ kind: 'users', id, name: 'Grace Hopper', action: 'deleted', fields: [], fieldCount: 0 }]);
    const restored = await audited(shop, mutation('POST /api/users/restore', { ids: [id] }));
    expect(restored.records).toEqual([{ kind: 'users', id, name: 'Grace Hopper', action: 'restored', fields: [], fieldCount: 0 }]);
  });

  it('names orders by number and lists a status change with the history it grew', async () => {
    const shop = shopOf();
    const order = seedOrders.find((candidate) => candidate.status === 'pending')!;
    const changes = await audited(shop, mutation('PATCH /api/orders', { status: 'shipping' }, { id: String(order.id) }));
    const [record] = changes.records;
    expect(record).toMatchObject({ kind: 'orders', id: order.id, name: `order ${order.invoiceId}`, action: 'edited' });
    expect(record!.fields).toContainEqual({ field: 'status', before: 'pending', after: 'shipping' });
  });

  it('summarises images and secrets instead of copying them', () => {
    const before = { id: 1, image: '/api/files/0b8e6c2e-1111-4222-8333-444455556666', images: ['/a.png', '/b.png'], cardNumber: '**** 4242', password: 'hunter2', name: 'A' } as ShopRecord;
    const after = { ...before, image: 'https://cdn.example.com/new.png', images: ['/c.png', '/b.png'], cardNumber: '**** 1881', password: 'correct horse' } as ShopRecord;
    const fields = changedFields(before, after);
    expect(fields).toEqual([
      { field: 'image', summary: 'photo changed' },
      { field: 'images', summary: 'photos changed' },
      { field: 'cardNumber', summary: 'changed (hidden)' },
      { field: 'password', summary: 'changed (hidden)' },
    ]);
    expect(JSON.stringify(fields)).not.toMatch(/hunter2|correct horse|1881|4242|new\.png|c\.png/);
    // A file's bytes are never copied, whatever their size.
    const file = changedFields({ id: 'f', data: 'AAAA'.repeat(1000) } as ShopRecord, { id: 'f', data: 'BBBB'.repeat(1000) } as ShopRecord);
    expect(file).toEqual([{ field: 'data', summary: 'file replaced' }]);
    // Nested images and secrets (an order's payment, its items' pictures) are left out of a value's text.
    expect(valueText({ id: 3, paymentMethod: 'card', cardNumber: '**** 4242', image: '/x.png' })).toBe('paymentMethod: card');
    expect(valueText({ paymentMethod: 'Credit Card', cardHolder: 'Ann', cardNo: '**** 4242' })).toBe('paymentMethod: Credit Card, cardHolder: Ann');
  });

  it('cuts long text, joins lists, counts lists of objects, and ignores key order', () => {
    const long = 'x'.repeat(500);
    const text = valueText(long)!;
    expect(text).toHaveLength(MAX_AUDITED_VALUE);
    expect(text.endsWith('…')).toBe(true);
    expect(valueText(['S', 'M', 'L'])).toBe('S, M, L');
    expect(valueText([{ a: 1 }, { a: 2 }])).toBe('2 items');
    expect(valueText(null)).toBe('none');
    expect(valueText(undefined)).toBeNull();
    expect(changedFields({ id: 1, address: { city: 'Leeds', zip: 'LS1' } } as ShopRecord, { id: 1, address: { zip: 'LS1', city: 'Leeds' } } as ShopRecord)).toEqual([]);
    // Server bookkeeping is not a field a person changed.
    expect(changedFields({ id: 1, updatedAt: 'a', subject: 'Hi' } as ShopRecord, { id: 1, updatedAt: 'b', subject: 'Hello' } as ShopRecord)).toEqual([{ field: 'subject', before: 'Hi', after: 'Hello' }]);
  });

  it('keeps the first records of a bulk write and counts them all', async () => {
    const shop = shopOf();
    const rows = Array.from({ length: MAX_AUDITED_RECORDS + 5 }, (_, i) => ({ name: `Buyer ${i}`, email: `buyer${i}@example.com`, role: 'Buyer', status: 'verified', address: 'US', phone: '+1 555 0100' }));
    const created = await audited(shop, mutation('POST /api/users/bulk', { users: rows }));
    expect(created.count).toBe(rows.length);
    expect(created.records).toHaveLength(MAX_AUDITED_RECORDS);
    expect(created.records.map((record) => record.name)).toEqual(rows.slice(0, MAX_AUDITED_RECORDS).map((row) => row.name));
    expect(created.records.every((record) => record.action === 'created')).toBe(true);
    // A bulk status change: each record's own before and after.
    const ids = created.records.map((record) => record.id);
    const changed = await audited(shop, mutation('POST /api/users/bulk-status', { ids, status: 'hidden' }));
    expect(changed.count).toBe(ids.length);
    expect(changed.records[0]).toEqual({ kind: 'users', id: ids[0], name: 'Buyer 0', action: 'edited', fields: [{ field: 'status', before: 'verified', after: 'hidden' }], fieldCount: 1 });
  });

  it('counts a record changed twice in one write once, and describes the dependents a removal takes', async () => {
    const shop = shopOf();
    const product = seedProducts.find((candidate) => seedReviews.some((review) => review.productId === candidate.id))!;
    const reviews = seedReviews.filter((review) => review.productId === product.id);
    const changes = await audited(shop, mutation('DELETE /api/products', {}, { id: String(product.id) }));
    expect(changes.count).toBe(1 + reviews.length);
    expect(changes.records[0]).toEqual({ kind: 'products', id: product.id, name: product.title, action: 'deleted', fields: [], fieldCount: 0 });
    expect(changes.records[1]).toMatchObject({ kind: 'reviews', action: 'deleted', name: `review by ${reviews[0]!.user.name}` });
    const twice = auditChangesOf(
      [
        { kind: 'users', id: 1, record: { ...seedUsers[0]!, phone: '1' } },
        { kind: 'users', id: 1, record: { ...seedUsers[0]!, phone: '2' } },
      ],
      () => ({ record: seedUsers[0]! as unknown as ShopRecord, deleted: false }),
    );
    expect(twice.count).toBe(1);
    expect(twice.records[0]!.fields).toEqual([{ field: 'phone', before: seedUsers[0]!.phone, after: '2' }]);
  });

  it('names each kind from its own fields', () => {
    expect(recordName('users', { id: 1, name: ' Ann Smith ' })).toBe('Ann Smith');
    expect(recordName('products', { id: 1, title: 'Blue Shirt' })).toBe('Blue Shirt');
    expect(recordName('orders', { id: 1, invoiceId: '#IN0007' })).toBe('order #IN0007');
    expect(recordName('invoices', { id: 'INV-003' })).toBe('invoice INV-003');
    expect(recordName('tickets', { id: 1, subject: 'Parcel late' })).toBe('Parcel late');
    expect(recordName('files', { id: '0b8e6c2e-1111-4222-8333-444455556666' })).toBe('file 0b8e6c2e');
    expect(recordName('users', { id: 1 })).toBeNull();
  });
});
