import { describe, expect, it } from 'vitest';
import { listPage, planList } from '../../../sw/api/storage/list-query';
import { searchIndexFor } from '../../../sw/api/storage/search-index-hooks';
import { orderListIndex } from '../../../sw/api/orders/store/order-list-query';
import type { User } from '../../../domain/schema/user';
import type { Product } from '../../../domain/schema/product';
import type { Invoice } from '../../../domain/schema/invoice';
import { userListIndex } from '../../../sw/api/users/user-routes';
import { productListIndex } from '../../../sw/api/products/product-routes';
import { invoiceListIndex } from '../../../sw/api/invoices/invoice-records';
import { freshDb, orders, ordersByScan, ordersTableDb } from '../support/orders-table';

describe('planList (the query planner)', () => {
  it('a plain list walks the date index', () => {
    expect(planList({ indexed: true })).toBe('date-index');
    expect(planList({ indexed: false })).toBe('date-index');
    expect(planList({ indexed: true, search: '', facets: { payment: undefined } })).toBe('date-index');
  });

  it('a status filter alone walks the [status+date] index', () => {
    expect(planList({ indexed: true, status: 'pending' })).toBe('status-date-index');
    expect(planList({ indexed: false, status: 'pending' })).toBe('status-date-index');
  });

  it('a search, a facet, or either with a status, uses the in-memory search index', () => {
    expect(planList({ indexed: true, search: 'ann' })).toBe('search-index');
    expect(planList({ indexed: true, facets: { payment: 'Paypal' } })).toBe('search-index');
    expect(planList({ indexed: true, status: 'new', search: 'ann', facets: { payment: 'Paypal' } })).toBe('search-index');
  });

  it('falls back to the filtered scan only where the index cannot answer exactly', () => {
    expect(planList({ indexed: false, search: 'ann' })).toBe('filtered-scan');
    expect(planList({ indexed: true, opaquePredicates: 1 })).toBe('filtered-scan');
    expect(planList({ indexed: true, status: 'new', opaquePredicates: 2 })).toBe('filtered-scan');
    // A needle holding the index's field separator could match across two fields.
    expect(planList({ indexed: true, search: 'a\u0000b' })).toBe('filtered-scan');
  });

  it('a sort other than list order uses the search index, or the scan where the index cannot answer', () => {
    expect(planList({ indexed: true, sorted: true })).toBe('search-index');
    expect(planList({ indexed: true, status: 'new', search: 'ann', sorted: true })).toBe('search-index');
    expect(planList({ indexed: false, sorted: true })).toBe('filtered-scan');
    expect(planList({ indexed: true, sorted: true, opaquePredicates: 1 })).toBe('filtered-scan');
  });
});

describe('listPage picks the plan for each query shape', () => {
  it('orders-shaped rows: plain, deep page, status, search, payment, and the combinations', async () => {
    const db = ordersTableDb();
    expect((await orders(db)).plan).toBe('date-index');
    expect((await orders(db, { page: 2 })).plan).toBe('date-index');
    expect((await orders(db, { status: 'delivered' })).plan).toBe('status-date-index');
    expect((await orders(db, { status: 'delivered', page: 2 })).plan).toBe('status-date-index');
    expect((await orders(db, { search: 'amelia' })).plan).toBe('search-index');
    expect((await orders(db, { payment: 'Paypal' })).plan).toBe('search-index');
    expect((await orders(db, { status: 'delivered', payment: 'Credit Card', search: '#in' })).plan).toBe('search-index');
    expect((await orders(db, { search: 'x\u0000y' })).plan).toBe('filtered-scan');
    // The date field newest first is list order; any other sort goes through the search index.
    expect((await orders(db, { sort: { field: 'createAt', order: 'desc' } })).plan).toBe('date-index');
    expect((await orders(db, { status: 'new', sort: { field: 'createAt', order: 'desc' } })).plan).toBe('status-date-index');
    expect((await orders(db, { sort: { field: 'createAt', order: 'asc' } })).plan).toBe('search-index');
    expect((await orders(db, { status: 'new', page: 2, sort: { field: 'totalAmount', order: 'desc' } })).plan).toBe('search-index');
    expect((await ordersByScan(db, { search: 'amelia' })).plan).toBe('filtered-scan');
    db.close();
  });

  it('users, products, invoices: a search is answered by the search index', async () => {
    const db = freshDb();
    const users = (search: string | undefined, status?: string, predicates: Array<(u: User) => boolean> = []) =>
      listPage<User>({ table: db.users, dateField: 'createAt', page: 1, status, search, index: userListIndex, predicates });
    expect((await users('a')).plan).toBe('search-index');
    expect((await users('a', 'verified')).plan).toBe('search-index');
    expect((await users(undefined)).plan).toBe('date-index');
    expect((await users(undefined, 'verified')).plan).toBe('status-date-index');
    // Any other predicate is opaque: the scan, as before.
    expect((await users(undefined, undefined, [(u) => u.role === 'Admin'])).plan).toBe('filtered-scan');
    expect((await users('a', undefined, [(u) => u.role === 'Admin'])).plan).toBe('filtered-scan');
    const products = await listPage<Product>({ table: db.products, dateField: 'createdAt', page: 1, search: 'e', index: productListIndex });
    expect(products.plan).toBe('search-index');
    const invoices = await listPage<Invoice>({ table: db.invoices, dateField: 'issueDate', page: 1, search: 'inv', index: invoiceListIndex });
    expect(invoices.plan).toBe('search-index');
    db.close();
  });

  it('the search index is built once and then kept, not rebuilt per query', async () => {
    const db = ordersTableDb();
    const index = searchIndexFor(db.orders, 'createAt', orderListIndex);
    expect(index.isReady).toBe(false);
    await orders(db, { search: 'a' });
    expect(index.isReady).toBe(true);
    expect(index.size).toBe(15);
    await db.orders.delete(1);
    expect(index.isReady).toBe(true); // updated in place by the write, not dropped
    expect(index.size).toBe(14);
    db.close();
  });
});
