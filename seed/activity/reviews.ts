import type { Review } from '../../domain/schema/review';
import type { User } from '../../domain/schema/user';
import { DAY_MS } from '../../domain/units';
import type { CatalogProduct } from './orders';
import type { Random } from './random';

/*
 * Reviews on most of the shop's products by the sample customers, over the year. Each product
 * has a quality of its own; each review's stars scatter around it and its text says what its
 * stars say. The products' `rating` and `totalReviews` are not set here: the worker applies
 * the rating rule (sw/api/reviews/product-rating.ts) after storing them, as every review write does.
 */

/** Share of the products that get reviews. */
export const REVIEWED_SHARE = 0.85;

const TEXTS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  5: ['Exactly as described, and it arrived early. Would buy again.', 'Excellent quality for the price. Very happy with it.', 'Love it — I have already recommended it to friends.'],
  4: ['Good product, does what it should. Packaging could be better.', 'Very nice overall; delivery took a day longer than promised.', 'Solid quality. One small scratch, otherwise great.'],
  3: ['It is fine. Nothing special, nothing wrong.', 'Average quality; it does the job.', 'Okay for the price, but I expected a little more.'],
  2: ['Not what I hoped for: the material feels cheap.', 'Arrived late and smaller than it looked in the pictures.', 'Works, but the finish is poor.'],
  1: ['Broke within a week. I asked for a refund.', 'Very disappointed: it did not match the description at all.', 'Poor quality, would not recommend.'],
};

/** Stars scattered around the product's quality (3.2–4.8), whole, 1–5. */
function stars(random: Random, quality: number): 1 | 2 | 3 | 4 | 5 {
  const spread = (random.next() + random.next() + random.next() - 1.5) * 1.6;
  return Math.min(5, Math.max(1, Math.round(quality + spread))) as 1 | 2 | 3 | 4 | 5;
}

export function sampleReviews(random: Random, now: number, products: readonly CatalogProduct[], authors: readonly User[], perProduct: number): Array<Omit<Review, 'id'>> {
  if (authors.length === 0) return [];
  const reviews: Array<Omit<Review, 'id'>> = [];
  for (const product of products) {
    if (!random.chance(REVIEWED_SHARE)) continue;
    const quality = 3.2 + random.next() * 1.6;
    const count = random.between(Math.ceil(perProduct / 3), perProduct);
    for (let n = 0; n < count; n++) {
      const rating = stars(random, quality);
      const author = random.pick(authors);
      reviews.push({
        productId: product.id,
        createdAt: new Date(now - random.int(365 * DAY_MS)).toISOString(),
        rating,
        review: random.pick(TEXTS[rating]),
        user: { id: author.id, image: author.image, name: author.name },
        likes: random.int(12),
        dislikes: random.int(3),
      });
    }
  }
  return reviews;
}
