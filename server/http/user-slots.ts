import { RetryLater } from './retry-later';

/**
 * How many of something one user holds at once (pushes in flight, open event streams), capped
 * per user: one account cannot take every pool connection or every socket of a copy.
 */
export class UserSlots {
  private readonly held = new Map<string, number>();

  constructor(
    readonly max: number,
    private readonly what: string,
  ) {}

  /** A slot for `uid`, with its release (call it once), or a 429 when the user holds `max` already. */
  take(uid: string): () => void {
    const count = this.held.get(uid) ?? 0;
    if (count >= this.max) throw new RetryLater(429, `Too many ${this.what} at once from your account (at most ${this.max}): try again in a moment`, 1);
    this.held.set(uid, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(uid) ?? 1) - 1;
      if (left <= 0) this.held.delete(uid);
      else this.held.set(uid, left);
    };
  }

  heldBy(uid: string): number {
    return this.held.get(uid) ?? 0;
  }
}
