import type { Order } from '../schema/order';

/**
 * Per-day totals of the orders, kept in memory next to the order index (order-store.ts):
 * built in the same pass that reads every order block to build the index (after a worker
 * restart, on the first call that needs either), then kept current by the store for each
 * committed write (the order's old contribution out, its new one in). The dashboards read
 * their order figures from here: a window of days costs one lookup per day, whatever the
 * number of orders, and no order block is read.
 *
 * Days are UTC days counted from the epoch (`Math.floor(ms / 86,400,000)`) of an order's
 * `createAt`; an order whose createAt does not parse counts nowhere. Money is kept in whole
 * cents, so sums are exact.
 */

export const DAY_MS = 86_400_000;

/** The UTC day number of an ISO instant, or null when it does not parse. */
export function dayNumber(iso: unknown): number | null {
  if (typeof iso !== 'string') return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : null;
}

/** Whole cents of an amount (0 for anything that is not a finite number). */
export const toCents = (amount: unknown): number => (typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : 0);

/** What one order adds to the totals (kept per order, to take it out again). */
interface Contribution {
  day: number;
  cents: number;
  status: string;
  payment: string;
  customer: number | null;
  /** Per product line: product id, quantity, cents (price × quantity). */
  lines: Array<{ id: number; quantity: number; cents: number }>;
}

/** A product's sales: quantity, revenue in cents, and how many order lines they come from. */
export interface ProductSales {
  quantity: number;
  cents: number;
  lines: number;
}

/** One UTC day's orders. */
interface DayTotals {
  orders: number;
  cents: number;
  byStatus: Map<string, number>;
  byPayment: Map<string, number>;
  /** Customer id → orders that day. */
  customers: Map<number, number>;
  /** Product id → sales that day. */
  products: Map<number, ProductSales>;
  /** Customers whose first order (over all their orders) is on this day. */
  firstOrders: number;
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

const add = <K,>(map: Map<K, number>, key: K, by: number): void => {
  const next = (map.get(key) ?? 0) + by;
  if (next === 0) map.delete(key);
  else map.set(key, next);
};

function contributionOf(order: Order): Contribution | null {
  const day = dayNumber(order?.createAt);
  if (day === null) return null;
  const customerId = order.customer?.id;
  const lines: Contribution['lines'] = [];
  for (const item of Array.isArray(order.items) ? order.items : []) {
    if (typeof item?.id !== 'number') continue;
    const quantity = typeof item.quantity === 'number' && Number.isFinite(item.quantity) ? item.quantity : 0;
    lines.push({ id: item.id, quantity, cents: toCents(item.price) * quantity });
  }
  return {
    day,
    cents: toCents(order.totalAmount),
    status: String(order.status),
    payment: String(order.payment?.paymentMethod),
    customer: typeof customerId === 'number' ? customerId : null,
    lines,
  };
}

function earliest(days: Iterable<number>): number {
  let first = Infinity;
  for (const day of days) if (day < first) first = day;
  return first;
}

export class OrderAggregates {
  /** Order id → what it added. */
  private readonly contributions = new Map<number, Contribution>();
  private readonly days = new Map<number, DayTotals>();
  /** Customer id → day → their orders that day. */
  private readonly customerDays = new Map<number, Map<number, number>>();
  /** Customer id → the day of their first order. */
  private readonly firstDay = new Map<number, number>();
  /** Product id → name and image of the line last written (for display only). */
  private readonly productInfo = new Map<number, { name: string; image: string }>();

  /** How many orders are counted. */
  get size(): number {
    return this.contributions.size;
  }

  clear(): void {
    this.contributions.clear();
    this.days.clear();
    this.customerDays.clear();
    this.firstDay.clear();
    this.productInfo.clear();
  }

  /** Counts the order (replacing what it counted before, when it was counted). */
  put(order: Order): void {
    this.remove(order.id);
    const contribution = contributionOf(order);
    if (!contribution) return;
    this.contributions.set(order.id, contribution);
    this.apply(contribution, 1);
    for (const item of Array.isArray(order.items) ? order.items : []) {
      if (typeof item?.id === 'number') this.productInfo.set(item.id, { name: String(item.name), image: String(item.image) });
    }
  }

  /** Stops counting the order with this id (nothing when it is not counted). */
  remove(id: number): void {
    const contribution = this.contributions.get(id);
    if (!contribution) return;
    this.contributions.delete(id);
    this.apply(contribution, -1);
  }

