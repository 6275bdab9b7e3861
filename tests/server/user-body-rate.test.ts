/** Each user's bucket of body bytes (server/http/user-body-rate.ts), on a clock of the test's own. */
import { describe, expect, it } from 'vitest';
import { RetryLater } from '../../server/http/retry-later';
import { UserBodyRate } from '../../server/http/user-body-rate';

const MB = 1024 * 1024;

function refusal(take: () => void): RetryLater | undefined {
  try {
    take();
    return undefined;
  } catch (error) {
    if (error instanceof RetryLater) return error;
    throw error;
  }
}

describe('a user’s bytes of bodies a minute', () => {
  it('starts with a burst, refills at the rate, and says when there will be enough', () => {
    let now = 0;
    const rate = new UserBodyRate(60 * MB, 20 * MB, () => now);
    rate.take('ann', 15 * MB);
    const refused = refusal(() => rate.take('ann', 10 * MB));
    expect(refused?.status).toBe(429);
    // 5 MB left, 10 MB wanted: 5 MB more at 1 MB a second.
    expect(refused?.retryAfterSeconds).toBe(5);
    // Another user is not held back.
    rate.take('bob', 20 * MB);
    now += 5_000;
    rate.take('ann', 10 * MB);
    // Never more than the burst, however long the wait.
    now += 600_000;
    expect(rate.left('ann')).toBe(20 * MB);
  });

  it('a body larger than the burst is taken when the bucket is full, and what a body cost beyond its length is charged after', () => {
    let now = 0;
    const rate = new UserBodyRate(60 * MB, 8 * MB, () => now);
    rate.take('cat', 30 * MB);
    expect(rate.left('cat')).toBe(-22 * MB);
    expect(refusal(() => rate.take('cat', 1))?.retryAfterSeconds).toBe(23);
    now += 30_000;
    rate.charge('cat', 4 * MB);
    expect(rate.left('cat')).toBe(4 * MB);
  });

  it('forgets users whose buckets have refilled', () => {
    let now = 0;
    const rate = new UserBodyRate(60 * MB, 10 * MB, () => now);
    for (let i = 0; i < 1000; i++) rate.take(`user-${i}`, MB);
    now += 61_000;
    rate.take('dan', MB);
    expect(rate.tracked).toBe(1);
  });
});
