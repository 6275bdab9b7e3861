import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './support/harness';
import { seedProducts } from '../../seed/products';
import { seedReviews } from '../../seed/reviews';
import type { Product } from '../../domain/schema/product';
import {
  byId,
  expectError,
  expectFieldError,
  expectNow,
  expectedMeta,
  freezeClock,
  matchesText,
  newestFirst,
  newProductBody,
  NOW,
  pageOf,
  qs,
} from './support/helpers';

const sorted = newestFirst(seedProducts, (p) => p.createdAt);
const searchFields = (p: Product) => [p.title, p.category, p.code];

/** A valid create body: no id, createdAt, rating or totalReviews. */
const newProduct = () => newProductBody();

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

async function productCount(): Promise<number> {
  return (await api.call('GET', '/api/products')).body.meta.total;
}

describe('GET /api/products (list)', () => {
  it('answers page 1 by default: the 10 newest products by createdAt, with meta', async () => {
    const res = await api.call('GET', '/api/products');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(pageOf(sorted, 1));
    expect(res.body.meta).toEqual(expectedMeta(1, seedProducts.length));
    expect(res.body.meta.total).toBe(15);
  });

  it('page 2 holds the rest', async () => {
    const res = await api.call('GET', '/api/products?page=2');
    expect(res.body.products).toEqual(pageOf(sorted, 2));
    expect(res.body.products).toHaveLength(seedProducts.length - 10);
    expect(res.body.meta).toEqual(expectedMeta(2, seedProducts.length));
  });

  it('a page beyond the end is an empty list with correct meta', async () => {
    const res = await api.call('GET', '/api/products?page=4');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([]);
    expect(res.body.meta).toEqual(expectedMeta(4, seedProducts.length));
  });

  const searches: Array<[string, string]> = [
    ['title', 'DENIM'],
    ['title, partial word', 'bottl'],
    ['category', 'ELECTRONICS'],
    ['title or category', 'Kitchen'],
    ['code', 'sku-1007'],
  ];
  for (const [field, term] of searches) {
    it(`search is a case-insensitive substring match (${field}: ${term})`, async () => {
      const expected = sorted.filter((p) => matchesText(term, searchFields(p)));
      expect(expected.length).toBeGreaterThan(0);
      const res = await api.call('GET', `/api/products${qs({ search: term })}`);
      expect(res.status).toBe(200);
      expect(res.body.products).toEqual(pageOf(expected, 1));
      expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
    });
  }

  it('search matches the code too, and not other fields (description)', async () => {
    const byCode = await api.call('GET', `/api/products${qs({ search: byId(seedProducts, 12).code.toLowerCase() })}`);
    expect(byCode.body.products).toEqual([byId(seedProducts, 12)]);
    const res = await api.call('GET', `/api/products${qs({ search: 'soft-close drawer' })}`);
    expect(byId(seedProducts, 3).description).toContain('soft-close drawer');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([]);
    expect(res.body.meta.total).toBe(0);
  });

  for (const status of ['published', 'draft']) {
    it(`status=${status} filters on the lowercase value`, async () => {
      const expected = sorted.filter((p) => p.status === status);
      expect(expected.length).toBeGreaterThan(0);
      const res = await api.call('GET', `/api/products${qs({ status })}`);
      expect(res.body.products).toEqual(pageOf(expected, 1));
      expect(res.body.meta).toEqual(expectedMeta(1, expected.length));
    });
  }

  it('status is accepted case-insensitively', async () => {
    const res = await api.call('GET', '/api/products?status=DRAFT');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(sorted.filter((p) => p.status === 'draft'));
  });

  it("status 'all' or empty means no filter", async () => {
    for (const status of ['all', '']) {
      const res = await api.call('GET', `/api/products${qs({ status })}`);
      expect(res.body.products).toEqual(pageOf(sorted, 1));
      expect(res.body.meta.total).toBe(seedProducts.length);
    }
  });

  it('an unknown status is a 400 naming status', async () => {
    const res = await api.call('GET', '/api/products?status=archived');
    expectError(res, 400);
    expect(res.body.message).toContain('status');
  });

  it('status, search and paging combine', async () => {
    const expected = sorted.filter((p) => p.status === 'published' && matchesText('e', searchFields(p)));
    expect(expected.length).toBeGreaterThan(10);
    const res = await api.call('GET', `/api/products${qs({ status: 'published', search: 'E', page: 2 })}`);
    expect(res.body.products).toEqual(pageOf(expected, 2));
    expect(res.body.meta).toEqual(expectedMeta(2, expected.length));
  });

  it('status and search combine to a narrower set', async () => {
    const bySearch = sorted.filter((p) => matchesText('furniture', searchFields(p)));
    const expected = bySearch.filter((p) => p.status === 'draft');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(bySearch.length);
    const res = await api.call('GET', `/api/products${qs({ status: 'draft', search: 'furniture' })}`);
    expect(res.body.products).toEqual(expected);
    expect(res.body.meta.total).toBe(expected.length);
  });
});

