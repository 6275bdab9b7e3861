import type { Pool } from './pool';

/**
 * New records' ids, taken from the shop's counter a block at a time (one committed statement per
 * block on the small id pool) and handed out from memory: a creation needs no round trip of its
 * own, and never waits on the counter row a concurrent write holds. Ids stay unique across server
 * copies (each takes its own blocks); a block left unused when the process ends leaves a gap,
 * which record ids may have (numbers a person reads, INV-… and #IN…, are taken in the write's
 * transaction instead, without gaps).
 *
 * A block is checked once against the records when it is taken (the counter is a kind's, named
 * as the kind): an id a record already has (a shop whose records came with their own ids) is
 * skipped, so a write need not ask again for each id it is given (PgShopRecords answers `has`
 * for such an id without a query).
 */
export class IdBlocks {
  private readonly blocks = new Map<string, { next: number; end: number; taken: Set<number> }>();
  private readonly taking = new Map<string, Promise<void>>();

  constructor(
    private readonly pool: Pick<Pool, 'query'>,
    private readonly size = 100,
  ) {}

  async take(shopId: string, counter: string): Promise<number> {
    const key = `${shopId}\u0000${counter}`;
    for (;;) {
      const block = this.blocks.get(key);
      while (block && block.next <= block.end && block.taken.has(block.next)) block.next++;
      if (block && block.next <= block.end) return block.next++;
      let taking = this.taking.get(key);
      if (!taking) {
        taking = this.takeBlock(shopId, counter, key).finally(() => this.taking.delete(key));
        this.taking.set(key, taking);
      }
      await taking;
    }
  }

  private async takeBlock(shopId: string, counter: string, key: string): Promise<void> {
    const { rows } = await this.pool.query<{ value: string }>({
      name: 'take-id-block',
      text: `INSERT INTO counters (shop_id, name, value) VALUES ($1, $2, $3)
       ON CONFLICT (shop_id, name) DO UPDATE SET value = counters.value + $3 RETURNING value`,
      values: [shopId, counter, this.size],
    });
    const end = Number(rows[0]!.value);
    const start = end - this.size + 1;
    const ids = Array.from({ length: this.size }, (_, i) => String(start + i));
    const existing = await this.pool.query<{ id: string }>({
      name: 'ids-already-held',
      text: 'SELECT id FROM records WHERE shop_id = $1 AND kind = $2 AND id = ANY($3::text[])',
      values: [shopId, counter, ids],
    });
    this.blocks.set(key, { next: start, end, taken: new Set(existing.rows.map((row) => Number(row.id))) });
  }
}
