import type { Table } from 'dexie';
import type { ShopDb } from '../../storage/db';
import { blockOf, decodeBlock, encodeBlock, findOrder, placeOrder, takeOrder } from './order-blocks';
import type { Order } from '../../../../domain/schema/order';
import type { OrderChange } from '../order-aggregates';
import type { OrderDerived, WrittenAggregates } from './order-derived';
import type { OrderIndexSnapshot } from './order-index-snapshot';
import { takePendingIds } from '../../storage/sync-write';
import type { OrderBlockCache, DecodedBlock } from './order-block-cache';
import { allRequests, partition } from '../../storage/transaction-requests';

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

/** What a write's transaction stored: its blocks (emptied ones included), its changes, the aggregates, and its answer. */
export interface Written<R> {
  blocks: readonly DecodedBlock[];
  changes: readonly OrderChange[];
  aggregates: WrittenAggregates;
  result: R;
}

/**
 * The order store's writes (order-store.ts says what each does), each one IndexedDB
 * transaction: the blocks it changes read afresh, then stored with the aggregates
 * (order-derived.ts) and the index snapshot's head (order-index-snapshot.ts). Each answers
 * what it wrote, which the store applies to what it keeps in memory once it has committed;
 * the store runs them one at a time.
 */
export class OrderWrites {
  constructor(
    private readonly db: ShopDb,
    private readonly blockCache: OrderBlockCache,
    private readonly derived: OrderDerived,
    private readonly snapshot: OrderIndexSnapshot,
  ) {}

  /** OrderStore.update's transaction: undefined when there is no such order. */
  async update(id: number, change: (existing: Order) => Order): Promise<Written<Order> | undefined> {
    const { db } = this;
    return db.transaction('rw', db.orderBlocks, db.derived, async () => {
      const block = await this.blockCache.readBlock(blockOf(id));
      const existing = block && findOrder(block.orders, id);
      if (!block || !existing) return undefined;
      const next = change(existing);
      if (next.id !== id) throw new Error('An order update may not change its id');
      placeOrder(block.orders, next);
      await db.orderBlocks.put(encodeBlock(block.id, block.orders));
      const changes = [{ before: existing, after: next }];
      const aggregates = await this.derived.write(changes);
      await this.snapshot.write([block], changes);
      return { blocks: [block], changes, aggregates, result: next };
    });
  }

  /** OrderStore.updateMany's transaction. */
  async updateMany(ids: readonly number[], change: (existing: Order) => Order, missing: (ids: number[]) => Error): Promise<Written<Order[]>> {
    const wanted = unique(ids);
    const { db } = this;
    return db.transaction('rw', db.orderBlocks, db.derived, async () => {
      const blocks = await this.blockCache.readBlocks(wanted);
      const unknown = wanted.filter((id) => !findOrder(blocks.get(blockOf(id))?.orders ?? [], id));
      if (unknown.length > 0) throw missing(unknown);
      const changes: OrderChange[] = wanted.map((id) => {
        const block = blocks.get(blockOf(id))!;
        const before = findOrder(block.orders, id)!;
        const next = change(before);
        if (next.id !== id) throw new Error('An order update may not change its id');
        placeOrder(block.orders, next);
        return { before, after: next };
      });
      await db.orderBlocks.bulkPut([...blocks.values()].map((block) => encodeBlock(block.id, block.orders)));
      const aggregates = await this.derived.write(changes);
      await this.snapshot.write([...blocks.values()], changes);
      return { blocks: [...blocks.values()], changes, aggregates, result: changes.map((c) => c.after!) };
    });
  }

