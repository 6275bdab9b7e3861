import type { Order, OrderItem, OrderStatus } from '../../domain/schema/order';
import type { Product } from '../../domain/schema/product';
import type { User } from '../../domain/schema/user';
import { paymentMethods } from '../../domain/schema/values';
import { computeOrderTotals } from '../../domain/orders/order-totals';
import { plausibleHistory } from '../../domain/orders/status-history';
import { isoInstant } from '../../domain/orders/iso-instant';
import { DAY_MS, HOUR_MS } from '../../domain/units';
import { orderInstants } from './rhythm';
import { postalAddress } from './people';
import { shuffled, type Random } from './random';

/*
 * The sample orders: placed with the weekly and seasonal rhythm (rhythm.ts) by customers who
 * had joined by then, for the shop's products (a few sell far more than the rest), each with
 * the status its age makes plausible and the history that status implies
 * (domain/orders/status-history.ts), so no step lies in the future.
 */

export type CatalogProduct = Pick<Product, 'id' | 'title' | 'featureImage' | 'price'>;
export type SampleOrder = Omit<Order, 'id'>;

/** The status of an order placed `ageMs` ago, and when it was delivered (null: not yet, or never). */
function statusForAge(random: Random, placed: number, ageMs: number): { status: OrderStatus; deliveredAt: number | null } {
  const hours = ageMs / HOUR_MS;
  // The steps plausibleHistory records: processing 3 h after placing, shipped 26 h after.
  if (hours < 12) return { status: 'new', deliveredAt: null };
  if (hours < 30) return { status: random.chance(0.35) ? 'new' : 'pending', deliveredAt: null };
  if (hours < 72) return { status: random.chance(0.3) ? 'pending' : 'shipping', deliveredAt: null };
  if (hours < 8 * 24) {
    if (random.chance(0.45)) return { status: 'shipping', deliveredAt: null };
    return { status: 'delivered', deliveredAt: placed + 48 * HOUR_MS + random.int(Math.max(1, ageMs - 49 * HOUR_MS)) };
  }
  const deliveredAt = placed + 36 * HOUR_MS + random.int(3 * DAY_MS);
  return { status: random.chance(0.09) ? 'return' : 'delivered', deliveredAt };
}

/** A product's share of the sales: the catalogue in a seeded order, the first ones selling most. */
function popularity(random: Random, products: readonly CatalogProduct[]): number[] {
  const ranks = shuffled(random, products.map((_, i) => i));
  const weights = new Array<number>(products.length);
  ranks.forEach((productIndex, rank) => (weights[productIndex] = 1 / (rank + 1) ** 0.8));
  return weights;
}

function orderItems(random: Random, products: readonly CatalogProduct[], weights: readonly number[]): OrderItem[] {
  const lines = random.weighted([1, 2, 3, 4], [55, 28, 12, 5]);
  const chosen = new Map<number, CatalogProduct>();
  for (let n = 0; n < lines * 3 && chosen.size < Math.min(lines, products.length); n++) {
    const product = random.weighted(products, weights);
    chosen.set(product.id, product);
  }
  return [...chosen.values()].map((product) => ({
    id: product.id,
    name: product.title,
    image: product.featureImage,
    price: product.price,
    quantity: random.weighted([1, 2, 3, 4], [70, 20, 7, 3]),
  }));
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * `count` orders over the year before `now`, oldest first, by `customers` (in the order they
 * joined) for `products`, made `batch` at a time (a fill stores each batch before the next is
 * made: 100,000 orders at once would be ~100 MB for the garbage collector to walk). The
 * batches' orders are the same whatever `batch` is. `firstInvoiceNumber` numbers their
 * invoice ids (`#IN10001`, …).
 */
export function* sampleOrderBatches(
  random: Random,
  now: number,
  count: number,
  customers: readonly User[],
  products: readonly CatalogProduct[],
  batch: number,
  firstInvoiceNumber = 10_001,
): Generator<SampleOrder[]> {
  if (customers.length === 0 || products.length === 0) return;
  const weights = popularity(random, products);
  const joined = customers.map((customer) => Date.parse(customer.createAt));
  const instants = orderInstants(random, now, count);
  const shop: Shop = { now, products, weights, firstInvoiceNumber };
  let eligible = 0;
  for (let from = 0; from < instants.length; from += batch) {
    const orders: SampleOrder[] = [];
    for (let i = from; i < Math.min(instants.length, from + batch); i++) {
      const placed = instants[i]!;
      while (eligible < customers.length && joined[eligible]! <= placed) eligible++;
      orders.push(sampleOrder(random, shop, placed, i, i === count - 1, customers[random.int(Math.max(1, eligible))]!));
    }
    yield orders;
  }
}

/** What every order of a run is made with. */
interface Shop {
  now: number;
  products: readonly CatalogProduct[];
  /** Each product's share of the sales. */
  weights: readonly number[];
  firstInvoiceNumber: number;
}

/** One order placed at `placed` by `buyer` (the newest order is always still new: a shop always has one it has not started on). */
function sampleOrder(random: Random, { now, products, weights, firstInvoiceNumber }: Shop, placed: number, i: number, newest: boolean, buyer: User): SampleOrder {
  const items = orderItems(random, products, weights);
  const subTotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const { status, deliveredAt } = newest ? { status: 'new' as const, deliveredAt: null } : statusForAge(random, placed, now - placed);
  const address = postalAddress(random, buyer.address);
  const order: SampleOrder = {
    invoiceId: `#IN${firstInvoiceNumber + i}`,
    createAt: isoInstant(placed),
    deliveredAt: deliveredAt === null ? null : isoInstant(Math.min(deliveredAt, now)),
    customer: { id: buyer.id, name: buyer.name, email: buyer.email, phone: buyer.phone },
    billing: address,
    shipping: random.chance(0.85) ? address : postalAddress(random, buyer.address),
    status,
    payment: {
      id: i + 1,
      paymentMethod: random.weighted(paymentMethods, PAYMENT_WEIGHTS),
      cardNumber: `**** **** **** ${String(random.int(10_000)).padStart(4, '0')}`,
    },
    items,
    subTotalAmount: 0,
    totalAmount: 0,
    taxAmount: cents(subTotal * 0.08),
    discountAmount: random.chance(0.2) ? cents(subTotal * random.pick([0.05, 0.1])) : 0,
    shippingChargeAmount: subTotal >= 100 ? 0 : 7.5,
  };
  Object.assign(order, computeOrderTotals(order));
  order.statusHistory = plausibleHistory(order);
  return order;
}

const PAYMENT_WEIGHTS = [40, 25, 20, 15];
