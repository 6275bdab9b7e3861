/**
 * At most `width` writes of a shop at a time in this server process, from taking the shop's
 * version to the COMMIT. PostgreSQL's lock on the version row already orders the writes; without
 * this, every waiting connection queues on that row and each COMMIT wakes them all to contend
 * again, which costs PostgreSQL more CPU than the writes themselves when many clients push at
 * once. Two turns (the default) keep one write waiting in PostgreSQL behind the one committing,
 * so it takes the row the moment the COMMIT frees it instead of after a round trip through this
 * process; more would bring the wake-ups back.
 *
 * A turn is only an optimisation: after `maxWaitMs` a write goes on without it (the row lock
 * still orders it), so no wait here can ever hold a write forever.
 */
export class ShopWriteTurns {
  private readonly shops = new Map<string, { holders: number; waiting: Array<() => void> }>();

  constructor(
    private readonly maxWaitMs = 5_000,
    private readonly width = 2,
  ) {}

  /** Waits for one of the shop's turns, in the order asked, and answers the function that ends it (safe to call twice). */
  async take(shopId: string): Promise<() => void> {
    let shop = this.shops.get(shopId);
    if (!shop) {
      shop = { holders: 0, waiting: [] };
      this.shops.set(shopId, shop);
    }
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.release(shopId);
    };
    if (shop.holders < this.width) {
      shop.holders++;
      return end;
    }
    const queue = shop;
    await new Promise<void>((resolve) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      // Past the longest wait: on without a turn (counted as holding one until it ends).
      const timer = setTimeout(() => {
        const at = queue.waiting.indexOf(go);
        if (at >= 0) queue.waiting.splice(at, 1);
        queue.holders++;
        resolve();
      }, this.maxWaitMs);
      queue.waiting.push(go);
    });
    return end;
  }

  private release(shopId: string): void {
    const shop = this.shops.get(shopId);
    if (!shop) return;
    shop.holders--;
    while (shop.holders < this.width && shop.waiting.length > 0) {
      shop.holders++;
      shop.waiting.shift()!();
    }
    if (shop.holders === 0 && shop.waiting.length === 0) this.shops.delete(shopId);
  }

  /** Shops with a write holding or waiting for a turn (for tests). */
  get busyShops(): number {
    return this.shops.size;
  }
}