  /** OrderStore.removeMany's transaction, which also holds `also.tables`. */
  async removeMany(
    ids: readonly number[],
    missing: (ids: number[]) => Error,
    also: { tables: Table[]; write: (removed: Order[]) => Promise<void> },
  ): Promise<Written<Order[]>> {
    const wanted = unique(ids);
    return this.db.transaction('rw', [this.db.orderBlocks, this.db.derived, ...also.tables], async () => {
      const blocks = await this.blockCache.readBlocks(wanted);
      const unknown = wanted.filter((id) => !findOrder(blocks.get(blockOf(id))?.orders ?? [], id));
      if (unknown.length > 0) throw missing(unknown);
      const removed = wanted.map((id) => takeOrder(blocks.get(blockOf(id))!.orders, id)!);
      const [emptied, kept] = partition([...blocks.values()], (block) => block.orders.length === 0);
      if (emptied.length > 0) await this.db.orderBlocks.bulkDelete(emptied.map((block) => block.id));
      if (kept.length > 0) await this.db.orderBlocks.bulkPut(kept.map((block) => encodeBlock(block.id, block.orders)));
      const changes = removed.map((before) => ({ before }));
      const aggregates = await this.derived.write(changes);
      await this.snapshot.write([...blocks.values()], changes);
      await also.write(removed);
      return { blocks: [...blocks.values()], changes, aggregates, result: removed };
    });
  }

  /** OrderStore.putBack's transaction, which also holds `tables`. */
  async putBack(tables: Table[], take: () => Promise<Order[]>, taken: (ids: number[]) => Error): Promise<Written<Order[]>> {
    return this.db.transaction('rw', [this.db.orderBlocks, this.db.derived, ...tables], async () => {
      const orders = await take();
      const blocks = await this.blockCache.readBlocks(orders.map((order) => order.id));
      const live = orders.filter((order) => findOrder(blocks.get(blockOf(order.id))?.orders ?? [], order.id)).map((order) => order.id);
      if (live.length > 0) throw taken(live);
      for (const order of orders) {
        const id = blockOf(order.id);
        let block = blocks.get(id);
        if (!block) {
          block = { id, orders: [] };
          blocks.set(id, block);
        }
        placeOrder(block.orders, order);
      }
      await this.db.orderBlocks.bulkPut([...blocks.values()].map((block) => encodeBlock(block.id, block.orders)));
      const changes = orders.map((after) => ({ after }));
      const aggregates = await this.derived.write(changes);
      await this.snapshot.write([...blocks.values()], changes);
      return { blocks: [...blocks.values()], changes, aggregates, result: orders };
    });
  }

  /** OrderStore.putAndRemove's transaction: none (undefined) when there is nothing to put or remove. */
  async putAndRemove(put: readonly Order[], remove: readonly number[]): Promise<Written<void> | undefined> {
    if (put.length === 0 && remove.length === 0) return undefined;
    const { db } = this;
    return db.transaction('rw', db.orderBlocks, db.derived, async () => {
      const blocks = await this.blockCache.readBlocks([...put.map((order) => order.id), ...remove]);
      const changes: OrderChange[] = [];
      for (const id of unique(remove)) {
        const before = takeOrder(blocks.get(blockOf(id))?.orders ?? [], id);
        if (before) changes.push({ before });
      }
      for (const order of put) {
        const id = blockOf(order.id);
        let block = blocks.get(id);
        if (!block) blocks.set(id, (block = { id, orders: [] }));
        const before = findOrder(block.orders, order.id);
        if (before) takeOrder(block.orders, order.id);
        placeOrder(block.orders, order);
        changes.push(before ? { before, after: order } : { after: order });
      }
      const [emptied, kept] = partition([...blocks.values()], (block) => block.orders.length === 0);
      if (emptied.length > 0) await db.orderBlocks.bulkDelete(emptied.map((block) => block.id));
      if (kept.length > 0) await db.orderBlocks.bulkPut(kept.map((block) => encodeBlock(block.id, block.orders)));
      const aggregates = await this.derived.write(changes);
      await this.snapshot.write([...blocks.values()], changes);
      return { blocks: [...blocks.values()], changes, aggregates, result: undefined };
    });
  }

  /** OrderStore.remove's transaction: undefined when there is no such order. */
  async remove(id: number): Promise<Written<Order> | undefined> {
    return this.db.transaction('rw', this.db.orderBlocks, this.db.derived, async () => {
      const block = await this.blockCache.readBlock(blockOf(id));
      const removed = block && takeOrder(block.orders, id);
      if (!block || !removed) return undefined;
      if (block.orders.length === 0) await this.db.orderBlocks.delete(block.id);
      else await this.db.orderBlocks.put(encodeBlock(block.id, block.orders));
      const changes = [{ before: removed }];
      const aggregates = await this.derived.write(changes);
      await this.snapshot.write([block], changes);
      return { blocks: [block], changes, aggregates, result: removed };
    });
  }

