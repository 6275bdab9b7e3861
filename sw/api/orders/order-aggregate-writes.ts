import type { Order } from '../../../domain/schema/order';
import { add, contributionOf, customerBlockOf, emptyDay, emptyMonth, isId, mergeLatest, monthOfDay } from './order-aggregates';
import type { AggregateChanges, AggregateSource, Contribution, CustomerSummary, DayTotals, MonthTotals, OrderChange, ProductInfo } from './order-aggregates';

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
