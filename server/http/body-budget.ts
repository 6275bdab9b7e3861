import { mostHeapOf } from './json-cost';

/** Bodies up to this size (every route's but the push's) never wait behind large ones. */
const SMALL_BODY = 64 * 1024;
/** What small bodies may hold beyond the budget, so that a device's everyday push never waits behind an import. */
const SMALL_BODIES_RESERVE = 8 * 1024 * 1024;
/** What is set aside for a small body (the most it may cost). */
export const SMALL_SET_ASIDE = mostHeapOf(SMALL_BODY);

interface Waiter {
  bytes: number;
  resolve: (taken: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * The heap the bodies being handled may hold at once, by their estimated cost (json-cost.ts): a
 * body is counted from before it is read until its answer is sent. A body that does not fit
 * waits its turn (first come, first served) for at most `waitMs`, its socket unread meanwhile;
 * then it is refused with 503 and Retry-After. Waiting, not refusing at once: a few large pushes
 * arriving together are taken one after the other instead of all but one failing.
 */
export class BodyBudget {
  private used = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly limit: number,
    readonly waitMs: number,
  ) {}

  private fits(bytes: number): boolean {
    return this.used === 0 || this.used + bytes <= this.limit + (bytes <= SMALL_SET_ASIDE ? SMALL_BODIES_RESERVE : 0);
  }

  /** Takes `bytes` now, or once they fit; false when they did not within `waitMs`. */
  take(bytes: number): Promise<boolean> | true {
    if (this.fits(bytes) && (this.waiting.length === 0 || bytes <= SMALL_SET_ASIDE)) {
      this.used += bytes;
      return true;
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        bytes,
        resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          resolve(false);
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.bytes)) {
      const next = this.waiting.shift()!;
      clearTimeout(next.timer);
      this.used += next.bytes;
      next.resolve(true);
    }
  }

  get inUse(): number {
    return this.used;
  }

  get queued(): number {
    return this.waiting.length;
  }
}
