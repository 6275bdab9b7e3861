// Random orders and queries, and the list contract written out plainly, for the tests
// that compare indexed list answers with a reference (list-equivalence, search-index-sorts,
// search-index-day-ranges, order-store).
import type { Order } from '../../../domain/schema/order';
import { PAGE_SIZE } from '../../../domain/schema/common';
import type { ListSort } from '../../../sw/api/storage/list-sort';
import type { OrderListQuery } from '../../../sw/api/orders/store/order-list-query';
import { compareSortValues } from '../../contract/support/helpers';

/** A list query as the order store takes it (the reference page below answers the same). */
export type OrderQuery = OrderListQuery;

export type Random = ReturnType<typeof random>;

/** A small deterministic PRNG (xorshift32), so a failure is reproducible from its seed. */
export function random(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

export const STATUSES = ['delivered', 'shipping', 'new', 'pending', 'return'] as const;
export const METHODS = ['Credit Card', 'Paypal', 'Visa Card', 'Master Card'] as const;
// '𝒜' (astral) and 'ｚ' (U+FF5A) sort differently by code point than by UTF-16 code unit.
export const NAMES = ['Amelia Hart', 'ÁLVARO Núñez', 'Ωmega Σίσυφος', 'Straße Groß', 'İlker Işık', 'lin chen', 'LIN CHEN', 'Zoë O’Brien', 'Ann', 'Hannah Annan', '𝒜da Lovelace', 'ｚed Full'];
// Few distinct dates, so many rows tie on the date and the primary key decides their order.
export const DATES = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, i % 6, 1 + i)).toISOString());
// Few distinct amounts: many ties on a sort by totalAmount.
export const AMOUNTS = [0, 9.5, 10, 99.99, 100, 1234];

/** The orders list's sort fields and their values, as the contract lists them. */
export const ORDER_SORTS: Readonly<Record<string, (o: Order) => string | number | null>> = {
  createAt: (o) => o.createAt,
  invoiceId: (o) => o.invoiceId,
  customer: (o) => o.customer.name,
  totalAmount: (o) => o.totalAmount,
  status: (o) => o.status,
  payment: (o) => o.payment.paymentMethod,
  deliveredAt: (o) => o.deliveredAt,
};

export function randomOrder(r: Random, n: number): Omit<Order, 'id'> {
  return {
    invoiceId: `#IN${String(1000 + n).padStart(4, '0')}`,
    createAt: r.pick(DATES),
    deliveredAt: r.next() < 0.5 ? null : r.pick(DATES),
    customer: { id: 1, name: r.pick(NAMES), email: 'a@example.com', phone: '+1 555 0100' },
    billing: 'b',
    shipping: 's',
    status: r.pick(STATUSES),
    payment: { id: 1, paymentMethod: r.pick(METHODS), cardNumber: '**** 1234' },
    items: [{ id: 1, name: 'x', image: '/x.svg', price: 1, quantity: 1 }],
    subTotalAmount: 1,
    totalAmount: r.pick(AMOUNTS),
    taxAmount: 0,
    discountAmount: 0,
    shippingChargeAmount: 0,
  };
}

/** The UTC day (YYYY-MM-DD) of an ISO date, with or without an offset. */
export const utcDay = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/** List order: newest first, then the higher id. */
const newestFirst = (a: Order, b: Order) => (a.createAt < b.createAt ? 1 : a.createAt > b.createAt ? -1 : b.id - a.id);

/** The contract's definition, written out plainly: filter all rows, sort (ties in list order), slice. */
export function referencePage(all: readonly Order[], q: OrderQuery) {
  const needle = q.search?.toLowerCase();
  const { sort } = q;
  const pageSize = q.pageSize ?? PAGE_SIZE;
  const matching = all
    .filter((o) => q.status === undefined || o.status === q.status)
    .filter((o) => q.payment === undefined || o.payment.paymentMethod === q.payment)
    .filter((o) => (q.from === undefined || utcDay(o.createAt) >= q.from) && (q.to === undefined || utcDay(o.createAt) <= q.to))
    .filter((o) => !needle || [o.invoiceId, o.customer.name].some((v) => String(v).toLowerCase().includes(needle)))
    .sort((a, b) => (sort ? compareSortValues(ORDER_SORTS[sort.field]!(a), ORDER_SORTS[sort.field]!(b), sort.order) : 0) || newestFirst(a, b));
  const offset = (q.page - 1) * pageSize;
  const total = matching.length;
  return {
    rows: matching.slice(offset, offset + pageSize),
    meta: { page: q.page, pageSize, total, totalPages: Math.ceil(total / pageSize), firstIndex: offset, lastIndex: Math.min(offset + pageSize, total) },
  };
}

/** A sort in about half the queries: any field, either direction. */
function randomSort(r: Random): ListSort | undefined {
  return r.next() < 0.5 ? undefined : { field: r.pick(Object.keys(ORDER_SORTS)), order: r.pick(['asc', 'desc'] as const) };
}

/** A day range over DATES in about a third of the queries: either end or both, each on, or a day off, a date's day. */
function randomRange(r: Random): Pick<OrderQuery, 'from' | 'to'> {
  if (r.next() >= 0.35) return {};
  const day = () => utcDay(new Date(Date.parse(r.pick(DATES)) + (r.int(3) - 1) * 86_400_000).toISOString());
  const [a, b] = [day(), day()].sort();
  const shape = r.int(3);
  return shape === 0 ? { from: a } : shape === 1 ? { to: b } : { from: a, to: b };
}

/** A random list query; with `dateRange`, also a from/to day range in about a third of them. */
export function randomQuery(r: Random, rowsCount: number, { dateRange = false } = {}): OrderQuery {
  const pageSize = r.pick([undefined, 1, 7, 25]);
  const pages = Math.max(1, Math.ceil(rowsCount / (pageSize ?? PAGE_SIZE)));
  const name = r.pick(NAMES);
  const start = r.int(name.length);
  const fragment = name.slice(start, start + 1 + r.int(5));
  const searches = [
    undefined,
    fragment,
    fragment.toUpperCase(),
    fragment.toLowerCase(),
    `#in${r.int(10)}`,
    `IN1${r.int(10)}`,
    'σ',
    'ß',
    'ss',
    'i̇',
    'ann',
    'no such text',
  ];
  return {
    page: r.next() < 0.7 ? 1 + r.int(Math.min(pages, 3)) : 1 + r.int(pages + 1),
    status: r.next() < 0.4 ? r.pick(STATUSES) : undefined,
    payment: r.next() < 0.3 ? r.pick(METHODS) : undefined,
    search: r.pick(searches),
    sort: randomSort(r),
    pageSize,
    ...(dateRange ? randomRange(r) : {}),
  };
}

