import { formatMoney, formatNumber, formatPercent } from '@/i18n/format';
import { t } from '@/i18n/i18n';
import type { Product } from '@schema/product';
import type { Review, ReviewVote } from '@schema/review';
import { rovingIndex } from '@/lib/roving-index';
import { STAR_VALUES, type ReviewsPage, type ReviewSummary, type StarValue } from '../../overview-api';

/** Under this many in stock the count is shown in amber, and under LOW_STOCK in red (as in the products list). */
export const FEW_LEFT = 20;
export const LOW_STOCK = 5;

export type StockTone = 'ok' | 'few' | 'low' | 'out';

/** "In stock", "Low stock: 3 left" or "Out of stock" in the current language (the products area loaded), and how urgent it looks. */
export function stockState(stock: number): { label: string; tone: StockTone } {
  if (stock <= 0) return { label: t('products.stock.out'), tone: 'out' };
  if (stock < LOW_STOCK) return { label: t('products.stock.low', { count: stock, formatted: formatNumber(stock) }), tone: 'low' };
  if (stock < FEW_LEFT) return { label: t('products.stock.low', { count: stock, formatted: formatNumber(stock) }), tone: 'few' };
  return { label: t('products.stock.in'), tone: 'ok' };
}


export interface PriceDisplay {
  /** What the customer pays. */
  current: string;
  /** The price before the discount; null without one. */
  original: string | null;
  /** "10% off"; null without a discount. */
  discount: string | null;
}

/** The discounted price, with the original and "N% off" when there is a discount. */
export function priceDisplay(price: number, discountPercent: number): PriceDisplay {
  if (discountPercent <= 0) return { current: formatMoney(price), original: null, discount: null };
  // In whole cents, so 79.99 at 10% off is $71.99 rather than a float's $71.991 rounded by the formatter.
  const discountedCents = Math.round((price * 100 * (100 - discountPercent)) / 100);
  return {
    current: formatMoney(discountedCents / 100),
    original: formatMoney(price),
    discount: t('products.price.off', { percent: formatPercent(discountPercent / 100) }),
  };
}

/** "4.3 out of 5". */
export const ratingText = (rating: number) => t('products.rating.outOf5', { rating: formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });

/** "(1 review)", "(12 reviews)". */
export const reviewCountText = (count: number) => t('products.rating.reviewCount', { count, formatted: formatNumber(count) });

// Shared with the customer portal's product page.
export { starsLabel } from '@/components/star-icons';

export interface DistributionRow {
  stars: StarValue;
  count: number;
  /** Share of all reviews, 0–100 (0 when there are none). */
  percent: number;
}

/** One bar per star value, 5 down to 1. */
export function distributionRows({ distribution, total }: ReviewSummary): DistributionRow[] {
  return STAR_VALUES.map((stars) => {
    const count = distribution[`${stars}`];
    return { stars, count, percent: total > 0 ? Math.round((count / total) * 100) : 0 };
  });
}

/** Clicking the vote the admin already gave takes it back; the other one switches to it. */
export const nextVote = (current: ReviewVote | undefined, clicked: ReviewVote): ReviewVote | null => (current === clicked ? null : clicked);

/** The product's recomputed rating and count, with one more or one fewer review of `rating` stars. */
function summaryAfter(summary: ReviewSummary, product: Product, rating: number, change: 1 | -1): ReviewSummary {
  const key = `${rating}` as `${StarValue}`;
  return {
    average: product.rating,
    total: product.totalReviews,
    distribution: { ...summary.distribution, [key]: Math.max(0, summary.distribution[key] + change) },
  };
}

/** The page once `review` is published: first on page 1 (newest first), and counted in the summary. */
export function withPublishedReview(page: ReviewsPage, review: Review, product: Product): ReviewsPage {
  const onFirstPage = page.meta.page === 1;
  return {
    reviews: onFirstPage ? [review, ...page.reviews].slice(0, page.meta.pageSize) : page.reviews,
    meta: { ...page.meta, total: page.meta.total + 1 },
    summary: summaryAfter(page.summary, product, review.rating, 1),
  };
}

/** The page once `review` is deleted. */
export function withoutReview(page: ReviewsPage, review: Review, product: Product): ReviewsPage {
  return {
    reviews: page.reviews.filter((shown) => shown.id !== review.id),
    meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
    summary: summaryAfter(page.summary, product, review.rating, -1),
  };
}

/** The page with `review` as the API now has it (after a vote). */
export const withUpdatedReview = (page: ReviewsPage, review: Review): ReviewsPage => ({
  ...page,
  reviews: page.reviews.map((shown) => (shown.id === review.id ? review : shown)),
});

/**
 * Which thumbnail an arrow key (or Home/End) moves to, wrapping around; arrows follow the
 * reading direction, so in right-to-left layouts ArrowLeft goes to the next image. null: not a move key.
 */
export function thumbnailIndexForKey(key: string, index: number, count: number, direction: 'ltr' | 'rtl'): number | null {
  return rovingIndex(key, index, count, { arrows: 'both', rtl: direction === 'rtl', homeEnd: true });
}
