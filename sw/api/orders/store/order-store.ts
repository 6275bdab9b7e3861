import type { Table } from 'dexie';
import type { ShopDb } from '../../storage/db';
import { PAGE_SIZE, type ListMeta } from '../../../../domain/schema/common';
import { pageMeta } from '../../storage/pagination';
import { SearchIndex } from '../../storage/search-index';
import { blockOf, decodeBlock, findOrder } from './order-blocks';
import type { Order } from '../../../../domain/schema/order';
import type { OrderTotals } from '../order-aggregate-reads';
import { OrderDerived } from './order-derived';
import { OrderIndexSnapshot } from './order-index-snapshot';
import { OrderIndexSaves } from './order-index-saves';
import { OperationQueue } from '../../storage/operation-queue';
import { OrderBlockCache } from './order-block-cache';
import { allOrders, indexQuery, isPlainList, orderListIndex, type OrderListQuery } from './order-list-query';
import { orderNumber } from '../../../../domain/writes/orders';
import { OrderWrites, type Written } from './order-writes';

/**
 * The orders of one database: stored in blocks (order-blocks.ts), listed through an
 * in-memory index of every order's date, status, payment method and search text (the
 * SearchIndex, built from the blocks on first use and kept exact by every write made here),
 * read through a cache of decoded blocks. The dashboards' per-day figures are stored next
 * to the blocks (order-derived.ts) and kept current by every write, in its transaction.
 *
 * Operations run one at a time, so a list never sees a write half applied: each write
 * commits its IndexedDB transaction (order-writes.ts), then updates the cache, the index and
 * the aggregates' cache, before the next operation starts. Every order write must go through
 * this store (the API's do).
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
  private readonly writes: OrderWrites;

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
    this.writes = new OrderWrites(db, this.blockCache, this.derived, this.snapshot);
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
    return this.write(() => this.writes.update(id, change));
  }

  /**
   * Replaces each of these orders with `change(existing)` in one transaction: all or none.
   * When an id has no order, `missing(ids)` is thrown and nothing is written.
   */
  updateMany(ids: readonly number[], change: (existing: Order) => Order, missing: (ids: number[]) => Error): Promise<Order[]> {
    return this.write(() => this.writes.updateMany(ids, change, missing));
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
    return this.write(() => this.writes.removeMany(ids, missing, also));
  }

  /**
   * Puts orders back under their own ids (a restore), in one transaction that also holds
   * `tables`: `take()` runs first in it and answers the orders (reading and clearing the
   * trash; it may throw, and then nothing is written). When a stored order holds one of their
   * ids, `taken(ids)` is thrown and nothing is written. Ids are never given twice (the
   * counter only grows), so a deleted order's id is free unless it was restored already.
   */
  putBack(tables: Table[], take: () => Promise<Order[]>, taken: (ids: number[]) => Error): Promise<Order[]> {
    return this.write(() => this.writes.putBack(tables, take, taken));
  }

  /**
   * Stores these orders as given (replacing any with the same id) and removes the orders with
   * the `remove` ids that exist, in one transaction: the shop server's records put into a shared
   * shop's copy (sw/sync/apply-changes.ts), with the index and aggregates kept as every write keeps them.
   */
  putAndRemove(put: readonly Order[], remove: readonly number[]): Promise<void> {
    return this.write(() => this.writes.putAndRemove(put, remove));
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
    return this.write(() => this.writes.remove(id));
  }

  /**
   * Adds the orders in one transaction, with consecutive new ids (never one used before,
   * even by a deleted order). Answers the first and last id. The objects passed in are
   * given their ids and kept (no copy of 100,000 orders): the caller hands them over.
   */
  insertMany(orders: Array<Omit<Order, 'id'>>): Promise<{ firstId: number; lastId: number }> {
    return this.write(() => this.writes.insertMany(orders));
  }

  /**
   * Adds one order under a new id (as insertMany gives them): `make(id)` answers the order with
   * that id (its payment's id is the order's). Answers the stored order.
   */
  place(make: (id: number) => Order): Promise<Order> {
    return this.write(() => this.writes.insertOne(make));
  }

  /**
   * The number a new order gets here (`#IN0016` after `#IN0015`): one past the highest stored
   * (a shared shop's server gives its own number; its record then replaces this one).
   */
  nextOrderNumber(): Promise<string> {
    return this.summary('next-order-number', (index) => {
      const field = Object.keys(orderListIndex.sorts).indexOf('invoiceId');
      let highest = 0;
      for (const entry of index.listed()) highest = Math.max(highest, Number(/^#IN(\d+)$/.exec(String(entry.sorts[field]))?.[1] ?? 0));
      return orderNumber(highest + 1);
    });
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

  /**
   * Runs a write's transaction (order-writes.ts) in the queue and, once it has committed,
   * applies it: the cache holds the written blocks, the index the changes, the aggregates'
   * cache what was stored. Answers the write's answer; undefined when it wrote nothing.
   */
  private write<R>(transaction: () => Promise<Written<R>>): Promise<R>;
  private write<R>(transaction: () => Promise<Written<R> | undefined>): Promise<R | undefined>;
  private write<R>(transaction: () => Promise<Written<R> | undefined>): Promise<R | undefined> {
    return this.queue.run(async () => {
      const written = await transaction();
      if (!written) return undefined;
      this.summaries.clear();
      this.blockCache.committed(written.blocks);
      for (const { before, after } of written.changes) this.index.change({ key: (after ?? before)!.id, row: after });
      this.derived.committed(written.aggregates);
      this.saves.written();
      return written.result;
    });
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
