import type { Table } from 'dexie';
import type { ShopDb } from '../../storage/db';
import { PAGE_SIZE, type ListMeta } from '../../../../domain/schema/common';
import { pageMeta } from '../../storage/pagination';
import { SearchIndex } from '../../storage/search-index';
import { blockOf, decodeBlock, encodeBlock, findOrder, placeOrder, takeOrder } from './order-blocks';
import type { Order } from '../../../../domain/schema/order';
import type { OrderChange } from '../order-aggregates';
import type { OrderTotals } from '../order-aggregate-reads';
import { OrderDerived, type WrittenAggregates } from './order-derived';
import { OrderIndexSnapshot } from './order-index-snapshot';
import { OrderIndexSaves } from './order-index-saves';
import { takePendingIds } from '../../storage/sync-write';
import { OperationQueue } from '../../storage/operation-queue';
import { OrderBlockCache, type DecodedBlock } from './order-block-cache';
import { allOrders, indexQuery, isPlainList, orderListIndex, type OrderListQuery } from './order-list-query';
import { allRequests, partition } from '../../storage/transaction-requests';

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];


/**
 * The orders of one database: stored in blocks (order-blocks.ts), listed through an
 * in-memory index of every order's date, status, payment method and search text (the
 * SearchIndex, built from the blocks on first use and kept exact by every write made here),
 * read through a cache of decoded blocks. The dashboards' per-day figures are stored next
 * to the blocks (order-derived.ts) and kept current by every write, in its transaction.
 *
 * Operations run one at a time, so a list never sees a write half applied: each write
 * commits its IndexedDB transaction, then updates the cache, the index and the aggregates'
 * cache, before the next operation starts. Every order write must go through this store
 * (the API's do).
 */
export class OrderStore {
  private readonly index: SearchIndex<Order>;
  /** Counters tests read: blocks read outside writes, pages answered from the stored head. */
  readonly stats = { blocksRead: 0, headAnswers: 0 };
  private readonly blockCache: OrderBlockCache;
  private readonly saves: OrderIndexSaves;
  private readonly queue = new OperationQueue();
  /** What `summary` and `aggregate` computed since the last write, by key. */
  private readonly summaries = new Map<string, unknown>();
  /** The dashboards' per-day figures, stored and kept by every write (no order is read for them). */
  private readonly derived: OrderDerived;
  /** The index as stored (order-index-snapshot.ts): kept by every write, loaded by a restarted worker. */
  private readonly snapshot: OrderIndexSnapshot;

  constructor(private readonly db: ShopDb) {
    this.snapshot = new OrderIndexSnapshot(
      db,
      (order) => this.index.entryOf(order.id, order),
      (order) => this.index.listedAs(order.id, order),
    );
    this.index = new SearchIndex<Order>(allOrders(db), 'createAt', orderListIndex, () => this.snapshot.load());
    this.derived = new OrderDerived(db);
    this.blockCache = new OrderBlockCache(db, (blocks) => (this.stats.blocksRead += blocks));
    this.saves = new OrderIndexSaves(this.index, this.snapshot, this.queue);
  }

  /** The index, built (from the stored snapshot, or from every block), its save followed up (OrderIndexSaves). */
  private async indexReady(): Promise<void> {
    await this.index.ready();
    this.saves.followBuild();
  }

  /** How the index was loaded since this was last asked (Server-Timing), or undefined. */
  takeLoadTiming(): string | undefined {
    return this.saves.takeLoadTiming();
  }

  /** The last idle-time save of the index's parts (Server-Timing, once), or undefined. */
  takeSaveTiming(): string | undefined {
    return this.saves.takeSaveTiming();
  }





  /** Where the order index was last built from: the stored snapshot, every block, or not built (null). */
  get indexSource(): 'snapshot' | 'rows' | null {
    return this.index.builtFrom;
  }

  /** The order with this id, or undefined. */
  get(id: number): Promise<Order | undefined> {
    return this.queue.run(async () => {
      const [block] = await this.blockCache.blocks([blockOf(id)]);
      return block && findOrder(block, id);
    });
  }

