import type { RouteTable } from './context';
import { ApiError, INVALID_REQUEST, json, numericId, readJsonObject, requireParam, validate } from './http';
import { listPage } from './list-query';
import type { SearchSpec } from './search-index';
import { listQuery, statusFilter } from './query';
import { productInputSchema, productStatuses, productUpdateSchema, type Product } from './schema/product';
import { categoryOptions, colorOptions, sizeOptions } from '../../seed/lookups';

/** What the products list searches (case-insensitive substring) and sorts by. */
export const productListIndex: SearchSpec<Product> = {
  name: 'products',
  text: (p) => [p.title, p.category],
  sorts: {
    createdAt: (p) => p.createdAt,
    title: (p) => p.title,
    code: (p) => p.code,
    category: (p) => p.category,
    price: (p) => p.price,
    stock: (p) => p.stock,
    rating: (p) => p.rating,
    status: (p) => p.status,
  },
  dateSorts: ['createdAt'],
};

const NOT_FOUND = 'Product not found';

export const productRoutes: RouteTable = {
  '/api/products': {
    async GET({ db, url }) {
      const idParam = url.searchParams.get('id');
      if (idParam !== null) {
        // As the contract says: an unknown id answers `false`, not an error.
        const product = (await db.products.get(numericId(idParam))) ?? false;
        return json({ product });
      }
      const q = listQuery(url, { status: statusFilter(productStatuses) }, { index: productListIndex, dateField: 'createdAt' });
      const { rows, meta } = await listPage({
        table: db.products,
        dateField: 'createdAt',
        page: q.page,
        pageSize: q.pageSize,
        status: q.status,
        search: q.search,
        sort: q.sort,
        index: productListIndex,
      });
      return json({ products: rows, meta });
    },

    async POST({ db, request, changed }) {
      const input = validate(productInputSchema, await readJsonObject(request));
      // rating and totalReviews come from reviews; a new product has none.
      const draft = { ...input, rating: 0, totalReviews: 0, createdAt: new Date().toISOString() };
      const id = await db.products.add(draft as Product);
      changed('products');
      return json({ product: { ...draft, id } }, 201);
    },

    async PUT({ db, request, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const input = validate(productUpdateSchema, await readJsonObject(request));
      if (input.id !== undefined && input.id !== id) {
        throw new ApiError(400, `${INVALID_REQUEST}: id in the body does not match the id parameter`);
      }
      const product = await db.transaction('rw', db.products, async () => {
        const existing = await db.products.get(id);
        if (!existing) throw new ApiError(404, NOT_FOUND);
        const replaced: Product = {
          ...input,
          id,
          createdAt: existing.createdAt,
          rating: existing.rating,
          totalReviews: existing.totalReviews,
        };
        await db.products.put(replaced);
        return replaced;
      });
      changed('products');
      return json({ product });
    },

    async DELETE({ db, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      // A removed product takes its reviews with it.
      const product = await db.transaction('rw', db.products, db.reviews, async () => {
        const existing = await db.products.get(id);
        if (!existing) throw new ApiError(404, NOT_FOUND);
        await db.products.delete(id);
        await db.reviews.where('productId').equals(id).delete();
        return existing;
      });
      changed('products');
      changed('reviews');
      return json({ product });
    },
  },

  '/api/products/categories': { GET: async () => json(categoryOptions) },
  '/api/products/colors': { GET: async () => json(colorOptions) },
  '/api/products/sizes': { GET: async () => json(sizeOptions) },
};
