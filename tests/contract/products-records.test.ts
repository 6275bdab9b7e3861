import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { byId, expectError, expectedMeta, expectFieldError, expectNow, freezeClock, matchesText, NOW, newestFirst, newProductBody, pageOf, qs } from './support/helpers';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import type { Product } from '../../domain/schema/product';

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

const sorted = newestFirst(seedProducts, (p) => p.createdAt);
const PLACEHOLDERS = ['/images/products/placeholder-1.svg', '/images/products/placeholder-2.svg'];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

/** A valid create body with its own code. */
const newProduct = (overrides: Record<string, unknown> = {}) => newProductBody({ code: 'LAMP-1', ...overrides });

/** A product as PUT takes it (its stored fields less the server's). */
const asBody = ({ id: _id, createdAt: _c, rating: _r, totalReviews: _t, ...fields }: Product) => fields;

/** Every product and review as stored: a rejected call must leave these unchanged. */
const stored = async () => ({ products: await api.db.products.toArray(), reviews: await api.db.reviews.toArray(), files: await api.db.files.count() });

async function uploaded(): Promise<string> {
  const res = await api.upload(PNG, 'image/png');
  expect(res.status).toBe(201);
  return res.body.file.url;
}

describe('GET /api/products: category filter, code search, ids', () => {
  it('category=<value> keeps that category (newest first); combines with status, search and sort', async () => {
    const furniture = sorted.filter((p) => p.category === 'furniture');
    expect(furniture.length).toBeGreaterThan(1);
    const res = await api.call('GET', '/api/products?category=furniture');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(furniture);
    expect(res.body.meta).toEqual(expectedMeta(1, furniture.length));

    const drafts = furniture.filter((p) => p.status === 'draft');
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.length).toBeLessThan(furniture.length);
    expect((await api.call('GET', '/api/products?category=furniture&status=draft')).body.products).toEqual(drafts);

    const byPrice = [...furniture].sort((a, b) => b.price - a.price);
    expect((await api.call('GET', '/api/products?category=furniture&sort=price&order=desc')).body.products).toEqual(byPrice);
    const searched = furniture.filter((p) => matchesText('table', [p.title, p.category, p.code]));
    expect(searched.length).toBeGreaterThan(0);
    expect((await api.call('GET', '/api/products?category=FURNITURE&search=table')).body.products).toEqual(searched);
  });

  it("category '', 'all' (any case) means no filter; another value is a 400 naming category", async () => {
    for (const category of ['', 'all', 'ALL']) {
      const res = await api.call('GET', `/api/products${qs({ category })}`);
      expect(res.body.products).toEqual(pageOf(sorted, 1));
      expect(res.body.meta.total).toBe(seedProducts.length);
    }
    const res = await api.call('GET', '/api/products?category=weapons');
    expectError(res, 400, /^Invalid request/);
    expect(res.body.message).toContain('category');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['category']);
  });

  it('search matches the code, case-insensitively and as a substring', async () => {
    const res = await api.call('GET', `/api/products${qs({ search: 'sku-101' })}`);
    const expected = sorted.filter((p) => p.code.toLowerCase().includes('sku-101'));
    expect(expected.map((p) => p.id).sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(res.body.products).toEqual(expected);
  });

  it('GET /api/products/ids answers every matching id in list order, and total', async () => {
    const all = await api.call('GET', '/api/products/ids');
    expect(all.body).toEqual({ ids: sorted.map((p) => p.id), total: seedProducts.length });
    const query = qs({ category: 'fashion', status: 'published', sort: 'price', order: 'asc' });
    const list = (await api.call('GET', `/api/products${query}&pageSize=1000`)).body.products as Product[];
    expect(list.length).toBeGreaterThan(0);
    expect((await api.call('GET', `/api/products/ids${query}`)).body).toEqual({ ids: list.map((p) => p.id), total: list.length });
    expectFieldError(await api.call('GET', '/api/products/ids?category=nope'), 'category');
  });
});

