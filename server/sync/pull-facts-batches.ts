import type { Pool } from '../db/pool';
import { pullFactsOf, type PullFacts, type PullFactsQuestion } from '../db/pull-facts';

interface Waiting extends PullFactsQuestion {
  resolve: (facts: PullFacts) => void;
  reject: (error: unknown) => void;
}

interface ShopQueue {
  waiting: Waiting[];
  /** A statement of this shop's is running, or one is to run at the loop's next turn. */
  busy: boolean;
}

/**
 * The facts of the pulls answered from shared pages (sync/pull.ts), read for many pulls of a shop
 * in one statement (db/pull-facts.ts pullFactsOf): a change every customer sees wakes ten
 * thousand devices, and each pull's own statement was a round trip, a statement of PostgreSQL's
 * and a write and a wake-up on both sides. The pulls that come while a shop's statement runs wait
 * for the next one, which takes them all (up to `maxBatch`); a pull that comes to an idle shop
 * goes at the loop's next turn with whatever came in the same turn. No timer: a lone pull waits
 * for nothing but the loop's turn.
 */
export class PullFactsBatches {
  private readonly shops = new Map<string, ShopQueue>();
  /** Statements run, and pulls answered by them (for tests and /metrics). */
  statements = 0;
  answered = 0;

  constructor(
    private readonly pool: Pool,
    private readonly maxBatch = 500,
  ) {}

  facts(shopId: string, question: PullFactsQuestion): Promise<PullFacts> {
    let shop = this.shops.get(shopId);
    if (!shop) this.shops.set(shopId, (shop = { waiting: [], busy: false }));
    const queue = shop;
    return new Promise((resolve, reject) => {
      queue.waiting.push({ ...question, resolve, reject });
      if (!queue.busy) {
        queue.busy = true;
        setImmediate(() => void this.run(shopId, queue));
      }
    });
  }

  private async run(shopId: string, shop: ShopQueue): Promise<void> {
    while (shop.waiting.length) {
      const batch = shop.waiting.splice(0, this.maxBatch);
      this.statements++;
      this.answered += batch.length;
      try {
        const answers = await pullFactsOf(this.pool, shopId, batch);
        batch.forEach((waiting, i) => {
          const answer = answers[i]!;
          if (answer instanceof Error) waiting.reject(answer);
          else waiting.resolve(answer);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    shop.busy = false;
    this.shops.delete(shopId);
  }
}
