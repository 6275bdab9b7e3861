import type { Order } from '../../../domain/schema/order';
import { civilFromDays } from '../../../domain/orders/iso-instant';
import { DAY_MS, toCents } from '../../../domain/units';

/**
 * The orders' figures the dashboards read, kept per UTC day and persisted (the `derived`
 * table: storage/order-derived.ts encodes and stores them) so that a worker that has just
 * started answers a dashboard by reading a few month records instead of every order.
 *
 * - Per UTC calendar month (`MonthTotals`): each day's order count, revenue (cents), status
 *   and payment-method counts, orders per customer and sales per product, and how many
 *   customers placed their first order that day; plus the month's orders newest first
 *   (instant and id only), for the "recent orders" tables.
 * - Per customer (`CustomerSummary`, stored in blocks of CUSTOMERS_PER_BLOCK ids): the day of
 *   their first order and how many orders they have, which decide each day's `firstOrders`.
 * - Per product: the name and image its order lines last had (for the top-products table).
 *
 * Every order write updates them in its own transaction (`AggregateUpdate`: the written
 * orders' old contribution out, the new one in). Days are UTC days counted from the epoch
 * (`Math.floor(ms / 86,400,000)`) of an order's `createAt`; an order whose createAt does not
 * parse counts nowhere. Money is kept in whole cents, so sums are exact.
 */

/** Customer summaries stored per record: a write reads and rewrites only its customers' blocks. */
export const CUSTOMERS_PER_BLOCK = 1_000;

/** The UTC day number of an ISO instant, or null when it does not parse. */
export function dayNumber(iso: unknown): number | null {
  if (typeof iso !== 'string') return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : null;
}

/**
 * The UTC calendar month of a day number, as `year × 12 + month` (month 0–11). Arithmetic
 * (the proleptic Gregorian calendar, as Date uses; H. Hinnant's civil_from_days): a bulk
 * import asks this a few times per order, and a Date per call costs more than the rest.
 */
export function monthOfDay(day: number): number {
  const { year, month } = civilFromDays(day);
  return year * 12 + month - 1;
}

export const customerBlockOf = (customerId: number): number => Math.floor(customerId / CUSTOMERS_PER_BLOCK);

/** A product's sales: quantity, revenue in cents, and how many order lines they come from. */
export interface ProductSales {
  quantity: number;
  cents: number;
  lines: number;
}

/** One UTC day's orders. */
export interface DayTotals {
  orders: number;
  cents: number;
  /** Customers whose first order (over all their orders) is on this day. */
  firstOrders: number;
  byStatus: Map<string, number>;
  byPayment: Map<string, number>;
  /** Customer id → orders that day. */
  customers: Map<number, number>;
  /** Product id → sales that day. */
  products: Map<number, ProductSales>;
}

/** One UTC calendar month's orders. */
export interface MonthTotals {
  /** Day number → that day's totals (days without orders are left out). */
  days: Map<number, DayTotals>;
  /** The month's orders newest first (createAt instant descending, then id descending), as pairs `[ms, id, ms, id, …]`. */
  latest: Float64Array;
}

/** One customer's orders, as far as the first-order days need them. */
export interface CustomerSummary {
  /** Day number of their first order. */
  first: number;
  /** How many orders they have (counted ones: with a createAt that parses). */
  orders: number;
}

export interface ProductInfo {
  name: string;
  image: string;
}

/** The totals of a window of days [fromDay, toDay). */
export interface WindowTotals {
  orders: number;
  cents: number;
  byStatus: Map<string, number>;
  byPayment: Map<string, number>;
  /** Customer id → orders in the window. */
  customers: Map<number, number>;
  products: Map<number, ProductSales>;
  /** Customers whose first order is in the window. */
  newCustomers: number;
  /** The window's customers who also ordered before it. */
  returningCustomers: number;
}

/** What one order adds to the totals. */
interface Contribution {
  id: number;
  ms: number;
  day: number;
  month: number;
  cents: number;
  status: string;
  payment: string;
  customer: number | null;
  /** Per product line: product id, quantity, cents (price × quantity). */
  lines: Array<{ id: number; quantity: number; cents: number }>;
}

