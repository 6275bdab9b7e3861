import { describe, expect, it } from 'vitest';
import { reviewInputSchema, type Review } from '@schema/review';
import type { Product } from '@schema/product';
import { seedProducts } from '../../../seed/products';
import type { ReviewsPage } from '@/features/products/overview-api';
import {
  distributionRows,
  nextVote,
  priceDisplay,
  ratingText,
  reviewCountText,
  stockState,
  thumbnailIndexForKey,
  withoutReview,
  withPublishedReview,
  withUpdatedReview,
} from '@/features/products/components/overview/overview-format';

const review = (id: number, rating: number): Review => ({
  id,
  productId: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  rating,
  review: `Review ${id}`,
  user: { id: 'admin-uid', name: 'Admin', image: '/images/avatars/default.svg' },
  likes: 0,
  dislikes: 0,
});

const firstPage = (): ReviewsPage => ({
  reviews: [review(2, 5), review(1, 3)],
  meta: { page: 1, pageSize: 2, total: 2, totalPages: 1, firstIndex: 0, lastIndex: 2 },
  summary: { average: 4, total: 2, distribution: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 1 } },
});

const productWith = (rating: number, totalReviews: number): Product => ({ ...seedProducts[0]!, rating, totalReviews });

describe('stock state', () => {
  it('is "In stock" from 20, "Low stock: N left" below (amber, red under 5), "Out of stock" at 0', () => {
    expect(stockState(120)).toEqual({ label: 'In stock', tone: 'ok' });
    expect(stockState(20)).toEqual({ label: 'In stock', tone: 'ok' });
    expect(stockState(19)).toEqual({ label: 'Low stock: 19 left', tone: 'few' });
    expect(stockState(5)).toEqual({ label: 'Low stock: 5 left', tone: 'few' });
    expect(stockState(3)).toEqual({ label: 'Low stock: 3 left', tone: 'low' });
    expect(stockState(1)).toEqual({ label: 'Low stock: 1 left', tone: 'low' });
    expect(stockState(0)).toEqual({ label: 'Out of stock', tone: 'out' });
  });
});

describe('price display', () => {
  it('shows the price alone without a discount', () => {
    expect(priceDisplay(149.5, 0)).toEqual({ current: '$149.50', original: null, discount: null });
  });

  it('shows the discounted price in whole cents, the original and "N% off"', () => {
    expect(priceDisplay(79.99, 10)).toEqual({ current: '$71.99', original: '$79.99', discount: '10% off' });
    expect(priceDisplay(199, 15)).toEqual({ current: '$169.15', original: '$199.00', discount: '15% off' });
    expect(priceDisplay(10, 12.5).discount).toBe('12.5% off');
  });

  it('is free at 100% off', () => {
    expect(priceDisplay(50, 100)).toEqual({ current: '$0.00', original: '$50.00', discount: '100% off' });
  });
});

describe('rating texts', () => {
  it('reads "4.3 out of 5" and counts reviews in the singular and plural', () => {
    expect(ratingText(4.3)).toBe('4.3 out of 5');
    expect(ratingText(4)).toBe('4.0 out of 5');
    expect(reviewCountText(1)).toBe('(1 review)');
    expect(reviewCountText(12)).toBe('(12 reviews)');
    expect(reviewCountText(0)).toBe('(0 reviews)');
  });
});

