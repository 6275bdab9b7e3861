import { validate } from '../errors';
import { reviewInputSchema, reviewVoteBodySchema, type Review, type ReviewImport, type ReviewVote } from '../schema/review';
import { DEFAULT_USER_IMAGE } from '../schema/images';
import { bodyObject } from './server-fields';

export const REVIEW_NOT_FOUND = 'Review not found';

/** Who writes: the signed-in admin, as their token names them. */
export interface Author {
  uid: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

/** `POST /api/reviews`: the review to store (its product must exist: the caller checks). */
export function reviewToCreate(body: unknown, author: Author, now: string): Omit<Review, 'id'> {
  const input = validate(reviewInputSchema, bodyObject(body));
  const user = { id: author.uid, name: author.name ?? author.email ?? 'Admin', image: author.picture ?? DEFAULT_USER_IMAGE };
  return { ...input, createdAt: now, user, likes: 0, dislikes: 0 };
}

/** `POST /api/reviews/bulk`: an imported review as stored, its author and date as sent (its product must exist: the caller checks). */
export function importedReview(input: ReviewImport): Omit<Review, 'id'> {
  const { productId, createdAt, rating, review, user, likes, dislikes } = input;
  return { productId, createdAt, rating, review, user: { id: user.id, image: user.image, name: user.name }, likes, dislikes };
}

/** `PUT /api/reviews` body: the rating and the text, as a new review gives them. */
export const reviewEditSchema = reviewInputSchema.pick({ rating: true, review: true }).strict();

/** `PUT /api/reviews?id=`: the review with its rating and text edited (its product's rating follows: the caller recomputes it). */
export function reviewEdited(current: Review, body: unknown): Review {
  return { ...current, ...validate(reviewEditSchema, bodyObject(body)) };
}

/** The review with the caller's vote set to `vote` (null: none); the counts follow. */
export function reviewVoted(review: Review, body: unknown): Review {
  const { vote } = validate(reviewVoteBodySchema, bodyObject(body));
  return withVote(review, vote);
}

function withVote(review: Review, vote: ReviewVote | null): Review {
  const { myVote: previous, ...rest } = review;
  const next = vote === previous ? null : vote;
  const counts = { likes: review.likes, dislikes: review.dislikes };
  if (previous === 'like') counts.likes = Math.max(0, counts.likes - 1);
  if (previous === 'dislike') counts.dislikes = Math.max(0, counts.dislikes - 1);
  if (next === 'like') counts.likes++;
  if (next === 'dislike') counts.dislikes++;
  return { ...rest, ...counts, ...(next ? { myVote: next } : {}) };
}
