import { describe, it, expect, beforeEach, vi } from 'vitest';
import { createAccountsApi, createTestApi, emulatorToken, TEST_CALLER } from './support/harness';
import { seedReviews } from '../../seed/reviews';
import { seedProducts } from '../../seed/products';
import type { Product } from '../../domain/schema/product';
import type { Review } from '../../domain/schema/review';
import { byId, expectError, expectedMeta, expectFieldError, expectNow, freezeClock, newestFirst, newProductBody } from './support/helpers';

const sorted = newestFirst(seedReviews, (r) => r.createdAt);

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

/** The rating rule, computed here independently: mean to one decimal (0 for none), and the count. */
function expectedRating(ratings: readonly number[]): Pick<Product, 'rating' | 'totalReviews'> {
  if (ratings.length === 0) return { rating: 0, totalReviews: 0 };
  return { rating: Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10, totalReviews: ratings.length };
}

/** Every stored product's rating and totalReviews agree with its stored reviews. */
async function expectRatingRuleHolds(): Promise<void> {
  const reviews = await api.db.reviews.toArray();
  for (const product of await api.db.products.toArray()) {
    const ratings = reviews.filter((r) => r.productId === product.id).map((r) => r.rating);
    expect({ rating: product.rating, totalReviews: product.totalReviews }, `product ${product.id}`).toEqual(expectedRating(ratings));
  }
}

const product = async (id: number): Promise<Product> => (await api.call('GET', `/api/products?id=${id}`)).body.product;
const reviewCount = () => api.db.reviews.count();

describe('GET /api/reviews', () => {
  it('answers {reviews}: every seed review, newest first', async () => {
    const res = await api.call('GET', '/api/reviews');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reviews: sorted });
    expect(res.body.reviews).toHaveLength(seedReviews.length);
  });

  it('answers all reviews even when an id is given', async () => {
    const res = await api.call('GET', '/api/reviews?id=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reviews: sorted });
  });

  it('?productId= answers that product\'s reviews newest first, with meta and the summary', async () => {
    const expected = sorted.filter((r) => r.productId === 2);
    expect(expected.length).toBe(4);
    const res = await api.call('GET', '/api/reviews?productId=2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reviews: expected,
      meta: expectedMeta(1, 4),
      summary: { average: byId(seedProducts, 2).rating, total: 4, distribution: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 2 } },
    });
    expect(res.body.summary.average).toBe(4.3);
  });

  it('pages a product\'s reviews (10 by default, pageSize 1–100, odd values fall back to 10)', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await api.call('POST', '/api/reviews', { productId: 9, rating: (i % 5) + 1, review: `Review number ${i}` })).status).toBe(201);
    }
    const all = (await api.db.reviews.where('productId').equals(9).toArray()).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    expect(all).toHaveLength(15);
    const page2 = await api.call('GET', '/api/reviews?productId=9&page=2');
    expect(page2.body.reviews).toEqual(all.slice(10));
    expect(page2.body.meta).toEqual(expectedMeta(2, 15));
    const small = await api.call('GET', '/api/reviews?productId=9&page=3&pageSize=4');
    expect(small.body.reviews).toEqual(all.slice(8, 12));
    expect(small.body.meta).toEqual(expectedMeta(3, 15, 4));
    expect((await api.call('GET', '/api/reviews?productId=9&pageSize=100')).body.reviews).toEqual(all);
    for (const odd of ['0', '101', 'ten', '2.5']) {
      const res = await api.call('GET', `/api/reviews?productId=9&pageSize=${odd}`);
      expect(res.status).toBe(200);
      expect(res.body.meta.pageSize, odd).toBe(10);
    }
    expect((await api.call('GET', '/api/reviews?productId=9&page=9')).body.reviews).toEqual([]);
    const { summary } = page2.body;
    expect(summary.total).toBe(15);
    expect(Object.values(summary.distribution).reduce((a: number, b) => a + (b as number), 0)).toBe(15);
    expect(summary.average).toBe(expectedRating(all.map((r) => r.rating)).rating);
  });

  it("an unknown product is 404 'Product not found'", async () => {
    expectError(await api.call('GET', '/api/reviews?productId=999'), 404, 'Product not found');
  });

  it('a non-numeric productId is a 400', async () => {
    expectError(await api.call('GET', '/api/reviews?productId=abc'), 400);
  });
});

