import type { ShopDb } from '../../storage/db';
import { decodeBlock } from './order-blocks';
import { AggregateBuild, AggregateUpdate } from '../order-aggregate-writes';
import { OrderTotals } from '../order-aggregate-reads';
import {
  monthOfDay,
  type AggregateChanges,
  type AggregateSource,
  type CustomerSummary,
  type DayTotals,
  type MonthTotals,
  type OrderChange,
  type ProductInfo,
} from '../order-aggregates';
import type { Order } from '../../../../domain/schema/order';
import { DAY_MS } from '../../../../domain/units';

/*
 * The orders' aggregates (orders/order-aggregates.ts) as stored in the `derived` table, and
 * what one database object keeps of them in memory. Records, by key:
 *
 * - `orders|state` `{ version }`: present when every other record below is complete and kept
 *   current by every order write. Absent (an account from before they existed, or one whose
 *   `derived` table was emptied): order writes leave the records alone, and the first read
 *   builds them all from the order blocks in one transaction (then writes keep them).
 * - `orders|month|NNNNNN` `{ days, latest }`: one UTC calendar month, NNNNNN = year × 12 +
 *   month (0-based) + 12, six digits, so keys sort by month. `days` is JSON (each day's totals
 *   as arrays of pairs), `latest` the month's orders newest first as a Float64Array of
 *   [ms, id] pairs (no JSON to parse or write for them).
 * - `orders|customers|N` `{ json }`: the summaries of customers N × 1,000 … N × 1,000 + 999.
 * - `orders|products` `{ json }`: each product's name and image as its order lines last had them.
 *
 * A month is ~15 KB of JSON at ~1,000 orders; a write reads and rewrites the months, customer
 * blocks and products record its orders touch, in its own transaction.
 */

/** Bump when the records' layout or meaning changes: stored ones of another version are rebuilt. */
const VERSION = 1;
const STATE_KEY = 'orders|state';
const PRODUCTS_KEY = 'orders|products';
const MONTH_PREFIX = 'orders|month|';
const PREFIX = 'orders|';
/** Order blocks read per chunk while building. */
const BUILD_CHUNK = 50;

export const monthKey = (index: number): string => `${MONTH_PREFIX}${String(index + 12).padStart(6, '0')}`;
const customersKey = (block: number): string => `orders|customers|${block}`;

type StateRecord = { key: string; version: number };
type MonthRecord = { key: string; days: string; latest: Float64Array };
type JsonRecord = { key: string; json: string };
type DerivedRecord = { key: string } & Record<string, unknown>;

/** A day as stored: [day, orders, cents, firstOrders, byStatus, byPayment, customers, products]. */
type StoredDay = [number, number, number, number, Array<[string, number]>, Array<[string, number]>, Array<[number, number]>, Array<[number, number, number, number]>];

function encodeMonth(index: number, month: MonthTotals): MonthRecord {
  const days: StoredDay[] = [];
  for (const [day, t] of month.days) {
    const products: StoredDay[7] = [];
    for (const [id, sales] of t.products) products.push([id, sales.quantity, sales.cents, sales.lines]);
    days.push([day, t.orders, t.cents, t.firstOrders, [...t.byStatus], [...t.byPayment], [...t.customers], products]);
  }
  return { key: monthKey(index), days: JSON.stringify(days), latest: month.latest };
}

function decodeMonth(record: MonthRecord): MonthTotals {
  const days = new Map<number, DayTotals>();
  for (const [day, orders, cents, firstOrders, byStatus, byPayment, customers, products] of JSON.parse(record.days) as StoredDay[]) {
    days.set(day, {
      orders,
      cents,
      firstOrders,
      byStatus: new Map(byStatus),
      byPayment: new Map(byPayment),
      customers: new Map(customers),
      products: new Map(products.map(([id, quantity, cents, lines]) => [id, { quantity, cents, lines }])),
    });
  }
  return { days, latest: record.latest };
}

const encodeCustomers = (block: number, summaries: ReadonlyMap<number, CustomerSummary>): JsonRecord => ({
  key: customersKey(block),
  json: JSON.stringify([...summaries].map(([id, s]) => [id, s.first, s.orders])),
});
const decodeCustomers = (record: JsonRecord): Map<number, CustomerSummary> =>
  new Map((JSON.parse(record.json) as Array<[number, number, number]>).map(([id, first, orders]) => [id, { first, orders }]));

