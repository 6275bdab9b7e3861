/**
 * One write of a shop at a time in this server process, from taking the shop's version to the
 * COMMIT. PostgreSQL's lock on the version row already orders the writes; without this, every
 * waiting connection queues on that row and each COMMIT wakes them all to contend again, which
 * costs PostgreSQL more CPU than the writes themselves when many clients push at once. Waiting
 * here costs nothing; at most one connection per server copy waits in PostgreSQL.
 *
 * A turn is only an optimisation: after `maxWaitMs` a write goes on without it (the row lock
 * still orders it), so no wait here can ever hold a write forever.
 */
export class ShopWriteTurns {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly maxWaitMs = 5_000) {}

  /** Waits for the shop's turn and answers the function that ends it (safe to call twice). */
  async take(shopId: string): Promise<() => void> {
    const previous = this.tails.get(shopId) ?? Promise.resolve();
    let end!: () => void;
    const mine = new Promise<void>((resolve) => (end = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(shopId, tail);
    void tail.then(() => {
      if (this.tails.get(shopId) === tail) this.tails.delete(shopId);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([previous, new Promise<void>((resolve) => (timer = setTimeout(resolve, this.maxWaitMs)))]);
    clearTimeout(timer);
    return end;
  }

  /** Shops with a write holding or waiting for its turn (for tests). */
  get busyShops(): number {
    return this.tails.size;
  }
}