const add = <K,>(map: Map<K, number>, key: K, by: number): void => {
  const next = (map.get(key) ?? 0) + by;
  if (next === 0) map.delete(key);
  else map.set(key, next);
};

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function contributionOf(order: Order): Contribution | null {
  const ms = typeof order?.createAt === 'string' ? Date.parse(order.createAt) : NaN;
  if (!Number.isFinite(ms) || !isId(order.id)) return null;
  const customerId = order.customer?.id;
  const lines: Contribution['lines'] = [];
  for (const item of Array.isArray(order.items) ? order.items : []) {
    if (!isId(item?.id)) continue;
    const quantity = typeof item.quantity === 'number' && Number.isFinite(item.quantity) ? item.quantity : 0;
    lines.push({ id: item.id, quantity, cents: toCents(item.price) * quantity });
  }
  const day = Math.floor(ms / DAY_MS);
  return {
    id: order.id,
    ms,
    day,
    month: monthOfDay(day),
    cents: toCents(order.totalAmount),
    status: String(order.status),
    payment: String(order.payment?.paymentMethod),
    customer: isId(customerId) ? customerId : null,
    lines,
  };
}

const emptyDay = (): DayTotals => ({ orders: 0, cents: 0, firstOrders: 0, byStatus: new Map(), byPayment: new Map(), customers: new Map(), products: new Map() });
export const emptyMonth = (): MonthTotals => ({ days: new Map(), latest: new Float64Array(0) });

/** Whether [msA, idA] comes before [msB, idB] newest first. */
const newer = (msA: number, idA: number, msB: number, idB: number): boolean => msA > msB || (msA === msB && idA > idB);

/** A month's `latest` without the `removed` ids and with the `added` pairs (flat: ms, id, …), still newest first. */
function mergeLatest(latest: Float64Array, removed: ReadonlySet<number>, added: readonly number[]): Float64Array {
  const order = Array.from({ length: added.length / 2 }, (_, i) => 2 * i);
  order.sort((a, b) => (newer(added[a]!, added[a + 1]!, added[b]!, added[b + 1]!) ? -1 : newer(added[b]!, added[b + 1]!, added[a]!, added[a + 1]!) ? 1 : 0));
  const out = new Float64Array(latest.length + added.length);
  let n = 0;
  let a = 0;
  for (let i = 0; i < latest.length; i += 2) {
    const ms = latest[i]!;
    const id = latest[i + 1]!;
    if (removed.has(id)) continue;
    for (; a < order.length && newer(added[order[a]!]!, added[order[a]! + 1]!, ms, id); a++) {
      out[n++] = added[order[a]!]!;
      out[n++] = added[order[a]! + 1]!;
    }
    out[n++] = ms;
    out[n++] = id;
  }
  for (; a < order.length; a++) {
    out[n++] = added[order[a]!]!;
    out[n++] = added[order[a]! + 1]!;
  }
  return n === out.length ? out : out.slice(0, n);
}

/** One write's changes: an order as it was (none: new) and as it is (none: deleted). */
export interface OrderChange {
  before?: Order | undefined;
  after?: Order | undefined;
}

/** Where an update reads the stored records it needs (inside the write's transaction). */
export interface AggregateSource {
  /** The stored months with these indexes (undefined: none stored). */
  months(indexes: readonly number[]): Promise<Array<MonthTotals | undefined>>;
  /** Every stored month from this index on, with its index. */
  monthsFrom(index: number): Promise<Array<[number, MonthTotals]>>;
  /** The stored customer blocks with these numbers (undefined: none stored). */
  customerBlocks(blocks: readonly number[]): Promise<Array<Map<number, CustomerSummary> | undefined>>;
  products(): Promise<Map<number, ProductInfo>>;
}

/** What an update changed: the records to store again (null: to delete, being empty). */
export interface AggregateChanges {
  months: Map<number, MonthTotals | null>;
  customerBlocks: Map<number, Map<number, CustomerSummary> | null>;
  /** Every product's info, when one changed; null when none did. */
  products: Map<number, ProductInfo> | null;
}

/**
 * One write's update of the aggregates: `apply` loads what the written orders touch from the
 * source (or, without a source, starts from nothing: a build), takes each old contribution
 * out and puts each new one in, then moves the customers' first-order days; `changes()`
 * answers the records to store. Working copies are this update's own: until they are stored
 * and committed, nothing anyone else holds changes.
 */
export class AggregateUpdate {
  private readonly months = new Map<number, MonthTotals | undefined>();
  private readonly dirtyMonths = new Set<number>();
  private readonly blocks = new Map<number, Map<number, CustomerSummary> | undefined>();
  private readonly dirtyBlocks = new Set<number>();
  private products: Map<number, ProductInfo> | undefined;
  private productsChanged = false;
  /** Per month: order ids leaving its `latest`, pairs joining it. */
  private readonly latestChanges = new Map<number, { removed: Set<number>; added: number[] }>();