const encodeProducts = (products: ReadonlyMap<number, ProductInfo>): JsonRecord => ({
  key: PRODUCTS_KEY,
  json: JSON.stringify([...products].map(([id, p]) => [id, p.name, p.image])),
});
const decodeProducts = (record: JsonRecord | undefined): Map<number, ProductInfo> =>
  new Map(record ? (JSON.parse(record.json) as Array<[number, string, string]>).map(([id, name, image]) => [id, { name, image }]) : []);

const isCurrent = (record: DerivedRecord | undefined): boolean => (record as StateRecord | undefined)?.version === VERSION;

/**
 * The stored records, read inside the caller's transaction, for the update to change. A month
 * the cache holds (`cached`: as stored by the last committed write or read) is handed over
 * itself rather than read and decoded again: an import's calls each touch the same months
 * (~100 at 100,000 orders spread over 8 years), and copying them cost as much as the rest of
 * the update. The update changes them in place: OrderDerived drops its cache when the write
 * does not commit.
 */
function storedSource(db: ShopDb, cached: ReadonlyMap<number, MonthTotals | null>): AggregateSource {
  return {
    async months(indexes) {
      const unread = indexes.filter((index) => !cached.has(index));
      const records = unread.length > 0 ? await db.derived.bulkGet(unread.map(monthKey)) : [];
      const read = new Map(unread.map((index, i) => [index, records[i] as MonthRecord | undefined]));
      return indexes.map((index) => {
        if (!read.has(index)) return cached.get(index) ?? undefined;
        const record = read.get(index);
        return record && decodeMonth(record);
      });
    },
    async monthsFrom(index) {
      const records = await db.derived.where('key').between(monthKey(index), `${MONTH_PREFIX}\uffff`, true, true).toArray();
      return records.map((record) => [Number(record.key.slice(MONTH_PREFIX.length)) - 12, decodeMonth(record as MonthRecord)]);
    },
    async customerBlocks(blocks) {
      const records = await db.derived.bulkGet(blocks.map(customersKey));
      return records.map((record) => record && decodeCustomers(record as JsonRecord));
    },
    async products() {
      return decodeProducts((await db.derived.get(PRODUCTS_KEY)) as JsonRecord | undefined);
    },
  };
}

/** Writes an update's records (inside a transaction over db.derived). */
async function store(db: ShopDb, changes: AggregateChanges): Promise<void> {
  const puts: DerivedRecord[] = [];
  const deletes: string[] = [];
  for (const [index, month] of changes.months) {
    if (month) puts.push(encodeMonth(index, month));
    else deletes.push(monthKey(index));
  }
  for (const [block, summaries] of changes.customerBlocks) {
    if (summaries) puts.push(encodeCustomers(block, summaries));
    else deletes.push(customersKey(block));
  }
  if (changes.products) puts.push(encodeProducts(changes.products));
  if (deletes.length > 0) await db.derived.bulkDelete(deletes);
  if (puts.length > 0) await db.derived.bulkPut(puts);
}

/** Every record of a build from these orders, the state record included (a new database's seed). */
export function orderAggregateRecords(orders: readonly Order[]): DerivedRecord[] {
  const build = new AggregateBuild();
  build.add(orders);
  const { months, customerBlocks, products } = build.changes();
  const records: DerivedRecord[] = [{ key: STATE_KEY, version: VERSION }];
  for (const [index, month] of months) if (month) records.push(encodeMonth(index, month));
  for (const [block, summaries] of customerBlocks) if (summaries) records.push(encodeCustomers(block, summaries));
  if (products) records.push(encodeProducts(products));
  return records;
}

/** What an order write stored of the aggregates, for the cache once it commits (null: none kept). */
export type WrittenAggregates = AggregateChanges | null;

/**
 * One database's order aggregates: `write` keeps the stored records current inside each
 * order write's transaction; reads (`totals`, `latest`) go through a cache of decoded months
 * that `committed` updates after each write. The order store calls all of them one at a
 * time (its queue), so a read never sees a write half applied.
 */