describe('GET /api/products?id=', () => {
  it('answers {product} for a known id', async () => {
    const res = await api.call('GET', '/api/products?id=3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ product: byId(seedProducts, 3) });
  });

  it('answers 200 {product:false} for an unknown id', async () => {
    const res = await api.call('GET', '/api/products?id=999');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ product: false });
  });

  it("a non-numeric id is a 400 starting 'Invalid request'", async () => {
    expectError(await api.call('GET', '/api/products?id=abc'), 400, /^Invalid request/);
  });
});

describe('product lookups', () => {
  const lookups: Array<[string, string[]]> = [
    [
      'categories',
      ['fashion', 'electronics', 'furniture', 'home-kitchen', 'accessories', 'office', 'sports-outdoors', 'kitchen-dining', 'stationery'],
    ],
    ['colors', ['blue', 'red', 'orange', 'green', 'purple', 'pink']],
    ['sizes', ['xs', 's', 'm', 'l', 'xl', 'xxl']],
  ];
  for (const [name, values] of lookups) {
    it(`GET /api/products/${name} lists {id,title,value} with the spec's values`, async () => {
      const res = await api.call('GET', `/api/products/${name}`);
      expect(res.status).toBe(200);
      expect(res.body.map((o: { value: string }) => o.value)).toEqual(values);
      for (const option of res.body) {
        expect(Object.keys(option).sort()).toEqual(['id', 'title', 'value']);
        expect(typeof option.id).toBe('number');
        expect(typeof option.title).toBe('string');
        expect(option.title.length).toBeGreaterThan(0);
      }
      expect(new Set(res.body.map((o: { id: number }) => o.id)).size).toBe(values.length);
    });
  }
});