describe('product rules', () => {
  const rejected: Array<[string, Record<string, unknown>, string, string?]> = [
    ['no title', { title: '  ' }, 'title', 'Title is required'],
    ['a negative price', { price: -0.01 }, 'price'],
    ['a discount over 100', { discount: 101 }, 'discount', 'Discount must be between 0 and 100'],
    ['a fractional stock', { stock: 2.5 }, 'stock', 'Stock must be a whole number'],
    ['a negative stock', { stock: -1 }, 'stock'],
    ['no colours', { colors: [] }, 'colors', 'Choose at least one colour'],
    ['no sizes', { sizes: [] }, 'sizes', 'Choose at least one size'],
    ['one image', { images: ['/images/products/product-03.svg'] }, 'images', 'Add at least two images'],
    ['eleven images', { images: Array.from({ length: 11 }, (_, i) => `/images/products/product-${String(i + 1).padStart(2, '0')}.svg`) }, 'images'],
    ['an image that is not an allowed URL', { images: ['/images/products/product-03.svg', 'javascript:alert(1)'] }, 'images.1'],
    ['an http (not https) image', { images: ['/images/products/product-03.svg', 'http://example.com/a.png'] }, 'images.1'],
    ['a feature image that is not one of the images', { featureImage: '/images/products/product-09.svg' }, 'featureImage', 'The feature image must be one of the images'],
    ['no code', { code: ' ' }, 'code', 'Code is required'],
  ];
  for (const [what, overrides, field, message] of rejected) {
    it(`${what} is a 400 naming ${field} (POST and PUT), and nothing changes`, async () => {
      const before = await stored();
      for (const [method, path] of [['POST', '/api/products'], ['PUT', '/api/products?id=3']] as const) {
        const res = await api.call(method, path, newProduct(overrides));
        expectFieldError(res, field);
        const issue = res.body.issues.find((i: { path: string }) => i.path === field);
        expect(issue, `${method} issue at ${field}`).toBeDefined();
        if (message) expect(issue.message).toBe(message);
      }
      expect(await stored()).toEqual(before);
      expect(api.changes).toEqual([]);
    });
  }

  it('accepts uploaded files and https URLs as images', async () => {
    const file = await uploaded();
    const res = await api.call('POST', '/api/products', newProduct({ images: [file, 'https://example.com/lamp.png'], featureImage: file }));
    expect(res.status).toBe(201);
    expect(res.body.product.images).toEqual([file, 'https://example.com/lamp.png']);
  });
});

