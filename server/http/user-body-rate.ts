import { RetryLater } from './retry-later';

/**
 * The work of request bodies one user may make a copy do a minute, in bytes of estimated heap
 * (json-cost.ts): a bucket per user that refills at `perMinute` and holds at most `burst` (the
 * most one body may cost, by default: a user starts with one, not a minute's worth at once).
 * A body's declared length is taken before it is read (429 with Retry-After when the bucket
 * holds less); once its cost is known, the rest of its estimate is charged, and the bucket may
 * go below zero for it. The request rate counts requests, not their weight: eight accounts each
 * sending dense 8 MB pushes at 1,200 requests a minute kept a copy's event loop busy scanning and
 * parsing, and every honest push waited behind them.
 */
export class UserBodyRate {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private sweptAt: number;

  constructor(
    readonly perMinute: number,
    readonly burst: number = perMinute,
    private readonly now: () => number = Date.now,
  ) {
    this.sweptAt = now();
  }

  private bucketOf(uid: string): { tokens: number; at: number } {
    const now = this.now();
    this.sweep(now);
    const bucket = this.buckets.get(uid);
    if (!bucket) {
      const fresh = { tokens: this.burst, at: now };
      this.buckets.set(uid, fresh);
      return fresh;
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000);
    bucket.at = now;
    return bucket;
  }

  /**
   * Takes `bytes` from `uid`'s bucket, or throws a 429 saying when there will be enough. A body
   * larger than the whole bucket is taken when the bucket is full (a setting below the push limit
   * slows such pushes; it never forbids them).
   */
  take(uid: string, bytes: number): void {
    const bucket = this.bucketOf(uid);
    const needed = Math.min(bytes, this.burst);
    if (bucket.tokens < needed) {
      const seconds = Math.max(1, Math.ceil(((needed - bucket.tokens) * 60) / this.perMinute));
      throw new RetryLater(429, `Your account has sent more data than a device does in a minute: try again in ${seconds} s`, seconds);
    }
    bucket.tokens -= bytes;
  }

  /** Charges what a body turned out to cost beyond what was taken (never refused: it has been read). */
  charge(uid: string, bytes: number): void {
    if (bytes > 0) this.bucketOf(uid).tokens -= bytes;
  }

  /** What `uid` may send now. */
  left(uid: string): number {
    return this.bucketOf(uid).tokens;
  }

  /** How many users' buckets are kept. */
  get tracked(): number {
    return this.buckets.size;
  }

  /** Forgets, once a minute, the buckets that have refilled (as good as new): memory follows the users of the last minute. */
  private sweep(now: number): void {
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [uid, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) * this.perMinute) / 60_000 >= this.burst) this.buckets.delete(uid);
    }
  }
}