  /** One page of the list in the asked order (newest first by default), and the meta (total of all matching orders). */
  list({ page, pageSize = PAGE_SIZE, ...filters }: OrderListQuery): Promise<{ rows: Order[]; meta: ListMeta }> {
    return this.queue.run(async () => {
      const offset = (page - 1) * pageSize;
      if (!this.index.isReady && isPlainList(filters)) {
        const rows = await this.fromHead(offset, pageSize);
        if (rows) return { rows: rows.rows, meta: pageMeta(page, rows.total, pageSize) };
      }
      for (let attempt = 0; ; attempt++) {
        await this.indexReady();
        const loaded = this.index.builtFrom === 'snapshot';
        const { total, keys } = this.index.query({ ...indexQuery(filters), offset, limit: pageSize });
        const rows = await this.blockCache.ordersById(keys as number[]);
        // The rows read must be as the loaded snapshot has them; if not, it was stale: rebuild it from the blocks.
        if (!loaded || attempt > 0 || (rows.length === keys.length && rows.every((row, i) => this.index.holds(keys[i]!, row)))) {
          return { rows, meta: pageMeta(page, total, pageSize) };
        }
        await this.snapshot.drop();
        this.index.invalidate();
      }
    });
  }

  /**
   * A page of the plain list from the stored head, while the index is not loaded (a
   * restarted worker): its rows are read and checked against the head (a mismatch drops the
   * snapshot as stale). Starts loading the index in the background. Null: the head cannot
   * answer (none current, or too short for this page).
   */
  private async fromHead(offset: number, limit: number): Promise<{ rows: Order[]; total: number } | null> {
    const head = await this.snapshot.head();
    if (!head) return null;
    const end = Math.min(offset + limit, head.total);
    if (end > head.keys.length) return null;
    const keys = head.keys.slice(offset, end);
    const rows = await this.blockCache.ordersById(keys);
    const exact = rows.length === keys.length && rows.every((row, i) => row.createAt === head.dates[offset + i]);
    if (!exact) {
      await this.snapshot.drop();
      return null;
    }
    void this.index.ready().catch(() => undefined);
    this.stats.headAnswers++;
    return { rows, total: head.total };
  }

  /** Every matching order's id, in the list's order (all pages), and how many. */
  ids(filters: Omit<OrderListQuery, 'page' | 'pageSize'>): Promise<{ ids: number[]; total: number }> {
    return this.queue.run(async () => {
      await this.indexReady();
      const { total, keys } = this.index.query({ ...indexQuery(filters), offset: 0, limit: Infinity });
      return { ids: keys as number[], total };
    });
  }

  /** How many orders there are (with this status, when given). */
  count(status?: string): Promise<number> {
    return this.queue.run(async () => {
      await this.indexReady();
      return status === undefined ? this.index.size : this.index.query({ status, offset: 0, limit: 0 }).total;
    });
  }

  /**
   * What `compute` makes of the order index (counts, sums: summary cards, charts), kept under
   * `key` until the next write, so asking again between writes costs nothing.
   */
  summary<R>(key: string, compute: (index: SearchIndex<Order>) => R): Promise<R> {
    return this.queue.run(async () => {
      if (this.summaries.has(key)) return this.summaries.get(key) as R;
      await this.indexReady();
      const value = compute(this.index);
      this.summaries.set(key, value);
      return value;
    });
  }

  /**
   * What `compute` makes of the stored per-day order totals of the days [fromDay, toDay)
   * (order-aggregates.ts; only their months' records are read, and those once), kept under
   * `key` until the next write like `summary`. No order block is read, and the index is not
   * needed: a worker that has just started answers without reading every order.
   */
  aggregate<R>(key: string, [fromDay, toDay]: readonly [number, number], compute: (totals: OrderTotals) => R): Promise<R> {
    return this.queue.run(async () => {
      if (this.summaries.has(key)) return this.summaries.get(key) as R;
      const value = compute(await this.derived.totals(fromDay, toDay));
      this.summaries.set(key, value);
      return value;
    });
  }

  /**
   * The newest `count` orders placed in [fromMs, toMs) (epoch ms), newest first (by the
   * instant of createAt, then the higher id), from the stored per-month lists: only their
   * blocks are read, and the index is not needed.
   */
  recent(fromMs: number, toMs: number, count: number): Promise<Order[]> {
    return this.queue.run(async () => this.blockCache.ordersById(await this.derived.latest(fromMs, toMs, count)));
  }

  /**
   * Replaces the order with `change(existing)` in one transaction. Answers undefined (and
   * writes nothing) when there is no such order; when `change` throws, nothing is written.
   * `change` answers a new order and leaves `existing` as it was (its figures are taken out
   * of the aggregates).
   */
  update(id: number, change: (existing: Order) => Order): Promise<Order | undefined> {
    return this.queue.run(async () => {
      const { db } = this;
      const written = await db.transaction('rw', db.orderBlocks, db.derived, async () => {
        const block = await this.blockCache.readBlock(blockOf(id));
        const existing = block && findOrder(block.orders, id);
        if (!block || !existing) return undefined;
        const next = change(existing);
        if (next.id !== id) throw new Error('An order update may not change its id');
        placeOrder(block.orders, next);
        await db.orderBlocks.put(encodeBlock(block.id, block.orders));
        const aggregates = await this.derived.write([{ before: existing, after: next }]);
        await this.snapshot.write([block], [{ before: existing, after: next }]);
        return { block, next, aggregates };
      });
      if (!written) return undefined;
      this.committed([written.block], [{ key: id, row: written.next }], written.aggregates);
      return written.next;
    });
  }