  /**
   * With no source, nothing is stored yet (a build from every order): then `apply` reads
   * nothing and runs to its end synchronously (no await is reached; `buildAggregates` relies on it).
   */
  constructor(private readonly source: AggregateSource | null) {}

  private applied = true;

  /** Whether the last `apply` has finished. */
  get done(): boolean {
    return this.applied;
  }

  async apply(changes: readonly OrderChange[]): Promise<void> {
    this.applied = false;
    const taken: Contribution[] = [];
    const given: Contribution[] = [];
    for (const { before, after } of changes) {
      const out = before && contributionOf(before);
      const inn = after && contributionOf(after);
      if (out) taken.push(out);
      if (inn) given.push(inn);
    }
    const all = [...taken, ...given];
    const afters: Order[] = [];
    for (const change of changes) if (change.after) afters.push(change.after);
    if (all.length === 0 && afters.length === 0) {
      this.applied = true;
      return;
    }

    if (this.source) {
      await Promise.all([
        this.loadMonths(all.map((c) => c.month)),
        this.loadBlocks(all.filter((c) => c.customer !== null).map((c) => customerBlockOf(c.customer!))),
        afters.length > 0 ? this.loadProducts() : undefined,
      ]);
    }
    if (!this.source) this.products ??= new Map();

    // Per customer, the net change of their orders per day (an unchanged day cancels out).
    const customerDays = new Map<number, Map<number, number>>();
    const count = (c: Contribution, sign: 1 | -1) => {
      this.count(c, sign);
      if (c.customer === null) return;
      let days = customerDays.get(c.customer);
      if (!days) customerDays.set(c.customer, (days = new Map()));
      add(days, c.day, sign);
    };
    for (const c of taken) count(c, -1);
    for (const c of given) count(c, 1);
    for (const order of afters) this.noteProducts(order);
    const moves = this.moveFirstDays(customerDays);
    if (this.source) await this.load(moves);
    this.settle(moves);
    this.applied = true;
  }

  /** The records to store. */
  changes(): AggregateChanges {
    for (const [index, { removed, added }] of this.latestChanges) {
      const month = this.months.get(index)!;
      month.latest = mergeLatest(month.latest, removed, added);
    }
    this.latestChanges.clear();
    const months = new Map<number, MonthTotals | null>();
    for (const index of this.dirtyMonths) {
      const month = this.months.get(index)!;
      for (const [day, totals] of month.days) if (totals.orders === 0 && totals.firstOrders === 0) month.days.delete(day);
      months.set(index, month.days.size === 0 && month.latest.length === 0 ? null : month);
    }
    const customerBlocks = new Map<number, Map<number, CustomerSummary> | null>();
    for (const block of this.dirtyBlocks) {
      const summaries = this.blocks.get(block)!;
      customerBlocks.set(block, summaries.size === 0 ? null : summaries);
    }
    return { months, customerBlocks, products: this.productsChanged ? this.products! : null };
  }

  private async loadMonths(indexes: Iterable<number>): Promise<void> {
    const wanted = [...new Set(indexes)].filter((index) => !this.months.has(index));
    if (wanted.length === 0 || !this.source) return;
    const found = await this.source.months(wanted);
    wanted.forEach((index, i) => this.months.set(index, found[i]));
  }

  private async loadBlocks(blocks: Iterable<number>): Promise<void> {
    const wanted = [...new Set(blocks)].filter((block) => !this.blocks.has(block));
    if (wanted.length === 0 || !this.source) return;
    const found = await this.source.customerBlocks(wanted);
    wanted.forEach((block, i) => this.blocks.set(block, found[i]));
  }

  private async loadProducts(): Promise<void> {
    if (this.products === undefined && this.source) this.products = await this.source.products();
  }

  /** A loaded month, to be changed (created when none is stored). */
  private month(index: number): MonthTotals {
    let month = this.months.get(index);
    if (!month) this.months.set(index, (month = emptyMonth()));
    this.dirtyMonths.add(index);
    return month;
  }

  private day(dayNo: number, month = monthOfDay(dayNo)): DayTotals {
    const days = this.month(month).days;
    let day = days.get(dayNo);
    if (!day) days.set(dayNo, (day = emptyDay()));
    return day;
  }

  /** A loaded customer block, to be changed. */
  private block(block: number): Map<number, CustomerSummary> {
    let summaries = this.blocks.get(block);
    if (!summaries) this.blocks.set(block, (summaries = new Map()));
    this.dirtyBlocks.add(block);
    return summaries;
  }

