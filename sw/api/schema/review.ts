import { z } from 'zod';
import { isoDate } from './common';

export const reviewSchema = z.object({
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  createdAt: isoDate,
  rating: z.number().int().min(1).max(5),
  review: z.string().max(5000),
  user: z.object({ id: z.number().int().positive(), image: z.string(), name: z.string() }),
  likes: z.number().int().nonnegative(),
  dislikes: z.number().int().nonnegative(),
});
export type Review = z.infer<typeof reviewSchema>;
