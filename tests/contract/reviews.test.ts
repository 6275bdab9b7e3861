import { describe, it, expect, beforeEach } from 'vitest';
import { createTestApi } from './harness';
import { seedReviews } from '../../seed/reviews';
import { expectError, newestFirst } from './helpers';

const sorted = newestFirst(seedReviews, (r) => r.createdAt);

let api: ReturnType<typeof createTestApi>;
beforeEach(() => {
  api = createTestApi();
});

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

  it('?productId= narrows to that product, newest first', async () => {
    const expected = sorted.filter((r) => r.productId === 2);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(seedReviews.length);
    const res = await api.call('GET', '/api/reviews?productId=2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reviews: expected });
  });

  it('?productId= of a product without reviews is an empty list', async () => {
    const res = await api.call('GET', '/api/reviews?productId=999');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reviews: [] });
  });

  it('a non-numeric productId is a 400', async () => {
    expectError(await api.call('GET', '/api/reviews?productId=abc'), 400);
  });
});