  /** Adds or takes one order's day figures and its place in its month's `latest`. */
  private count(c: Contribution, sign: 1 | -1): void {
    const day = this.day(c.day, c.month);
    day.orders += sign;
    day.cents += sign * c.cents;
    add(day.byStatus, c.status, sign);
    add(day.byPayment, c.payment, sign);
    if (c.customer !== null) add(day.customers, c.customer, sign);
    for (const line of c.lines) {
      let sales = day.products.get(line.id);
      if (!sales) day.products.set(line.id, (sales = { quantity: 0, cents: 0, lines: 0 }));
      sales.quantity += sign * line.quantity;
      sales.cents += sign * line.cents;
      sales.lines += sign;
      if (sales.lines === 0) day.products.delete(line.id);
    }
    let latest = this.latestChanges.get(c.month);
    if (!latest) this.latestChanges.set(c.month, (latest = { removed: new Set(), added: [] }));
    if (sign === 1) latest.added.push(c.ms, c.id);
    else latest.removed.add(c.id);
  }

  private noteProducts(order: Order): void {
    for (const item of Array.isArray(order.items) ? order.items : []) {
      if (!isId(item?.id)) continue;
      const name = String(item.name);
      const image = String(item.image);
      const known = this.products!.get(item.id);
      if (known?.name === name && known.image === image) continue;
      this.products!.set(item.id, { name, image });
      this.productsChanged = true;
    }
  }

  /**
   * Each changed customer's new order count and first-order day (`Move`). The first day only
   * moves later when the orders of the old first day are all gone: then the next day with one
   * of their orders is looked for in the months after it (`scans`, done by `load`: the only
   * case that reads more than the written orders' months).
   */
  private moveFirstDays(customerDays: Map<number, Map<number, number>>): Moves {
    const moves: Move[] = [];
    const scans: Array<{ move: Move; before: number }> = [];
    for (const [customer, days] of customerDays) {
      if (days.size === 0) continue;
      const summary = this.block(customerBlockOf(customer)).get(customer);
      const move: Move = { customer, orders: summary?.orders ?? 0, from: summary?.first, to: undefined };
      let added = Infinity;
      for (const [dayNo, delta] of days) {
        move.orders += delta;
        if (delta > 0 && dayNo < added) added = dayNo;
      }
      moves.push(move);
      if (move.orders <= 0) continue;
      const first = move.from;
      if (first === undefined || added <= first) move.to = added;
      else if ((days.get(first) ?? 0) >= 0 || (this.months.get(monthOfDay(first))?.days.get(first)?.customers.get(customer) ?? 0) > 0) move.to = first;
      else scans.push({ move, before: added });
    }
    return { moves, scans };
  }

  /** Reads the months the moves need: those after a first day whose orders are all gone, and those whose firstOrders change. */
  private async load({ moves, scans }: Moves): Promise<void> {
    if (scans.length > 0) {
      const from = Math.min(...scans.map((scan) => monthOfDay(scan.move.from!)));
      for (const [index, month] of await this.source!.monthsFrom(from)) if (!this.months.has(index)) this.months.set(index, month);
    }
    const days = moves.flatMap((move) => [move.from, scans.some((scan) => scan.move === move) ? undefined : move.to]);
    await this.loadMonths(days.filter((d): d is number => d !== undefined).map(monthOfDay));
  }

  /** Finishes the moves: scans for the new first days, stores the summaries, moves the days' firstOrders. */
  private settle({ moves, scans }: Moves): void {
    if (scans.length > 0) {
      const indexes = [...this.months.keys()].sort((a, b) => a - b);
      for (const { move, before } of scans) move.to = this.nextDay(indexes, move.customer, move.from!, before);
    }
    for (const move of moves) {
      const summaries = this.block(customerBlockOf(move.customer));
      if (move.to === undefined) summaries.delete(move.customer);
      else summaries.set(move.customer, { first: move.to, orders: move.orders });
      if (move.from === move.to) continue;
      if (move.from !== undefined) this.day(move.from).firstOrders--;
      if (move.to !== undefined) this.day(move.to).firstOrders++;
    }
  }

  /**
   * The customer's first day with an order after `after` and before `before` (which holds
   * one, unless it is Infinity), over the loaded months (ascending indexes). None found means
   * the summary counted orders that are not there: the customer is then dropped.
   */
  private nextDay(indexes: readonly number[], customer: number, after: number, before: number): number | undefined {
    for (const index of indexes) {
      if (index < monthOfDay(after)) continue;
      const month = this.months.get(index);
      if (!month) continue;
      let best = Infinity;
      for (const [dayNo, day] of month.days) if (dayNo > after && dayNo < best && (day.customers.get(customer) ?? 0) > 0) best = dayNo;
      if (best < before) return best;
      if (best !== Infinity) break;
    }
    return before === Infinity ? undefined : before;
  }
}