  /**
   * Replaces each of these orders with `change(existing)` in one transaction: all or none.
   * When an id has no order, `missing(ids)` is thrown and nothing is written.
   */
  updateMany(ids: readonly number[], change: (existing: Order) => Order, missing: (ids: number[]) => Error): Promise<Order[]> {
    return this.queue.run(async () => {
      const wanted = unique(ids);
      const { db } = this;
      const written = await db.transaction('rw', db.orderBlocks, db.derived, async () => {
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
        return { blocks: [...blocks.values()], updated: changes.map((c) => c.after!), aggregates };
      });
      this.committed(written.blocks, written.updated.map((order) => ({ key: order.id, row: order })), written.aggregates);
      return written.updated;
    });
  }

  /**
   * Deletes these orders in one transaction, which also holds `tables`; `also(removed)` runs in
   * it before it commits (to put them in the trash). When an id has no order, `missing(ids)`
   * is thrown and nothing is written. Answers the removed orders, in the order of `ids`.
   */
  removeMany(
    ids: readonly number[],
    missing: (ids: number[]) => Error,
    also: { tables: Table[]; write: (removed: Order[]) => Promise<void> },
  ): Promise<Order[]> {
    return this.queue.run(async () => {
      const wanted = unique(ids);
      const written = await this.db.transaction('rw', [this.db.orderBlocks, this.db.derived, ...also.tables], async () => {
        const blocks = await this.blockCache.readBlocks(wanted);
        const unknown = wanted.filter((id) => !findOrder(blocks.get(blockOf(id))?.orders ?? [], id));
        if (unknown.length > 0) throw missing(unknown);
        const removed = wanted.map((id) => takeOrder(blocks.get(blockOf(id))!.orders, id)!);
        const [emptied, kept] = partition([...blocks.values()], (block) => block.orders.length === 0);
        if (emptied.length > 0) await this.db.orderBlocks.bulkDelete(emptied.map((block) => block.id));
        if (kept.length > 0) await this.db.orderBlocks.bulkPut(kept.map((block) => encodeBlock(block.id, block.orders)));
        const aggregates = await this.derived.write(removed.map((before) => ({ before })));
        await this.snapshot.write([...blocks.values()], removed.map((before) => ({ before })));
        await also.write(removed);
        return { blocks: [...blocks.values()], removed, aggregates };
      });
      this.committed(written.blocks, written.removed.map((order) => ({ key: order.id, row: undefined })), written.aggregates);
      return written.removed;
    });
  }

  /**
   * Puts orders back under their own ids (a restore), in one transaction that also holds
   * `tables`: `take()` runs first in it and answers the orders (reading and clearing the
   * trash; it may throw, and then nothing is written). When a stored order holds one of their
   * ids, `taken(ids)` is thrown and nothing is written. Ids are never given twice (the
   * counter only grows), so a deleted order's id is free unless it was restored already.
   */
  putBack(tables: Table[], take: () => Promise<Order[]>, taken: (ids: number[]) => Error): Promise<Order[]> {
    return this.queue.run(async () => {
      const written = await this.db.transaction('rw', [this.db.orderBlocks, this.db.derived, ...tables], async () => {
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
        const aggregates = await this.derived.write(orders.map((after) => ({ after })));
        await this.snapshot.write([...blocks.values()], orders.map((after) => ({ after })));
        return { blocks: [...blocks.values()], orders, aggregates };
      });
      this.committed(written.blocks, written.orders.map((order) => ({ key: order.id, row: order })), written.aggregates);
      return written.orders;
    });
  }

  /**
   * Stores these orders as given (replacing any with the same id) and removes the orders with
   * the `remove` ids that exist, in one transaction: the shop server's records put into a shared
   * shop's copy (sw/sync/apply-changes.ts), with the index and aggregates kept as every write keeps them.
   */
  putAndRemove(put: readonly Order[], remove: readonly number[]): Promise<void> {
    return this.queue.run(async () => {
      if (put.length === 0 && remove.length === 0) return;
      const { db } = this;
      const written = await db.transaction('rw', db.orderBlocks, db.derived, async () => {
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
        return { blocks: [...blocks.values()], changes, aggregates };
      });
      this.committed(
        written.blocks,
        written.changes.map((change) => ({ key: (change.after ?? change.before)!.id, row: change.after })),
        written.aggregates,
      );
    });
  }

