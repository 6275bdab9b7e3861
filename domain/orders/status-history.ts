// Zod-free (types only from the schema), so the seed and the client can build and read histories without the schema library.
import type { Order, OrderHistoryEntry, OrderStatus } from '../schema/order';
import { MAX_HISTORY_STEPS, type OrderTimelineStep } from '../schema/values';
import { isoInstant } from './iso-instant';

/** The timeline step a change to each status records. */
export const stepOfStatus: Readonly<Record<OrderStatus, OrderTimelineStep>> = {
  new: 'placed',
  pending: 'processing',
  shipping: 'shipped',
  delivered: 'delivered',
  return: 'returned',
};

const HOUR_MS = 3_600_000;

/** What reading an order's history needs of it (the client's timeline holds a read-only copy). */
interface HistorySource {
  createAt: string;
  statusHistory?: readonly OrderHistoryEntry[] | undefined;
}

/** The history an order has so far: its recorded one, or (stored before histories were kept) "placed" at createAt. */
function historySoFar(order: HistorySource): readonly OrderHistoryEntry[] {
  return order.statusHistory ?? [{ step: 'placed', at: order.createAt }];
}

/** The history with one more step; past MAX_HISTORY_STEPS the oldest after 'placed' make room. */
function appended(order: HistorySource, entry: OrderHistoryEntry): OrderHistoryEntry[] {
  const history = [...historySoFar(order), entry];
  return history.length <= MAX_HISTORY_STEPS ? history : [history[0]!, ...history.slice(history.length - MAX_HISTORY_STEPS + 1)];
}

/**
 * The order moved to `status` at `now`: its history gains the status's step, and moving to
 * delivered sets deliveredAt to now. An order already in that status is left as it is.
 */
export function withStatus(order: Order, status: OrderStatus, now: string): Order {
  if (status === order.status) return order;
  const deliveredAt = status === 'delivered' ? now : order.deliveredAt;
  return { ...order, status, deliveredAt, statusHistory: appended(order, { step: stepOfStatus[status], at: now }) };
}

/**
 * Whether the order can be marked out for delivery: it is shipping, and no 'out-for-delivery'
 * is recorded since it last shipped. What POST /api/orders/:id/timeline accepts; the order page
 * asks the same before offering the button.
 */
export function canMarkOutForDelivery(order: HistorySource & Pick<Order, 'status'>): boolean {
  if (order.status !== 'shipping') return false;
  const history = historySoFar(order);
  const lastShipped = history.map((entry) => entry.step).lastIndexOf('shipped');
  return !history.slice(lastShipped + 1).some((entry) => entry.step === 'out-for-delivery');
}

/** The order with `step` recorded at `now`. */
export function withStep(order: Order, step: OrderTimelineStep, now: string): Order {
  return { ...order, statusHistory: appended(order, { step, at: now }) };
}

/**
 * A plausible history for an order that comes without one (the sample orders, bulk imports),
 * built from what it has: placed at createAt; then, as far as its status has gone, processing
 * a few hours later, shipped a day later, and for a delivered order out for delivery the
 * morning of deliveredAt and delivered at deliveredAt (steps are spread over the time between
 * createAt and deliveredAt when that is short); a returned order was returned a few days after
 * it shipped (or was delivered). Pure: the same order always gets the same history.
 */
export function plausibleHistory({ status, createAt, deliveredAt }: Pick<Order, 'status' | 'createAt' | 'deliveredAt'>): OrderHistoryEntry[] {
  const placed = Date.parse(createAt);
  const history: OrderHistoryEntry[] = [{ step: 'placed', at: createAt }];
  if (status === 'new') return history;
  const delivered = deliveredAt === null ? undefined : Date.parse(deliveredAt);
  // The steps before delivery fit between createAt and deliveredAt, however short the time.
  const span = delivered !== undefined && delivered > placed ? delivered - placed : 72 * HOUR_MS;
  const after = (hours: number, share: number) => placed + Math.min(hours * HOUR_MS, span * share);
  history.push({ step: 'processing', at: isoInstant(after(3, 0.1)) });
  if (status === 'pending') return history;
  const shipped = after(26, 0.4);
  history.push({ step: 'shipped', at: isoInstant(shipped) });
  if (status === 'shipping') return history;
  if (delivered !== undefined || status === 'delivered') {
    const deliveredMs = Math.max(delivered ?? placed + span, shipped);
    history.push({ step: 'out-for-delivery', at: isoInstant(Math.max(shipped, deliveredMs - 5 * HOUR_MS)) });
    history.push({ step: 'delivered', at: isoInstant(deliveredMs) });
    if (status === 'delivered') return history;
    history.push({ step: 'returned', at: isoInstant(deliveredMs + 72 * HOUR_MS) });
    return history;
  }
  history.push({ step: 'returned', at: isoInstant(shipped + 96 * HOUR_MS) });
  return history;
}
