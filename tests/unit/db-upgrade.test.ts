import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ShopDb } from '../../sw/api/storage/db';
import { handleApiRequest } from '../../sw/api/router';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';

describe('upgrading a version 4 database to version 5', () => {
  it('keeps products and reviews as they were and indexes code and [productId+createdAt]', async () => {
    const indexedDB = new IDBFactory();
    // The tables as version 4 of the app left them (a product with one image, as older seeds had).
    const old = new Dexie('upgrade-to-5', { indexedDB, IDBKeyRange });
    old.version(4).stores({
      users: '++id, createAt, status, [status+createAt]',
      products: '++id, createdAt, status, [status+createdAt]',
      reviews: '++id, productId, createdAt',
      orderBlocks: 'id',
      counters: 'name',
      invoices: 'id, issueDate, status, [status+issueDate]',
      files: 'id, createdAt',
      trash: '[resource+key], deletedAt',
      activity: '++id, at',
    });
    const products = seedProducts.map((p) => (p.id === 3 ? { ...p, images: [p.featureImage] } : p));
    await old.table('products').bulkAdd(products);
    await old.table('reviews').bulkAdd(seedReviews);
    old.close();

    const db = new ShopDb('upgrade-to-5', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(5);
    expect(await db.products.toArray()).toEqual(products);
    expect(await db.reviews.toArray()).toEqual(seedReviews);
    expect(await db.products.where('code').equalsIgnoreCase('sku-1003').primaryKeys()).toEqual([3]);
    const reviewsOf2 = await db.reviews.where('[productId+createdAt]').between([2, Dexie.minKey], [2, Dexie.maxKey]).primaryKeys();
    expect(reviewsOf2).toEqual(seedReviews.filter((r) => r.productId === 2).map((r) => r.id));

    // The API uses the new index at once: a taken code is a 409.
    const body = { ...products[0]!, id: undefined, createdAt: undefined, code: 'sku-1003' };
    const res = await handleApiRequest(new Request('http://localhost/api/products', { method: 'POST', body: JSON.stringify(body) }), db);
    expect(res.status).toBe(409);
    db.close();
  });
});