describe('code is unique (trimmed, case-insensitive): 409', () => {
  const taken = (code: string) => ({ message: `A product with code "${code}" already exists`, code: 'productCodeTaken', params: { code }, issues: [{ path: 'code', message: 'This code is already used by another product' }] });

  it('POST with a code another product has, in another case and with spaces, is a 409; nothing changes', async () => {
    const before = await stored();
    const res = await api.call('POST', '/api/products', newProduct({ code: '  sku-1001 ' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual(taken('sku-1001'));
    expect(await stored()).toEqual(before);
    expect(api.changes).toEqual([]);
  });

  it('a code is stored trimmed, and then taken', async () => {
    expect((await api.call('POST', '/api/products', newProduct({ code: '  NEW-1  ' }))).body.product.code).toBe('NEW-1');
    expect((await api.call('POST', '/api/products', newProduct({ code: 'new-1' }))).body).toEqual(taken('new-1'));
  });

  it("PUT may keep the product's own code (in any case), but not take another's", async () => {
    const seed3 = byId(seedProducts, 3);
    const own = await api.call('PUT', '/api/products?id=3', { ...asBody(seed3), code: 'sku-1003' });
    expect(own.status).toBe(200);
    expect(own.body.product.code).toBe('sku-1003');
    const before = await stored();
    const res = await api.call('PUT', '/api/products?id=3', { ...asBody(seed3), code: 'SKU-1004' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(taken('SKU-1004'));
    expect(await stored()).toEqual(before);
  });

  it('a deleted product frees its code; once another product has taken it, restoring is a 409 and nothing comes back', async () => {
    await api.call('DELETE', '/api/products?id=1');
    expect((await api.call('POST', '/api/products', newProduct({ code: 'Sku-1001' }))).status).toBe(201);
    const before = await stored();
    const res = await api.call('POST', '/api/products/restore', { ids: [1] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(taken('SKU-1001'));
    expect(await stored()).toEqual(before);
    expect(await api.db.trash.count()).toBe(1);
  });
});

describe('DELETE /api/products: to the trash with its reviews and image files; restore brings all back', () => {
  freezeClock();

  it('restores the product, its reviews (same ids, every field) and its uploaded images exactly', async () => {
    const [first, second] = [await uploaded(), await uploaded()];
    const seed2 = byId(seedProducts, 2);
    const put = await api.call('PUT', '/api/products?id=2', { ...asBody(seed2), images: [first, second, '/images/products/product-02.svg'], featureImage: second });
    expect(put.status).toBe(200);
    const product: Product = put.body.product;
    // Votes and a new review are part of what comes back.
    await api.call('PATCH', '/api/reviews?id=5', { vote: 'like' });
    await api.call('POST', '/api/reviews', { productId: 2, rating: 2, review: 'Meh.' });
    const withReviews = (await api.call('GET', '/api/products?id=2')).body.product as Product;
    const reviews = await api.db.reviews.where('productId').equals(2).toArray();
    expect(reviews).toHaveLength(5);
    // Build the search index first: the delete and the restore must reach it.
    expect((await api.call('GET', `/api/products${qs({ search: seed2.title })}`)).body.products).toEqual([withReviews]);
    api.changes.length = 0;

    const deleted = await api.call('DELETE', '/api/products?id=2');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ product: withReviews });
    expect(api.changes).toEqual(['products', 'reviews']);
    expect(await api.db.reviews.where('productId').equals(2).count()).toBe(0);
    expect((await api.send('GET', first)).status).toBe(404);
    expect((await api.send('GET', second)).status).toBe(404);
    expect((await api.call('GET', `/api/products${qs({ search: seed2.title })}`)).body.meta.total).toBe(0);
    expect(withReviews).toEqual({ ...product, rating: 3.8, totalReviews: 5 });

    const res = await api.call('POST', '/api/products/restore', { ids: [2] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ products: [withReviews] });
    expect(api.changes).toEqual(['products', 'reviews', 'products', 'reviews']);
    expect((await api.call('GET', '/api/products?id=2')).body.product).toEqual(withReviews);
    expect((await api.db.reviews.where('productId').equals(2).toArray()).sort((a, b) => a.id - b.id)).toEqual(reviews.sort((a, b) => a.id - b.id));
    const served = await api.send('GET', second);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await api.call('GET', `/api/products${qs({ search: seed2.title })}`)).body.products).toEqual([withReviews]);
    expect((await api.call('GET', '/api/reviews?productId=2')).body.summary.total).toBe(5);
    expect(await api.db.trash.count()).toBe(0);
  });

  it('bulk-delete takes several products with their reviews; restore brings them back; other products keep theirs', async () => {
    const before = await stored();
    const res = await api.call('POST', '/api/products/bulk-delete', { ids: [4, 9] });
    expect(res.body).toEqual({ products: [byId(seedProducts, 4), byId(seedProducts, 9)] });
    expect(api.changes).toEqual(['products', 'reviews']);
    const left = seedReviews.filter((r) => r.productId !== 4 && r.productId !== 9);
    expect((await api.db.reviews.toArray()).map((r) => r.id)).toEqual(left.map((r) => r.id));
    expect((await api.call('POST', '/api/products/restore', { ids: [9, 4] })).status).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('restore is all or nothing: a review id in use is a 409 and nothing comes back', async () => {
    await api.call('DELETE', '/api/products?id=3');
    const [review] = seedReviews.filter((r) => r.productId === 3);
    await api.db.reviews.add({ ...review!, productId: 1 });
    const before = await stored();
    const res = await api.call('POST', '/api/products/restore', { ids: [3] });
    expectError(res, 409, /^Cannot restore product 3/);
    expect(await stored()).toEqual(before);
    expect(await api.db.trash.count()).toBe(1);
  });

  it("an unknown id is 404 'Product not found' (bulk: naming the ids) and nothing is trashed", async () => {
    const before = await stored();
    expectError(await api.call('DELETE', '/api/products?id=999'), 404, 'Product not found');
    expectError(await api.call('POST', '/api/products/bulk-delete', { ids: [1, 998, 999] }), 404, 'Product not found: 998, 999');
    expectError(await api.call('POST', '/api/products/restore', { ids: [1] }), 404, 'Nothing to restore for product 1');
    expect(await stored()).toEqual(before);
    expect(await api.db.trash.count()).toBe(0);
  });

  it('a PUT that drops an uploaded image moves that file to the trash', async () => {
    const [first, second] = [await uploaded(), await uploaded()];
    const seed5 = byId(seedProducts, 5);
    await api.call('PUT', '/api/products?id=5', { ...asBody(seed5), images: [first, second], featureImage: first });
    await api.call('PUT', '/api/products?id=5', { ...asBody(seed5), images: [first, '/images/products/product-05.svg'], featureImage: first });
    expect((await api.send('GET', second)).status).toBe(404);
    expect((await api.send('GET', first)).status).toBe(200);
    expect((await api.db.trash.toArray()).map((entry) => entry.resource)).toEqual(['files']);
  });
});

describe('POST /api/products/bulk-status', () => {
  it('sets published/draft on every product named; another status is a 400', async () => {
    const res = await api.call('POST', '/api/products/bulk-status', { ids: [1, 2], status: 'draft' });
    expect(res.body.products.map((p: Product) => [p.id, p.status])).toEqual([[1, 'draft'], [2, 'draft']]);
    expect((await api.call('GET', '/api/products?id=1')).body.product).toEqual({ ...byId(seedProducts, 1), status: 'draft' });
    expectFieldError(await api.call('POST', '/api/products/bulk-status', { ids: [1], status: 'archived' }), 'status');
  });
});

describe('POST /api/products/bulk (import)', () => {
  freezeClock();
  const row = (n: number, overrides: Record<string, unknown> = {}) => {
    const { images: _i, featureImage: _f, ...rest } = newProduct({ code: `IMP-${n}`, title: `Imported ${n}`, ...overrides });
    return { ...rest, ...overrides };
  };

  it('inserts every row: placeholder images when none are sent, createdAt now unless sent, rating 0', async () => {
    const rows = [
      row(1),
      row(2, { createdAt: '2025-01-02T03:04:05.000Z', rating: 5, totalReviews: 9 }),
      row(3, { images: ['/images/products/product-01.svg', '/images/products/product-02.svg'] }),
      row(4, { images: ['/images/products/product-01.svg', '/images/products/product-02.svg'], featureImage: '/images/products/product-02.svg' }),
    ];
    const res = await api.call('POST', '/api/products/bulk', { products: rows });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ inserted: 4, firstId: 16, lastId: 19 });
    expect(api.changes).toEqual(['products']);
    const [p1, p2, p3, p4] = await api.db.products.bulkGet([16, 17, 18, 19]);
    expect(p1).toEqual({ ...row(1), id: 16, images: PLACEHOLDERS, featureImage: PLACEHOLDERS[0], createdAt: NOW, rating: 0, totalReviews: 0 });
    expectNow(p1!.createdAt);
    expect(p2).toMatchObject({ createdAt: '2025-01-02T03:04:05.000Z', rating: 0, totalReviews: 0, images: PLACEHOLDERS });
    expect(p3).toMatchObject({ featureImage: '/images/products/product-01.svg' });
    expect(p4).toMatchObject({ featureImage: '/images/products/product-02.svg' });
  });

  it('dryRun only validates', async () => {
    const before = await stored();
    const res = await api.call('POST', '/api/products/bulk', { products: [row(1), row(2)], dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: 2 });
    expect(await stored()).toEqual(before);
  });

  it('an invalid row is a 400 naming products.<i>.<field>, and nothing is inserted', async () => {
    const before = await stored();
    const res = await api.call('POST', '/api/products/bulk', { products: [row(1), row(2, { colors: [] }), row(3, { featureImage: '/images/products/product-09.svg' })] });
    expectFieldError(res, 'products.1.colors');
    expect(res.body.issues).toEqual([
      { path: 'products.1.colors', message: 'Choose at least one colour' },
      { path: 'products.2.featureImage', message: 'The feature image must be one of the images' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('a code repeated within the body is a 400 naming products.<i>.code (dry run too); nothing is inserted', async () => {
    const before = await stored();
    for (const dryRun of [false, true]) {
      const res = await api.call('POST', '/api/products/bulk', { products: [row(1), row(2), row(3, { code: ' imp-1 ' })], dryRun });
      expectFieldError(res, 'products.2.code');
      expect(res.body.issues).toEqual([{ path: 'products.2.code', message: 'This code is also used by products.0' }]);
    }
    expect(await stored()).toEqual(before);
  });

  it('a code a stored product has is a 409 naming products.<i>.code (dry run too); nothing is inserted', async () => {
    const before = await stored();
    for (const dryRun of [false, true]) {
      const res = await api.call('POST', '/api/products/bulk', { products: [row(1), row(2, { code: 'sku-1002' }), row(3, { code: 'SKU-1003' })], dryRun });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: 'A product with code "sku-1002" already exists (and 1 more)',
        issues: [
          { path: 'products.1.code', message: 'This code is already used by another product' },
          { path: 'products.2.code', message: 'This code is already used by another product' },
        ],
      });
    }
    expect(await stored()).toEqual(before);
    expect(api.changes).toEqual([]);
  });
});
