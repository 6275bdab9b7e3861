import { z } from 'zod';
import { isoDate } from './common';

export const reviewVotes = ['like', 'dislike'] as const;
export const reviewVoteSchema = z.enum(reviewVotes);
export type ReviewVote = z.infer<typeof reviewVoteSchema>;

export const MAX_REVIEW_LENGTH = 2000;

export const reviewSchema = z.object({
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  createdAt: isoDate,
  rating: z.number().int().min(1).max(5),
  review: z.string().max(5000),
  /** The author: a seed user (numeric id) or the signed-in admin who wrote it (their account uid). */
  user: z.object({ id: z.union([z.number().int().positive(), z.string().min(1).max(128)]), image: z.string(), name: z.string() }),
  likes: z.number().int().nonnegative(),
  dislikes: z.number().int().nonnegative(),
  /** This account's vote on the review (one admin per account database); absent when none. */
  myVote: reviewVoteSchema.optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** `POST /api/reviews`: the author is the caller, the date now; likes and dislikes start at 0. */
const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';

export const reviewInputSchema = z
  .object({
    productId: z.number().int('Product id must be a whole number').positive('Product id must be positive').max(Number.MAX_SAFE_INTEGER),
    rating: z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
    review: z.string().trim().min(1, 'Write your review').max(MAX_REVIEW_LENGTH, 'Use at most 2,000 characters'),
  })
  .strict();
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/**
 * `POST /api/reviews/bulk` (an admin's import, a new shop started with a device's data): a
 * stored review without its id, keeping its author and date as written; votes default to 0.
 */
export const reviewImportSchema = reviewSchema
  .omit({ id: true, myVote: true })
  .extend({ productId: reviewInputSchema.shape.productId, rating: reviewInputSchema.shape.rating, likes: reviewSchema.shape.likes.default(0), dislikes: reviewSchema.shape.dislikes.default(0) })
  .strict();
export type ReviewImport = z.infer<typeof reviewImportSchema>;

/** `PATCH /api/reviews?id=`: the caller's vote; the same vote again, or null, removes it. */
export const reviewVoteBodySchema = z.object({ vote: reviewVoteSchema.nullable() }).strict();

/** A product's rating summary: the mean (1 decimal), the count and how many reviews gave each star. */
export interface ReviewSummary {
  average: number;
  total: number;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
}