describe('POST /api/reviews', () => {
  freezeClock();

  it("adds the signed-in admin's review and recomputes the product's rating and count", async () => {
    const before = byId(seedProducts, 5);
    const ratings = seedReviews.filter((r) => r.productId === 5).map((r) => r.rating);
    const res = await api.call('POST', '/api/reviews', { productId: 5, rating: 1, review: '  Fell apart in a week.  ' });
    expect(res.status).toBe(201);
    const review: Review = res.body.review;
    expect(review).toEqual({
      id: seedReviews.length + 1,
      productId: 5,
      createdAt: expect.any(String),
      rating: 1,
      review: 'Fell apart in a week.',
      user: { id: TEST_CALLER.uid, name: 'Test Admin', image: '/images/avatars/default.svg' },
      likes: 0,
      dislikes: 0,
    });
    expectNow(review.createdAt);
    const recomputed = { ...before, ...expectedRating([...ratings, 1]) };
    expect(recomputed.rating).not.toBe(before.rating);
    expect(res.body.product).toEqual(recomputed);
    expect(await product(5)).toEqual(recomputed);
    expect((await api.call('GET', '/api/reviews?productId=5')).body.reviews[0]).toEqual(review);
    expect(api.changes).toEqual(['reviews', 'products']);
    await expectRatingRuleHolds();
  });

  it("names the author by the token's name and picture, else its email and the default avatar", async () => {
    const named = createTestApi({ uid: 'u-1', email: 'pat@example.com', name: 'Pat Admin', picture: 'https://example.com/pat.png' });
    const unnamed = createTestApi({ uid: 'u-2', email: 'sam@example.com', name: null, picture: null });
    const body = { productId: 1, rating: 5, review: 'Great' };
    expect((await named.call('POST', '/api/reviews', body)).body.review.user).toEqual({ id: 'u-1', name: 'Pat Admin', image: 'https://example.com/pat.png' });
    expect((await unnamed.call('POST', '/api/reviews', body)).body.review.user).toEqual({ id: 'u-2', name: 'sam@example.com', image: '/images/avatars/default.svg' });
  });

  it("through the worker's entry point, the author comes from the bearer token's claims", async () => {
    const accounts = createAccountsApi();
    const token = emulatorToken('alice', { name: 'Alice Admin', picture: 'https://example.com/alice.png' });
    const res = await accounts.call('POST', '/api/reviews', token, { productId: 3, rating: 4, review: 'Solid.' });
    expect(res.status).toBe(201);
    expect(res.body.review.user).toEqual({ id: 'alice', name: 'Alice Admin', image: 'https://example.com/alice.png' });
  });

  it('without a signed-in caller it is a 401 and nothing changes', async () => {
    const anonymous = createTestApi(null);
    expectError(await anonymous.call('POST', '/api/reviews', { productId: 1, rating: 5, review: 'Great' }), 401);
    expect(await anonymous.db.reviews.count()).toBe(seedReviews.length);
  });

  const valid = { productId: 5, rating: 4, review: 'Fine wallet.' };
  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['rating 0', { ...valid, rating: 0 }, 'rating'],
    ['rating 6', { ...valid, rating: 6 }, 'rating'],
    ['rating 2.5', { ...valid, rating: 2.5 }, 'rating'],
    ['rating as text', { ...valid, rating: '4' }, 'rating'],
    ['an empty review', { ...valid, review: '' }, 'review'],
    ['a review of only spaces', { ...valid, review: '    ' }, 'review'],
    ['a 2001-character review', { ...valid, review: 'x'.repeat(2001) }, 'review'],
    ['no productId', { rating: 4, review: 'Fine' }, 'productId'],
    ['an unknown field', { ...valid, likes: 100 }, 'likes'],
  ];
  for (const [what, body, field] of bad) {
    it(`${what} is a 400 naming ${field}, and nothing changes`, async () => {
      expectFieldError(await api.call('POST', '/api/reviews', body), field);
      expect(await reviewCount()).toBe(seedReviews.length);
      expect(await product(5)).toEqual(byId(seedProducts, 5));
      expect(api.changes).toEqual([]);
    });
  }

  it('a 2000-character review is accepted', async () => {
    const res = await api.call('POST', '/api/reviews', { ...valid, review: 'y'.repeat(2000) });
    expect(res.status).toBe(201);
    expect(res.body.review.review).toHaveLength(2000);
  });

  it("an unknown product is 404 'Product not found', and nothing changes", async () => {
    expectError(await api.call('POST', '/api/reviews', { ...valid, productId: 999 }), 404, 'Product not found');
    expect(await reviewCount()).toBe(seedReviews.length);
    expect(api.changes).toEqual([]);
  });

  it("a deleted (trashed) product is 404 'Product not found'", async () => {
    await api.call('DELETE', '/api/products?id=5');
    const reviewsLeft = await reviewCount();
    expectError(await api.call('POST', '/api/reviews', valid), 404, 'Product not found');
    expect(await reviewCount()).toBe(reviewsLeft);
  });

  it('the review and the rating are one transaction: when the rating cannot be written, the review is not added either', async () => {
    const failing = () => {
      throw new Error('simulated write failure');
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.db.products.hook('updating', failing);
    const res = await api.call('POST', '/api/reviews', { ...valid, rating: 1 });
    api.db.products.hook('updating').unsubscribe(failing);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(res.status).toBe(500);
    expect(await reviewCount()).toBe(seedReviews.length);
    expect(await product(5)).toEqual(byId(seedProducts, 5));
    expect(api.changes).toEqual([]);
    // Once the store writes again, the same review goes in with its rating.
    expect((await api.call('POST', '/api/reviews', { ...valid, rating: 1 })).status).toBe(201);
    expect((await product(5)).totalReviews).toBe(byId(seedProducts, 5).totalReviews + 1);
    await expectRatingRuleHolds();
  });
});

