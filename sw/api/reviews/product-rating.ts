import Dexie from 'dexie';
import type { ShopDb } from '../storage/db';
import type { Product } from '../../../domain/schema/product';
import type { Review, ReviewSummary } from '../../../domain/schema/review';
import { meanRating } from '../../../domain/writes/products';

/*
 * The rating rule: a product's `rating` is the mean of its stored reviews' ratings, rounded
 * to one decimal (0 when it has none), and `totalReviews` their count. Every write to
 * reviews recomputes it in the same transaction (review-routes.ts); the seed is built by
 * the same rule.
 */


/** The summary of these reviews: mean, count and how many gave each star. */
export function reviewSummary(reviews: ReadonlyArray<Pick<Review, 'rating'>>): ReviewSummary {
  const distribution: ReviewSummary['distribution'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const { rating } of reviews) {
    const star = String(rating) as keyof ReviewSummary['distribution'];
    if (star in distribution) distribution[star]++;
  }
  const ratings = reviews.map((review) => review.rating);
  return { average: meanRating(ratings), total: ratings.length, distribution };
}

/** A product's reviews, newest first (the [productId+createdAt] index read backwards; ties: the higher id first). */
export function reviewsOf(db: ShopDb, productId: number): Promise<Review[]> {
  return db.reviews
    .where('[productId+createdAt]')
    .between([productId, Dexie.minKey], [productId, Dexie.maxKey])
    .reverse()
    .toArray();
}

/**
 * Sets the product's rating and totalReviews from its stored reviews and answers the
 * product (undefined when there is none). Call inside a transaction over products and reviews.
 */
export async function recomputeRating(db: ShopDb, productId: number): Promise<Product | undefined> {
  const product = await db.products.get(productId);
  if (!product) return undefined;
  const ratings = (await db.reviews.where('productId').equals(productId).toArray()).map((review) => review.rating);
  const updated: Product = { ...product, rating: meanRating(ratings), totalReviews: ratings.length };
  if (updated.rating !== product.rating || updated.totalReviews !== product.totalReviews) {
    await db.products.update(productId, { rating: updated.rating, totalReviews: updated.totalReviews });
  }
  return updated;
}