  private apply(c: Contribution, sign: 1 | -1): void {
    let day = this.days.get(c.day);
    if (!day) {
      day = { orders: 0, cents: 0, byStatus: new Map(), byPayment: new Map(), customers: new Map(), products: new Map(), firstOrders: 0 };
      this.days.set(c.day, day);
    }
    day.orders += sign;
    day.cents += sign * c.cents;
    add(day.byStatus, c.status, sign);
    add(day.byPayment, c.payment, sign);
    for (const line of c.lines) {
      let sales = day.products.get(line.id);
      if (!sales) {
        sales = { quantity: 0, cents: 0, lines: 0 };
        day.products.set(line.id, sales);
      }
      sales.quantity += sign * line.quantity;
      sales.cents += sign * line.cents;
      sales.lines += sign;
      if (sales.lines === 0) day.products.delete(line.id);
    }
    if (c.customer !== null) {
      add(day.customers, c.customer, sign);
      this.moveCustomer(c.customer, c.day, sign);
    }
    if (day.orders === 0 && day.firstOrders === 0) this.days.delete(c.day);
  }

  /** Adds or takes one order of a customer on a day, moving their first-order day when it changes. */
  private moveCustomer(customer: number, dayNo: number, sign: 1 | -1): void {
    let days = this.customerDays.get(customer);
    if (!days) {
      days = new Map();
      this.customerDays.set(customer, days);
    }
    add(days, dayNo, sign);
    const before = this.firstDay.get(customer);
    let after: number | undefined;
    if (days.size === 0) {
      this.customerDays.delete(customer);
      after = undefined;
    } else if (sign === 1) {
      after = before === undefined ? dayNo : Math.min(before, dayNo);
    } else {
      after = before !== undefined && days.has(before) ? before : earliest(days.keys());
    }
    if (before === after) return;
    if (before !== undefined) this.shiftFirst(before, -1);
    if (after === undefined) this.firstDay.delete(customer);
    else {
      this.firstDay.set(customer, after);
      this.shiftFirst(after, 1);
    }
  }

  private shiftFirst(dayNo: number, by: 1 | -1): void {
    let day = this.days.get(dayNo);
    if (!day) {
      day = { orders: 0, cents: 0, byStatus: new Map(), byPayment: new Map(), customers: new Map(), products: new Map(), firstOrders: 0 };
      this.days.set(dayNo, day);
    }
    day.firstOrders += by;
    if (day.orders === 0 && day.firstOrders === 0) this.days.delete(dayNo);
  }

  /** Orders and cents of each day of [fromDay, toDay), summed: for a series' bucket. */
  sum(fromDay: number, toDay: number): { orders: number; cents: number } {
    let orders = 0;
    let cents = 0;
    for (let d = fromDay; d < toDay; d++) {
      const day = this.days.get(d);
      if (!day) continue;
      orders += day.orders;
      cents += day.cents;
    }
    return { orders, cents };
  }

  /** Everything the dashboards ask about the window of days [fromDay, toDay). */
  window(fromDay: number, toDay: number): WindowTotals {
    const totals: WindowTotals = { orders: 0, cents: 0, byStatus: new Map(), byPayment: new Map(), customers: new Map(), products: new Map(), newCustomers: 0, returningCustomers: 0 };
    for (let d = fromDay; d < toDay; d++) {
      const day = this.days.get(d);
      if (!day) continue;
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
    for (const customer of totals.customers.keys()) if (this.firstDay.get(customer)! < fromDay) totals.returningCustomers++;
    return totals;
  }

  /** The name and image a product's order lines last had. */
  product(id: number): { name: string; image: string } | undefined {
    return this.productInfo.get(id);
  }

  /** Everything counted, in a canonical form (tests compare it with a fresh recount). */
  snapshot(): unknown {
    const sorted = <V,>(map: Map<number | string, V>, f: (v: V) => unknown = (v) => v) =>
      [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, f(v)]);
    return {
      days: sorted(this.days as Map<number, DayTotals>, (d) => ({
        orders: d.orders,
        cents: d.cents,
        firstOrders: d.firstOrders,
        byStatus: sorted(d.byStatus),
        byPayment: sorted(d.byPayment),
        customers: sorted(d.customers),
        products: sorted(d.products, (p) => ({ ...p })),
      })),
      firstDay: sorted(this.firstDay),
      orders: this.contributions.size,
    };
  }
}