  /** The ids of stored orders at or above `from` (a shared shop's pending orders), in id order. */
  idsFrom(from: number): Promise<number[]> {
    return this.queue.run(async () => {
      const blocks = await this.db.orderBlocks.where(':id').aboveOrEqual(blockOf(from)).toArray();
      return blocks.flatMap((block) => decodeBlock(block).map((order) => order.id)).filter((id) => id >= from);
    });
  }

  /** Deletes the order; answers it, or undefined when there is none. */
  remove(id: number): Promise<Order | undefined> {
    return this.queue.run(async () => {
      const written = await this.db.transaction('rw', this.db.orderBlocks, this.db.derived, async () => {
        const block = await this.blockCache.readBlock(blockOf(id));
        const removed = block && takeOrder(block.orders, id);
        if (!block || !removed) return undefined;
        if (block.orders.length === 0) await this.db.orderBlocks.delete(block.id);
        else await this.db.orderBlocks.put(encodeBlock(block.id, block.orders));
        const aggregates = await this.derived.write([{ before: removed }]);
        await this.snapshot.write([block], [{ before: removed }]);
        return { block, removed, aggregates };
      });
      if (!written) return undefined;
      this.committed([written.block], [{ key: id, row: undefined }], written.aggregates);
      return written.removed;
    });
  }

  /**
   * Adds the orders in one transaction, with consecutive new ids (never one used before,
   * even by a deleted order). Answers the first and last id. The objects passed in are
   * given their ids and kept (no copy of 100,000 orders): the caller hands them over.
   */
  insertMany(orders: Array<Omit<Order, 'id'>>): Promise<{ firstId: number; lastId: number }> {
    return this.queue.run(async () => {
      const { db } = this;
      const written = await db.transaction('rw', db.orderBlocks, db.counters, db.derived, async () => {
        // Few round trips: while an import's next call is parsed and checked in this same
        // thread, each awaited request of this one may wait for that work to yield.
        // In a shared shop's copy they get pending ids (sync-write.ts), past every id the server gives.
        const pending = takePendingIds(db, orders.length);
        const { firstId, existing } = pending ? await this.pendingPoint(pending[0]!) : await this.insertionPoint();
        const added = orders.map((order, i) => Object.assign(order, { id: firstId + i }));
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
        const lastId = firstId + orders.length - 1;
        const changes = added.map((after) => ({ after }));
        // Issued in this order, so the head's count of blocks (snapshot.write) sees the new ones.
        const putBlocks = db.orderBlocks.bulkPut(blocks.map((block) => encodeBlock(block.id, block.orders)));
        const putCounter = pending ? Promise.resolve() : db.counters.put({ name: 'orders', nextId: lastId + 1 });
        const [aggregates] = await allRequests([this.derived.write(changes), this.snapshot.write(blocks, changes, pending ? undefined : lastId + 1), putBlocks, putCounter]);
        return { blocks, added, firstId, lastId, aggregates };
      });
      this.committed(
        written.blocks,
        written.added.map((order) => ({ key: order.id, row: order })),
        written.aggregates,
      );
      return { firstId: written.firstId, lastId: written.lastId };
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

  /**
   * Runs `replace`, a write that replaces the orders wholesale in its own transaction (a
   * backup's restore, a reset to the sample data: sw/api/backup), with no operation of this
   * store in between; then forgets all it keeps in memory (the index, the decoded blocks, the
   * summaries, the aggregates' cache), so the next call reads the blocks and the stored
   * aggregates afresh, as after a worker restart.
   */
  replaceAll<R>(replace: () => Promise<R>): Promise<R> {
    return this.queue.run(async () => {
      try {
        return await replace();
      } finally {
        // A save of the old index's parts may be waiting: the stored snapshot went with the old rows.
        this.saves.replaced();
        this.index.invalidate();
        this.blockCache.clear();
        this.summaries.clear();
        this.derived.committed(null);
      }
    });
  }

  /** After a write committed: the cache holds the written blocks, the index the changes, the aggregates' cache what was stored. */
  private committed(blocks: readonly DecodedBlock[], changes: ReadonlyArray<{ key: number; row: Order | undefined }>, aggregates: WrittenAggregates): void {
    this.summaries.clear();
    this.blockCache.committed(blocks);
    for (const change of changes) this.index.change(change);
    this.derived.committed(aggregates);
    this.saves.written();
  }


}

const stores = new WeakMap<ShopDb, OrderStore>();

/** The order store of this database object (one per database, kept as long as it is). */
export function orderStore(db: ShopDb): OrderStore {
  let store = stores.get(db);
  if (!store) {
    store = new OrderStore(db);
    stores.set(db, store);
  }
  return store;
}
