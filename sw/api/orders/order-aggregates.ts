import type { Order } from '../../../domain/schema/order';
import { civilFromDays } from '../../../domain/orders/iso-instant';
import { DAY_MS, toCents } from '../../../domain/units';

/**
 * The orders' figures the dashboards read, kept per UTC day and persisted (the `derived`
 * table: orders/store/order-derived.ts encodes and stores them) so that a worker that has just
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
export interface Contribution {
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

export const add = <K,>(map: Map<K, number>, key: K, by: number): void => {
  const next = (map.get(key) ?? 0) + by;
  if (next === 0) map.delete(key);
  else map.set(key, next);
};

export const isId = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function contributionOf(order: Order): Contribution | null {
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

export const emptyDay = (): DayTotals => ({ orders: 0, cents: 0, firstOrders: 0, byStatus: new Map(), byPayment: new Map(), customers: new Map(), products: new Map() });
export const emptyMonth = (): MonthTotals => ({ days: new Map(), latest: new Float64Array(0) });

/** Whether [msA, idA] comes before [msB, idB] newest first. */
const newer = (msA: number, idA: number, msB: number, idB: number): boolean => msA > msB || (msA === msB && idA > idB);

/** A month's `latest` without the `removed` ids and with the `added` pairs (flat: ms, id, …), still newest first. */
export function mergeLatest(latest: Float64Array, removed: ReadonlySet<number>, added: readonly number[]): Float64Array {
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
