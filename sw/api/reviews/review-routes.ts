import { bulkAddNew, pendingKey } from '../storage/pending-key';
import { z } from 'zod';
import type { ApiContext, RouteTable } from '../context';
import { ApiError, json, numericId, readJsonObject, requireParam, validate } from '../http';
import { pageMeta } from '../storage/pagination';
import { PAGE_SIZE } from '../../../domain/schema/common';
import { reviewImportSchema, type Review } from '../../../domain/schema/review';
import { importedReview, reviewEdited, reviewToCreate, reviewVoted, REVIEW_NOT_FOUND } from '../../../domain/writes/reviews';
import { MAX_BULK_RECORDS } from '../../../domain/sync/record-mutations';
import { invalidRows, readBulkBody, validateRows } from '../records/bulk-rows';
import { PRODUCT_NOT_FOUND } from '../products/product-routes';
import { recomputeRating, reviewSummary, reviewsOf } from './product-rating';

/** A product's review pages: 10 by default, at most 100 (odd values fall back, as lists do). */
const MAX_REVIEW_PAGE_SIZE = 100;

const reviewPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_REVIEW_PAGE_SIZE).catch(PAGE_SIZE).default(PAGE_SIZE),
});

/** The review's author: the signed-in admin (from the bearer token). */
function author({ caller }: Pick<ApiContext, 'caller'>): NonNullable<ApiContext['caller']> {
  if (!caller) throw new ApiError(401, 'Sign in to use the shop data');
  return caller;
}

/**
 * `POST /api/reviews/bulk` `{ reviews: [...] }`: an import (a backup of another shop, a new
 * shop started with a device's data) keeping each review's author, date and votes. Every row
 * and its product are checked first (400 naming `reviews.<i>.<field>`, nothing written); the
 * products' ratings and counts are recomputed in the same transaction.
 */
async function importReviews({ db, request, changed }: Pick<ApiContext, 'db' | 'request' | 'changed'>): Promise<Response> {
  const { rows } = await readBulkBody(request, { field: 'reviews', noun: 'review', max: MAX_BULK_RECORDS });
  const drafts = validateRows(reviewImportSchema, rows, 'reviews').map(importedReview);
  const ids = await db.transaction('rw', db.products, db.reviews, async () => {
    const productIds = [...new Set(drafts.map((draft) => draft.productId))];
    const found = new Set((await db.products.bulkGet(productIds)).flatMap((product) => (product ? [product.id] : [])));
    const unknown = drafts.flatMap((draft, i) => (found.has(draft.productId) ? [] : [{ path: `reviews.${i}.productId`, message: PRODUCT_NOT_FOUND }]));
    if (unknown.length > 0) throw invalidRows(unknown);
    const keys = await bulkAddNew(db, db.reviews, drafts);
    for (const productId of productIds) await recomputeRating(db, productId);
    return keys;
  });
  changed('reviews');
  changed('products');
  return json({ inserted: ids.length, firstId: ids[0], lastId: ids[ids.length - 1] }, 201);
}

export const reviewRoutes: RouteTable = {
  '/api/reviews/bulk': { POST: importReviews },

  '/api/reviews': {
    /**
     * Without `productId`: every review, newest first (`id` is ignored, as in the contract).
     * With it: that product's reviews, newest first, a page at a time, and their summary.
     */
    async GET({ db, url }) {
      const productIdParam = url.searchParams.get('productId');
      if (productIdParam === null) return json({ reviews: await db.reviews.orderBy('createdAt').reverse().toArray() });
      const productId = numericId(productIdParam, 'productId');
      const { page, pageSize } = validate(reviewPageQuery, Object.fromEntries(url.searchParams));
      const reviews = await db.transaction('r', db.products, db.reviews, async () => {
        if (!(await db.products.get(productId))) throw new ApiError(404, PRODUCT_NOT_FOUND);
        return reviewsOf(db, productId);
      });
      const offset = (page - 1) * pageSize;
      return json({ reviews: reviews.slice(offset, offset + pageSize), meta: pageMeta(page, reviews.length, pageSize), summary: reviewSummary(reviews) });
    },

    /** A review by the signed-in admin; the product's rating and count are recomputed in the same transaction. */
    async POST({ db, request, changed, caller }) {
      const user = author({ caller });
      const draft = reviewToCreate(await readJsonObject(request), user, new Date().toISOString());
      const result = await db.transaction('rw', db.products, db.reviews, async () => {
        if (!(await db.products.get(draft.productId))) throw new ApiError(404, PRODUCT_NOT_FOUND);
        const id = await db.reviews.add({ ...draft, ...pendingKey(db) } as Review);
        const product = await recomputeRating(db, draft.productId);
        return { review: { ...draft, id }, product };
      });
      changed('reviews');
      changed('products');
      return json(result, 201);
    },

    /** Edits a review's rating and text (domain/writes/reviews.ts); its product's rating and count are recomputed in the same transaction. */
    async PUT({ db, request, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const body = await readJsonObject(request);
      const result = await db.transaction('rw', db.products, db.reviews, async () => {
        const current = await db.reviews.get(id);
        if (!current) throw new ApiError(404, REVIEW_NOT_FOUND);
        const review = reviewEdited(current, body);
        await db.reviews.put(review);
        const product = (await recomputeRating(db, review.productId)) ?? null;
        return { review, product };
      });
      changed('reviews');
      changed('products');
      return json(result);
    },

    /** The caller's like or dislike: one per review; the same vote again, or null, takes it back. */
    async PATCH({ db, request, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const body = await readJsonObject(request);
      const review = await db.transaction('rw', db.reviews, async () => {
        const existing = await db.reviews.get(id);
        if (!existing) throw new ApiError(404, REVIEW_NOT_FOUND);
        const next = reviewVoted(existing, body);
        await db.reviews.put(next);
        return next;
      });
      changed('reviews');
      return json({ review });
    },

    /** Removes the review; its product's rating and count are recomputed in the same transaction. */
    async DELETE({ db, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const result = await db.transaction('rw', db.products, db.reviews, async () => {
        const review = await db.reviews.get(id);
        if (!review) throw new ApiError(404, REVIEW_NOT_FOUND);
        await db.reviews.delete(id);
        const product = (await recomputeRating(db, review.productId)) ?? null;
        return { review, product };
      });
      changed('reviews');
      changed('products');
      return json(result);
    },
  },
};
