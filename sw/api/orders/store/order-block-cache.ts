import type { ShopDb } from '../../storage/db';
import { blockOf, decodeBlock, findOrder } from './order-blocks';
import type { Order } from '../../../../domain/schema/order';

/** A block with its orders decoded. */
export interface DecodedBlock {
  id: number;
  orders: Order[];
}

/** Blocks kept decoded in memory (most recently used): 64 blocks are 6,400 orders, a few MB. */
const CACHED_BLOCKS = 64;
/**
 * The order blocks a store reads, decoded, the most recently used kept in memory; and fresh
 * reads for a write's transaction, which never change the cached lists in place.
 */
export class OrderBlockCache {
  private readonly cache = new Map<number, Order[]>();

  constructor(
    private readonly db: ShopDb,
    /** Counts the blocks read from IndexedDB outside a write (the store's stats). */
    private readonly counted: (blocks: number) => void,
  ) {}

  /** The orders with these ids, in this order (ids with no order are skipped). */
  async ordersById(ids: readonly number[]): Promise<Order[]> {
    const wanted = [...new Set(ids.map(blockOf))];
    const blocks = new Map(wanted.map((id, i) => [id, i]));
    const lists = await this.blocks(wanted);
    const rows: Order[] = [];
    for (const id of ids) {
      const order = findOrder(lists[blocks.get(blockOf(id))!] ?? [], id);
      if (order) rows.push(order);
    }
    return rows;
  }

  /** The orders of these blocks (undefined for a block with none), from the cache or IndexedDB. */
  async blocks(ids: readonly number[]): Promise<Array<Order[] | undefined>> {
    const missing = ids.filter((id) => !this.cache.has(id));
    if (missing.length > 0) {
      this.counted(missing.length);
      const read = await this.db.orderBlocks.bulkGet(missing);
      read.forEach((block, i) => {
        if (block) this.remember(missing[i]!, decodeBlock(block));
      });
    }
    return ids.map((id) => {
      const orders = this.cache.get(id);
      if (orders) this.remember(id, orders);
      return orders;
    });
  }

  /** The blocks of these orders that exist, read afresh (inside a write transaction), by block number. */
  async readBlocks(orderIds: readonly number[]): Promise<Map<number, DecodedBlock>> {
    const ids = [...new Set(orderIds.map(blockOf))];
    const read = await this.db.orderBlocks.bulkGet(ids);
    const blocks = new Map<number, DecodedBlock>();
    read.forEach((block, i) => {
      if (block) blocks.set(ids[i]!, { id: ids[i]!, orders: decodeBlock(block) });
    });
    return blocks;
  }

  /** A block's orders read afresh from IndexedDB (inside a write transaction: the cache's lists are not changed in place). */
  async readBlock(id: number): Promise<DecodedBlock | undefined> {
    const block = await this.db.orderBlocks.get(id);
    return block && { id, orders: decodeBlock(block) };
  }

  /** Caches a block's orders as the most recently used, dropping the least recently used past the limit. */
  remember(id: number, orders: Order[]): void {
    this.cache.delete(id);
    this.cache.set(id, orders);
    if (this.cache.size > CACHED_BLOCKS) this.cache.delete(this.cache.keys().next().value!);
  }


  /** After a write committed: emptied blocks leave the cache, cached ones hold their new orders. */
  committed(blocks: readonly DecodedBlock[]): void {
    for (const block of blocks) {
      if (block.orders.length === 0) this.cache.delete(block.id);
      else if (this.cache.has(block.id)) this.remember(block.id, block.orders);
    }
  }

  clear(): void {
    this.cache.clear();
  }
}