describe('a review that leaves the rounded mean as it was', () => {
  it('still counts: the stored product’s totalReviews goes up by one while its rating stays', async () => {
    const created = await api.call('POST', '/api/products', newProductBody());
    expect(created.status).toBe(201);
    const id = created.body.product.id as number;
    expect((await api.call('POST', '/api/reviews', { productId: id, rating: 4, review: 'Good.' })).status).toBe(201);
    expect(await product(id)).toMatchObject({ rating: 4, totalReviews: 1 });
    // A second 4: the mean, to one decimal, stays 4; the count does not.
    expect((await api.call('POST', '/api/reviews', { productId: id, rating: 4, review: 'Good too.' })).status).toBe(201);
    expect(await api.db.products.get(id)).toMatchObject({ rating: 4, totalReviews: 2 });
    expect(await product(id)).toMatchObject({ rating: 4, totalReviews: 2 });
    await expectRatingRuleHolds();
  });
});

describe('PATCH /api/reviews?id= (votes)', () => {
  const seed4 = byId(seedReviews, 4);
  const vote = async (v: unknown, id = 4) => api.call('PATCH', `/api/reviews?id=${id}`, { vote: v });
  const stored = async () => (await api.db.reviews.get(4))!;

  it('a like counts once and is remembered as myVote; liking again takes it back', async () => {
    const liked = await vote('like');
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ review: { ...seed4, likes: seed4.likes + 1, myVote: 'like' } });
    expect(await stored()).toEqual(liked.body.review);
    expect(api.changes).toEqual(['reviews']);
    const again = await vote('like');
    expect(again.body.review).toEqual(seed4);
    expect(await stored()).toEqual(seed4);
    expect('myVote' in (await stored())).toBe(false);
  });

  it('switching from like to dislike moves the vote; null removes it', async () => {
    await vote('like');
    const disliked = (await vote('dislike')).body.review;
    expect(disliked).toEqual({ ...seed4, dislikes: seed4.dislikes + 1, myVote: 'dislike' });
    expect((await vote(null)).body.review).toEqual(seed4);
    expect((await vote(null)).body.review).toEqual(seed4);
    expect(await stored()).toEqual(seed4);
  });

  it('the vote shows in the product\'s review list', async () => {
    await vote('dislike');
    const listed = (await api.call('GET', '/api/reviews?productId=2')).body.reviews.find((r: Review) => r.id === 4);
    expect(listed).toEqual({ ...seed4, dislikes: seed4.dislikes + 1, myVote: 'dislike' });
  });

  it("an unknown review is 404 'Review not found'; a bad vote or a missing id is a 400; nothing changes", async () => {
    expectError(await vote('like', 999), 404, 'Review not found');
    expectFieldError(await vote('love'), 'vote');
    expectFieldError(await api.call('PATCH', '/api/reviews?id=4', {}), 'vote');
    expectError(await api.call('PATCH', '/api/reviews', { vote: 'like' }), 400, 'Invalid request');
    expect(await stored()).toEqual(seed4);
    expect(api.changes).toEqual([]);
  });
});