describe('POST /api/products', () => {
  freezeClock();

  it('creates a product with the next id, createdAt now, rating 0 and totalReviews 0', async () => {
    const body = newProduct();
    const res = await api.call('POST', '/api/products', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      product: { ...body, id: 16, createdAt: expect.any(String), rating: 0, totalReviews: 0 },
    });
    expectNow(res.body.product.createdAt);
    expect(api.changes).toEqual(['products']);
  });

  it('the new product is first in the list and persists', async () => {
    const created = (await api.call('POST', '/api/products', newProduct())).body.product;
    expect(created.createdAt).toBe(NOW);
    const list = await api.call('GET', '/api/products');
    expect(list.body.products[0]).toEqual(created);
    expect(list.body.meta).toEqual(expectedMeta(1, 16));
    expect((await api.call('GET', '/api/products?id=16')).body).toEqual({ product: created });
  });

  it("a missing body is 400 'Invalid request'", async () => {
    expectError(await api.call('POST', '/api/products'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect(await productCount()).toBe(15);
  });

  it("a negative price is a 400 naming 'price', and nothing changes", async () => {
    expectFieldError(await api.call('POST', '/api/products', { ...newProduct(), price: -1 }), 'price');
    expect(api.changes).toEqual([]);
    expect(await productCount()).toBe(15);
  });

  it('an unknown category is a 400, and nothing changes', async () => {
    expectFieldError(await api.call('POST', '/api/products', { ...newProduct(), category: 'weapons' }), 'category');
    expect(api.changes).toEqual([]);
    expect(await productCount()).toBe(15);
  });

  it('a wrong type is a 400 naming the field, and nothing changes', async () => {
    expectFieldError(await api.call('POST', '/api/products', { ...newProduct(), stock: 'many' }), 'stock');
    expect(api.changes).toEqual([]);
    expect(await productCount()).toBe(15);
  });
});

describe('PUT /api/products', () => {
  const seed3 = byId(seedProducts, 3);

  it('replaces the product, keeping createdAt, rating and totalReviews', async () => {
    const body = { ...newProduct(), id: 3 };
    const res = await api.call('PUT', '/api/products?id=3', body);
    expect(res.status).toBe(200);
    const expected = {
      ...body,
      id: 3,
      createdAt: seed3.createdAt,
      rating: seed3.rating,
      totalReviews: seed3.totalReviews,
    };
    expect(res.body).toEqual({ product: expected });
    expect(api.changes).toEqual(['products']);
    expect((await api.call('GET', '/api/products?id=3')).body).toEqual({ product: expected });
    expect(await productCount()).toBe(15);
  });

  it("without the id param is 400 'Invalid request'", async () => {
    expectError(await api.call('PUT', '/api/products', { ...newProduct(), id: 3 }), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect((await api.call('GET', '/api/products?id=3')).body.product).toEqual(seed3);
  });

  it("without a body is 400 'Invalid request'", async () => {
    expectError(await api.call('PUT', '/api/products?id=3'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect((await api.call('GET', '/api/products?id=3')).body.product).toEqual(seed3);
  });

  it("an unknown id is 404 'Product not found'", async () => {
    expectError(await api.call('PUT', '/api/products?id=999', { ...newProduct(), id: 999 }), 404, 'Product not found');
    expect(api.changes).toEqual([]);
    expect(await productCount()).toBe(15);
  });

  it('an invalid field is a 400 naming it, and nothing changes', async () => {
    expectFieldError(await api.call('PUT', '/api/products?id=3', { ...newProduct(), id: 3, price: -5 }), 'price');
    expect(api.changes).toEqual([]);
    expect((await api.call('GET', '/api/products?id=3')).body.product).toEqual(seed3);
  });
});

describe('DELETE /api/products', () => {
  it("removes the product (to the trash) and returns it; the product's reviews go too", async () => {
    const ownReviews = seedReviews.filter((r) => r.productId === 2);
    expect(ownReviews.length).toBeGreaterThan(0);
    const res = await api.call('DELETE', '/api/products?id=2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ product: byId(seedProducts, 2) });
    expect(api.changes).toEqual(['products', 'reviews']);
    expect((await api.call('GET', '/api/products?id=2')).body).toEqual({ product: false });
    expect(await productCount()).toBe(14);
    expectError(await api.call('GET', '/api/reviews?productId=2'), 404, 'Product not found');
    const all = (await api.call('GET', '/api/reviews')).body.reviews;
    expect(all).toHaveLength(seedReviews.length - ownReviews.length);
    // Other products keep their reviews.
    expect((await api.call('GET', '/api/reviews?productId=1')).body.reviews).toHaveLength(
      seedReviews.filter((r) => r.productId === 1).length,
    );
  });

  it("without the id param is 400 'Invalid request'", async () => {
    expectError(await api.call('DELETE', '/api/products'), 400, 'Invalid request');
    expect(api.changes).toEqual([]);
    expect(await productCount()).toBe(15);
  });

  it("an unknown id is 404 'Product not found'", async () => {
    expectError(await api.call('DELETE', '/api/products?id=999'), 404, 'Product not found');
    expect(api.changes).toEqual([]);
    expect(await productCount()).toBe(15);
    expect((await api.call('GET', '/api/reviews')).body.reviews).toHaveLength(seedReviews.length);
  });
});
