import { z } from 'zod';
import { isoDate } from './common';

/** How the signed-in admin voted on a review (one vote per review). */
export const reviewVotes = ['like', 'dislike'] as const;
export const reviewVoteSchema = z.enum(reviewVotes);
export type ReviewVote = z.infer<typeof reviewVoteSchema>;

export const reviewSchema = z.object({
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  createdAt: isoDate,
  rating: z.number().int().min(1).max(5),
  review: z.string().max(5000),
  // Seed authors are users (number ids); a review written here is by the signed-in admin (uid string).
  user: z.object({ id: z.union([z.number().int().positive(), z.string().min(1)]), image: z.string(), name: z.string() }),
  likes: z.number().int().nonnegative(),
  dislikes: z.number().int().nonnegative(),
  myVote: reviewVoteSchema.optional(),
});
export type Review = z.infer<typeof reviewSchema>;

const RATING_MESSAGE = 'Choose a rating';

/** POST /api/reviews body; the author, date and counts come from the server. */
export const reviewInputSchema = z.object({
  productId: z.number().int().positive(),
  rating: z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  review: z.string().trim().min(1, 'Write your review').max(2000, 'Use at most 2,000 characters'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