describe('PUT /api/reviews?id= (edit)', () => {
  it('200 { review, product }: the rating and text replaced, the rest kept; the product\'s rating follows in the same write', async () => {
    const before = byId(seedReviews, 4);
    const res = await api.call('PUT', '/api/reviews?id=4', { rating: before.rating === 1 ? 5 : 1, review: 'Changed my mind' });
    expect(res.status).toBe(200);
    expect(res.body.review).toEqual({ ...before, rating: before.rating === 1 ? 5 : 1, review: 'Changed my mind' });
    expect(await api.db.reviews.get(4)).toEqual(res.body.review);
    expect(res.body.product).toEqual(await product(before.productId));
    await expectRatingRuleHolds();
    expect(api.changes).toEqual(expect.arrayContaining(['reviews', 'products']));
  });

  it('404 for an unknown review; 400 for a missing id, a field it does not take, a rating out of range', async () => {
    expectError(await api.call('PUT', '/api/reviews?id=99999', { rating: 3, review: 'x' }), 404, 'Review not found');
    expectError(await api.call('PUT', '/api/reviews', { rating: 3, review: 'x' }), 400, /^Invalid request/);
    expectFieldError(await api.call('PUT', '/api/reviews?id=4', { rating: 3, review: 'x', productId: 2 }), 'productId');
    expectFieldError(await api.call('PUT', '/api/reviews?id=4', { rating: 6, review: 'x' }), 'rating');
    expect(await api.db.reviews.get(4)).toEqual(byId(seedReviews, 4));
  });
});

describe('DELETE /api/reviews?id=', () => {
  it("removes the review and answers it with the product's recomputed rating", async () => {
    const seed17 = byId(seedReviews, 17);
    const res = await api.call('DELETE', '/api/reviews?id=17');
    expect(res.status).toBe(200);
    const rest = seedReviews.filter((r) => r.productId === 6 && r.id !== 17).map((r) => r.rating);
    const recomputed = { ...byId(seedProducts, 6), ...expectedRating(rest) };
    expect(recomputed.rating).not.toBe(byId(seedProducts, 6).rating);
    expect(res.body).toEqual({ review: seed17, product: recomputed });
    expect(await product(6)).toEqual(recomputed);
    expect(await api.db.reviews.get(17)).toBeUndefined();
    expect(api.changes).toEqual(['reviews', 'products']);
    await expectRatingRuleHolds();
  });

  it('removing every review of a product leaves it rated 0 with 0 reviews', async () => {
    for (const r of seedReviews.filter((r) => r.productId === 3)) expect((await api.call('DELETE', `/api/reviews?id=${r.id}`)).status).toBe(200);
    expect(await product(3)).toEqual({ ...byId(seedProducts, 3), rating: 0, totalReviews: 0 });
    const res = await api.call('GET', '/api/reviews?productId=3');
    expect(res.body).toEqual({ reviews: [], meta: expectedMeta(1, 0), summary: { average: 0, total: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } } });
  });

  it("an unknown review is 404 'Review not found'; a missing id is a 400; nothing changes", async () => {
    expectError(await api.call('DELETE', '/api/reviews?id=999'), 404, 'Review not found');
    expectError(await api.call('DELETE', '/api/reviews'), 400, 'Invalid request');
    expect(await reviewCount()).toBe(seedReviews.length);
    expect(api.changes).toEqual([]);
  });
});
