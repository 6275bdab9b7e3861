import type { ApiContext, RouteTable } from '../context';
import { ApiError, INVALID_REQUEST, json, numericId, readJsonObject, requireParam, validate } from '../http';
import { listIds, listPage } from '../storage/list-query';
import type { SearchSpec } from '../storage/search-index';
import { listQuery, statusFilter } from '../query';
import { bodyIdSchema } from '../../../domain/schema/common';
import {
  productCategories,
  productImportSchema,
  productStatusSchema,
  productStatuses,
  type Product,
  type ProductImport,
} from '../../../domain/schema/product';
import { newProduct, PRODUCT_NOT_FOUND, productReplaced, productToCreate } from '../../../domain/writes/products';
import { dependentsByIndex, type RecordKind } from '../records/record-kind';
import { recordRoutes } from '../records/record-routes';
import { createRecord, replaceRecord, resourcesOf, trashRecords } from '../records/record-operations';
import { categoryOptions, colorOptions, sizeOptions } from '../../../seed/lookups';

/** What the products list searches (case-insensitive substring), filters on besides status (category) and sorts by. */
export const productListIndex: SearchSpec<Product> = {
  name: 'products',
  text: (p) => [p.title, p.category, p.code],
  facets: { category: (p) => p.category },
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

/** A products list request's page and the query it makes (shared by the list and its ids). */
function productsQuery({ db, url }: Pick<ApiContext, 'db' | 'url'>) {
  const q = listQuery(url, { status: statusFilter(productStatuses), category: statusFilter(productCategories) }, { index: productListIndex, dateField: 'createdAt' });
  const query = {
    table: db.products,
    dateField: 'createdAt',
    status: q.status,
    search: q.search,
    facets: { category: q.category },
    sort: q.sort,
    index: productListIndex,
  };
  return { page: q.page, pageSize: q.pageSize, query };
}

export { PRODUCT_NOT_FOUND };

/** A product's reviews go to the trash with it, and come back with it. */
const productReviews = dependentsByIndex('reviews', (db) => db.reviews, 'productId');

/** Products for the records kit: trash and restore (with reviews and image files), bulk delete, bulk status, bulk insert. */
export const productRecords: RecordKind<Product, number, ProductImport> = {
  plural: 'products',
  singular: 'product',
  table: (db) => db.products,
  idSchema: bodyIdSchema,
  notFound: PRODUCT_NOT_FOUND,
  statusSchema: productStatusSchema,
  inputSchema: productImportSchema,
  create: newProduct,
  fileUrls: (product) => [...product.images, product.featureImage],
  dependents: [productReviews],
  // Checked through the `code` index (db.ts, version 5) rather than a scan: a bulk-loaded
  // account may hold 100,000s of products, and the stored product keeps its schema's shape
  // (no extra lowercased field).
  unique: {
    field: 'code',
    taken: (code) => `A product with code "${code}" already exists`,
    takenIssue: 'This code is already used by another product',
    repeatedIssue: (earlier) => `This code is also used by products.${earlier}`,
  },
};

export const productRoutes: RouteTable = {
  '/api/products': {
    async GET({ db, url }) {
      const idParam = url.searchParams.get('id');
      if (idParam !== null) {
        // As the contract says: an unknown id answers `false`, not an error.
        const product = (await db.products.get(numericId(idParam))) ?? false;
        return json({ product });
      }
      const { page, pageSize, query } = productsQuery({ db, url });
      const { rows, meta } = await listPage({ ...query, page, pageSize });
      return json({ products: rows, meta });
    },

    async POST({ db, request, changed }) {
      const product = await createRecord(db, productRecords, productToCreate(await readJsonObject(request), new Date().toISOString()));
      changed('products');
      return json({ product }, 201);
    },

    async PUT({ db, request, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const body = await readJsonObject(request);
      if (body.id !== undefined && validate(bodyIdSchema, body.id) !== id) {
        throw new ApiError(400, `${INVALID_REQUEST}: id in the body does not match the id parameter`);
      }
      // rating and totalReviews stay what the reviews make them; a dropped uploaded image goes to the trash.
      const product = await replaceRecord(db, productRecords, id, (current) => productReplaced(current, body));
      changed('products');
      return json({ product });
    },

    /** To the trash, with the product's reviews and uploaded images (`POST /api/products/restore` brings them back). */
    async DELETE({ db, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const [product] = await trashRecords(db, productRecords, [id], () => new ApiError(404, PRODUCT_NOT_FOUND));
      for (const resource of resourcesOf(productRecords)) changed(resource);
      return json({ product });
    },
  },

  /** Every id the list query matches, in its order (for "select all N matching"). */
  '/api/products/ids': {
    async GET({ db, url }) {
      const { ids, total } = await listIds(productsQuery({ db, url }).query);
      return json({ ids, total });
    },
  },

  '/api/products/categories': { GET: async () => json(categoryOptions) },
  '/api/products/colors': { GET: async () => json(colorOptions) },
  '/api/products/sizes': { GET: async () => json(sizeOptions) },

  ...recordRoutes(productRecords),
};
