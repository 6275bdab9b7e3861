import { RetryLater } from '../http/retry-later';

export interface PullTurnsLimits {
  /** Pulls reading at once on this copy. */
  inFlight: number;
  /** Pulls waiting for a turn; one more is refused at once (503 with Retry-After). */
  queued: number;
  /** The longest a pull waits for a turn before it is refused (503 with Retry-After). */
  maxWaitMs: number;
}

/**
 * At most `inFlight` pulls of this copy reading at once, the others waiting their turn in the
 * order they came (at most `queued` of them, each at most `maxWaitMs`). A change every customer
 * sees wakes every device at once: unbounded, their pulls would all wait in the connection pool's
 * queue, ahead of the pushes, until its connection timeout answered them 503. A turn ends when
 * the pull's answer is ready.
 */
export class PullTurns {
  private holders = 0;
  private readonly waiting: Array<(() => void) | undefined> = [];
  private head = 0;
  private waitingCount = 0;
  /** Pulls refused (queue full, or waited too long), for `/metrics`. */
  refused = 0;

  constructor(readonly limits: PullTurnsLimits) {}

  /** Waits for a turn and answers the function that ends it (safe to call twice); a RetryLater 503 when none comes in time. */
  async take(): Promise<() => void> {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.release();
    };
    if (this.holders < this.limits.inFlight) {
      this.holders++;
      return end;
    }
    if (this.queued >= this.limits.queued) throw this.refuse();
    const at = this.waiting.length;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting[at] = undefined;
        this.waitingCount--;
        reject(this.refuse());
      }, this.limits.maxWaitMs);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.waitingCount++;
    });
    return end;
  }

  private refuse(): RetryLater {
    this.refused++;
    return new RetryLater(503, 'The server is answering many pulls at once: try again in a moment', 1);
  }

  private release(): void {
    this.holders--;
    while (this.holders < this.limits.inFlight && this.head < this.waiting.length) {
      const next = this.waiting[this.head++];
      if (next) {
        this.waitingCount--;
        this.holders++;
        next();
      }
    }
    // The queue's array is reset once drained (it only grows while pulls wait).
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    }
  }

  /** Pulls reading now. */
  get inFlight(): number {
    return this.holders;
  }

  /** Pulls waiting for a turn. */
  get queued(): number {
    return this.waitingCount;
  }
}