  /** OrderStore.insertMany's transaction: the orders given consecutive new ids, answered as the first and last. */
  async insertMany(orders: Array<Omit<Order, 'id'>>): Promise<Written<{ firstId: number; lastId: number }>> {
    return this.insert(orders.length, (i, id) => Object.assign(orders[i]!, { id }));
  }

  /** OrderStore.place's transaction: the order `make` makes with the new id (placed as insertMany places one). */
  async insertOne(make: (id: number) => Order): Promise<Written<Order>> {
    const written = await this.insert(1, (_i, id) => make(id));
    return { ...written, result: written.changes[0]!.after! };
  }

  /** `count` new orders under consecutive new ids, the i-th made by `make(i, id)` (which must give it that id). */
  private async insert(count: number, make: (i: number, id: number) => Order): Promise<Written<{ firstId: number; lastId: number }>> {
    const { db } = this;
    return db.transaction('rw', db.orderBlocks, db.counters, db.derived, async () => {
      // Few round trips: while an import's next call is parsed and checked in this same
      // thread, each awaited request of this one may wait for that work to yield.
      // In a shared shop's copy they get pending ids (sync-write.ts), past every id the server gives.
      const pending = takePendingIds(db, count);
      const { firstId, existing } = pending ? await this.pendingPoint(pending[0]!) : await this.insertionPoint();
      const added = Array.from({ length: count }, (_, i) => {
        const order = make(i, firstId + i);
        if (order.id !== firstId + i) throw new Error('A new order must take the id it is given');
        return order;
      });
      const blocks: DecodedBlock[] = [];
      for (const order of added) {
        const id = blockOf(order.id);
        let block = blocks[blocks.length - 1];
        if (block?.id !== id) {
          block = existing?.id === id ? existing : { id, orders: [] };
          blocks.push(block);
        }
        block.orders.push(order);
      }
      const lastId = firstId + count - 1;
      const changes = added.map((after) => ({ after }));
      // Issued in this order, so the head's count of blocks (snapshot.write) sees the new ones.
      const putBlocks = db.orderBlocks.bulkPut(blocks.map((block) => encodeBlock(block.id, block.orders)));
      const putCounter = pending ? Promise.resolve() : db.counters.put({ name: 'orders', nextId: lastId + 1 });
      const [aggregates] = await allRequests([this.derived.write(changes), this.snapshot.write(blocks, changes, pending ? undefined : lastId + 1), putBlocks, putCounter]);
      return { blocks, changes, aggregates, result: { firstId, lastId } };
    });
  }

  /**
   * Where new orders go (inside a transaction on counters and orderBlocks): the next id, and
   * the block it falls in when that one is stored (only it can already hold orders: every
   * later one starts past every id used), read afresh. One round trip: the counter and the
   * last block together (the next id's block, when stored, is the last one).
   */
  private async insertionPoint(): Promise<{ firstId: number; existing: DecodedBlock | undefined }> {
    const [counter, last] = await Promise.all([this.db.counters.get('orders'), this.db.orderBlocks.orderBy(':id').last()]);
    const lastOrders = last ? decodeBlock(last) : [];
    // No counter (it was deleted by hand): past the highest id stored.
    const firstId = counter?.nextId ?? (lastOrders.length > 0 ? lastOrders[lastOrders.length - 1]!.id + 1 : 1);
    const firstBlock = blockOf(firstId);
    if (!last || last.id < firstBlock) return { firstId, existing: undefined };
    if (last.id === firstBlock) return { firstId, existing: { id: firstBlock, orders: lastOrders } };
    // A counter behind the stored ids (never written so by this store): read its block itself.
    return { firstId, existing: await this.blockCache.readBlock(firstBlock) };
  }

  /** Where pending orders go: from `firstId` (consecutive), into its block when stored. */
  private async pendingPoint(firstId: number): Promise<{ firstId: number; existing: DecodedBlock | undefined }> {
    return { firstId, existing: await this.blockCache.readBlock(blockOf(firstId)) };
  }
}