describe('rating distribution', () => {
  it('lists 5 down to 1 stars with counts and whole percentages', () => {
    expect(distributionRows({ average: 4.3, total: 3, distribution: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 2 } })).toEqual([
      { stars: 5, count: 2, percent: 67 },
      { stars: 4, count: 0, percent: 0 },
      { stars: 3, count: 1, percent: 33 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it('gives 0%, not NaN, when there are no reviews', () => {
    const rows = distributionRows({ average: 0, total: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } });
    expect(rows.map((row) => row.percent)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('vote toggle', () => {
  it('votes when there is no vote, switches to the other vote, and takes the same vote back', () => {
    expect(nextVote(undefined, 'like')).toBe('like');
    expect(nextVote(undefined, 'dislike')).toBe('dislike');
    expect(nextVote('like', 'dislike')).toBe('dislike');
    expect(nextVote('dislike', 'like')).toBe('like');
    expect(nextVote('like', 'like')).toBeNull();
    expect(nextVote('dislike', 'dislike')).toBeNull();
  });
});

describe('reviews page after a write', () => {
  it('a published review heads page 1 (page size kept) and is counted at once from the returned product', () => {
    const after = withPublishedReview(firstPage(), review(3, 1), productWith(3, 3));
    expect(after.reviews.map((r) => r.id)).toEqual([3, 2]);
    expect(after.meta.total).toBe(3);
    expect(after.summary).toEqual({ average: 3, total: 3, distribution: { '1': 1, '2': 0, '3': 1, '4': 0, '5': 1 } });
  });

  it('on a later page the list waits for the server, but the summary updates', () => {
    const laterPage = { ...firstPage(), meta: { ...firstPage().meta, page: 2 } };
    const after = withPublishedReview(laterPage, review(3, 5), productWith(4.3, 3));
    expect(after.reviews.map((r) => r.id)).toEqual([2, 1]);
    expect(after.summary.distribution['5']).toBe(2);
  });

  it('a deleted review leaves the list and the counts', () => {
    const after = withoutReview(firstPage(), review(1, 3), productWith(5, 1));
    expect(after.reviews.map((r) => r.id)).toEqual([2]);
    expect(after.meta.total).toBe(1);
    expect(after.summary).toEqual({ average: 5, total: 1, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 } });
  });

  it('a voted review replaces its old self', () => {
    const voted = { ...review(1, 3), likes: 1, myVote: 'like' as const };
    expect(withUpdatedReview(firstPage(), voted).reviews[1]).toEqual(voted);
  });
});

describe('gallery keys', () => {
  it('arrows move to the next and previous thumbnail, wrapping; Home and End go to the ends', () => {
    expect(thumbnailIndexForKey('ArrowRight', 0, 3, 'ltr')).toBe(1);
    expect(thumbnailIndexForKey('ArrowRight', 2, 3, 'ltr')).toBe(0);
    expect(thumbnailIndexForKey('ArrowLeft', 0, 3, 'ltr')).toBe(2);
    expect(thumbnailIndexForKey('ArrowDown', 1, 3, 'ltr')).toBe(2);
    expect(thumbnailIndexForKey('Home', 2, 3, 'ltr')).toBe(0);
    expect(thumbnailIndexForKey('End', 0, 3, 'ltr')).toBe(2);
    expect(thumbnailIndexForKey('Enter', 0, 3, 'ltr')).toBeNull();
  });

  it('follows the reading direction in right-to-left layouts', () => {
    expect(thumbnailIndexForKey('ArrowLeft', 0, 3, 'rtl')).toBe(1);
    expect(thumbnailIndexForKey('ArrowRight', 0, 3, 'rtl')).toBe(2);
  });
});

describe('review input', () => {
  const valid = { productId: 3, rating: 4, review: 'Solid and well finished.' };

  it('accepts a whole rating 1–5 and trims the text', () => {
    expect(reviewInputSchema.parse({ ...valid, review: '  Nice  ' }).review).toBe('Nice');
  });

  it.each([0, 6, 2.5])('asks to choose a rating for %s', (rating) => {
    const result = reviewInputSchema.safeParse({ ...valid, rating });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Choose a rating from 1 to 5 stars']);
  });

  it('wants some text, at most 2,000 characters', () => {
    expect(reviewInputSchema.safeParse({ ...valid, review: '   ' }).error?.issues[0]?.message).toBe('Write your review');
    expect(reviewInputSchema.safeParse({ ...valid, review: 'x'.repeat(2000) }).success).toBe(true);
    expect(reviewInputSchema.safeParse({ ...valid, review: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('Use at most 2,000 characters');
  });
});