export class OrderDerived {
  /** Months read or written (null: none stored). */
  private readonly months = new Map<number, MonthTotals | null>();
  private products: Map<number, ProductInfo> | null = null;
  /** Whether the stored records are known complete (checked, or built, on the first read). */
  private kept = false;
  /**
   * Set while a write may have changed the cached months in place and has not committed: if
   * its transaction failed, `committed` never came, and the next call drops the cache (the
   * months are then read again as stored).
   */
  private lent = false;

  constructor(private readonly db: ShopDb) {}

  /**
   * Inside an order write's transaction (which must include db.derived): takes the changed
   * orders' old figures out and puts their new ones in. Answers what to cache once the
   * transaction commits; null when the records are not kept (they are built on first read).
   */
  async write(changes: readonly OrderChange[]): Promise<WrittenAggregates> {
    this.takeBackLent();
    this.lent = true;
    // The state is read together with what the update reads (one round trip); when the
    // records are not kept, the update is dropped unstored.
    const update = new AggregateUpdate(storedSource(this.db, this.months));
    const [state] = await Promise.all([this.db.derived.get(STATE_KEY), update.apply(changes)]);
    if (!isCurrent(state)) return null;
    const written = update.changes();
    await store(this.db, written);
    return written;
  }

  /** After the write's transaction committed: the cache takes what it stored. */
  committed(written: WrittenAggregates): void {
    this.lent = false;
    if (!written) {
      this.months.clear();
      this.products = null;
      this.kept = false;
      return;
    }
    for (const [index, month] of written.months) this.months.set(index, month);
    if (written.products) this.products = written.products;
  }

  /** The totals of the days [fromDay, toDay) (their months read, once, in one transaction). */
  async totals(fromDay: number, toDay: number): Promise<OrderTotals> {
    this.takeBackLent();
    const { db } = this;
    const wanted: number[] = [];
    if (toDay > fromDay) for (let index = monthOfDay(fromDay), last = monthOfDay(toDay - 1); index <= last; index++) if (!this.months.has(index)) wanted.push(index);
    if (!this.kept || wanted.length > 0 || !this.products) {
      const read = await db.transaction('r', db.derived, async () => {
        if (!this.kept && !isCurrent(await db.derived.get(STATE_KEY))) return null;
        const [months, products] = await Promise.all([db.derived.bulkGet(wanted.map(monthKey)), this.products ? undefined : db.derived.get(PRODUCTS_KEY)]);
        return { months, products };
      });
      if (!read) {
        await this.build();
        return this.totals(fromDay, toDay);
      }
      this.kept = true;
      wanted.forEach((index, i) => this.months.set(index, read.months[i] ? decodeMonth(read.months[i] as MonthRecord) : null));
      this.products ??= decodeProducts(read.products as JsonRecord | undefined);
    }
    return new OrderTotals(this.months, this.products!);
  }

  /** After a write that did not commit: forgets the months and products it may have changed. */
  private takeBackLent(): void {
    if (!this.lent) return;
    this.lent = false;
    this.months.clear();
    this.products = null;
  }

  /** The ids of the newest `count` orders placed in [fromMs, toMs), newest first. */
  async latest(fromMs: number, toMs: number, count: number): Promise<number[]> {
    const totals = await this.totals(Math.floor(fromMs / DAY_MS), Math.floor((toMs - 1) / DAY_MS) + 1);
    return totals.latest(fromMs, toMs, count);
  }

  /**
   * Builds every record from the order blocks, in one transaction with them (so no write can
   * come between the read and the records): once per account, on the first read after the
   * records appeared in the schema (or after they were dropped). Reads the blocks in chunks.
   */
  private async build(): Promise<void> {
    const { db } = this;
    const built = await db.transaction('rw', db.orderBlocks, db.derived, async () => {
      const build = new AggregateBuild();
      let last = -1;
      for (;;) {
        const blocks = await db.orderBlocks.where(':id').above(last).limit(BUILD_CHUNK).toArray();
        for (const block of blocks) build.add(decodeBlock(block));
        if (blocks.length < BUILD_CHUNK) break;
        last = blocks[blocks.length - 1]!.id;
      }
      const changes = build.changes();
      await db.derived.where('key').between(PREFIX, `${PREFIX}\uffff`, true, true).delete();
      await store(db, changes);
      await db.derived.put({ key: STATE_KEY, version: VERSION });
      return changes;
    });
    this.months.clear();
    for (const [index, month] of built.months) this.months.set(index, month);
    this.products = built.products ?? new Map();
    this.kept = true;
  }
}
