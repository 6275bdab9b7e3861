import { api } from '@/lib/api-client';
import type { ListMeta } from '@schema/common';
import type { Product } from '@schema/product';
import type { Review, ReviewInput, ReviewVote } from '@schema/review';

/** The star values a review can give, highest first (as the distribution lists them). */
export const STAR_VALUES = [5, 4, 3, 2, 1] as const;
export type StarValue = (typeof STAR_VALUES)[number];

/** A product's ratings as GET /api/reviews?productId= sums them up. */
export interface ReviewSummary {
  average: number;
  total: number;
  distribution: Record<`${StarValue}`, number>;
}

/** One page of a product's reviews, newest first. */
export interface ReviewsPage {
  reviews: Review[];
  meta: ListMeta;
  summary: ReviewSummary;
}

export const REVIEWS_PAGE_SIZE = 5;

/** `product` is `false` for an id this account has no product with (the API's answer). */
export const getProduct = (id: number, signal?: AbortSignal) => api.get<{ product: Product | false }>('/api/products', { id }, signal);

export const listReviews = (productId: number, page: number, signal?: AbortSignal) =>
  api.get<ReviewsPage>('/api/reviews', { productId, page, pageSize: REVIEWS_PAGE_SIZE }, signal);

/** The answer carries the product with its rating and review count recomputed. */
export const addReview = (input: ReviewInput) => api.post<{ review: Review; product: Product }>('/api/reviews', input);

/** `null` takes the admin's vote back. */
export const voteReview = (id: number, vote: ReviewVote | null) => api.patch<{ review: Review }>('/api/reviews', { id }, { vote });

export const deleteReview = (id: number) => api.delete<{ review: Review; product: Product }>('/api/reviews', { id });