/** A customer's first day before (`from`) and after (`to`) a write; undefined: no order. */
interface Move {
  customer: number;
  orders: number;
  from: number | undefined;
  to: number | undefined;
}

interface Moves {
  moves: Move[];
  /** Moves whose new first day is the first one after `from` with an order, if before `before`. */
  scans: Array<{ move: Move; before: number }>;
}

/** A build from nothing: add every order with `add`, then take the records with `changes`. */
export class AggregateBuild {
  private readonly update = new AggregateUpdate(null);

  add(orders: readonly Order[]): void {
    void this.update.apply(orders.map((after) => ({ after })));
    if (!this.update.done) throw new Error('A build reads nothing, so it must finish at once');
  }

  changes(): AggregateChanges {
    return this.update.changes();
  }
}

/** The aggregates of these orders, built from nothing. */
export function buildAggregates(orders: readonly Order[]): AggregateChanges {
  const build = new AggregateBuild();
  build.add(orders);
  return build.changes();
}

// ---------------------------------------------------------------------------------------
// Reading: what the dashboards ask of the loaded months.

/** The loaded months (by index; absent from the map or null: no orders that month) and the products' info. */
export class OrderTotals {
  constructor(
    private readonly months: ReadonlyMap<number, MonthTotals | null>,
    private readonly productInfo: ReadonlyMap<number, ProductInfo>,
  ) {}

  /** The days of [fromDay, toDay) that have orders, with their totals (in no particular order). */
  private *days(fromDay: number, toDay: number): Generator<DayTotals> {
    if (toDay <= fromDay) return;
    for (let index = monthOfDay(fromDay), last = monthOfDay(toDay - 1); index <= last; index++) {
      const month = this.months.get(index);
      if (!month) continue;
      for (const [dayNo, day] of month.days) if (dayNo >= fromDay && dayNo < toDay) yield day;
    }
  }

  /** Orders and cents of the days [fromDay, toDay), summed: for a series' bucket. */
  sum(fromDay: number, toDay: number): { orders: number; cents: number } {
    let orders = 0;
    let cents = 0;
    for (const day of this.days(fromDay, toDay)) {
      orders += day.orders;
      cents += day.cents;
    }
    return { orders, cents };
  }

  /** Everything the dashboards ask about the window of days [fromDay, toDay). */
  window(fromDay: number, toDay: number): WindowTotals {
    const totals: WindowTotals = { orders: 0, cents: 0, byStatus: new Map(), byPayment: new Map(), customers: new Map(), products: new Map(), newCustomers: 0, returningCustomers: 0 };
    for (const day of this.days(fromDay, toDay)) {
      totals.orders += day.orders;
      totals.cents += day.cents;
      totals.newCustomers += day.firstOrders;
      for (const [status, n] of day.byStatus) add(totals.byStatus, status, n);
      for (const [payment, n] of day.byPayment) add(totals.byPayment, payment, n);
      for (const [customer, n] of day.customers) add(totals.customers, customer, n);
      for (const [id, sales] of day.products) {
        const sum = totals.products.get(id);
        if (sum) {
          sum.quantity += sales.quantity;
          sum.cents += sales.cents;
          sum.lines += sales.lines;
        } else totals.products.set(id, { ...sales });
      }
    }
    // Each customer of the window first ordered either in it (new) or before it (returning).
    totals.returningCustomers = totals.customers.size - totals.newCustomers;
    return totals;
  }

  /** The ids of the newest `count` orders placed in [fromMs, toMs), newest first (instant, then higher id). */
  latest(fromMs: number, toMs: number, count: number): number[] {
    const ids: number[] = [];
    if (toMs <= fromMs || count <= 0) return ids;
    const first = monthOfDay(Math.floor(fromMs / DAY_MS));
    for (let index = monthOfDay(Math.floor((toMs - 1) / DAY_MS)); index >= first && ids.length < count; index--) {
      const latest = this.months.get(index)?.latest;
      if (!latest) continue;
      for (let i = 0; i < latest.length && ids.length < count; i += 2) {
        const ms = latest[i]!;
        if (ms >= toMs) continue;
        if (ms < fromMs) break;
        ids.push(latest[i + 1]!);
      }
    }
    return ids;
  }

  /** The name and image a product's order lines last had. */
  product(id: number): ProductInfo | undefined {
    return this.productInfo.get(id);
  }
}
