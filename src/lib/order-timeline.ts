import type { OrderHistoryEntry, OrderStatus } from '@schema/order';
import type { OrderTimelineStep } from '@schema/values';
import { canMarkOutForDelivery, stepOfStatus } from '../../domain/orders/status-history';
import { translatedLabels } from './translated-labels';

export type { OrderTimelineStep };

/** One recorded step of an order's `statusHistory` (server-owned). */
export type StatusChange = OrderHistoryEntry;

/** What the timeline needs of an order. */
export interface TimelineSource {
  status: OrderStatus;
  createAt: string;
  deliveredAt: string | null;
  /** Absent on orders stored before histories were recorded. */
  statusHistory?: ReadonlyArray<StatusChange> | undefined;
}

export type TimelineState = 'done' | 'current' | 'upcoming';

export interface TimelineEntry {
  step: OrderTimelineStep;
  label: string;
  state: TimelineState;
  /** When the step was (last) reached; null when not recorded or still to come. */
  at: string | null;
}

export const timelineStepLabels: Record<OrderTimelineStep, string> = translatedLabels({
  placed: 'common.timeline.placed',
  processing: 'common.timeline.processing',
  shipped: 'common.timeline.shipped',
  'out-for-delivery': 'common.timeline.outForDelivery',
  delivered: 'common.timeline.delivered',
  returned: 'common.timeline.returned',
});

/** The step a status change records: the back end's own mapping (zod-free, safe to share). */
export { stepOfStatus };

/** The way to delivery; a returned order ends in Returned after the steps it reached. */
const deliveryPath: ReadonlyArray<OrderTimelineStep> = ['placed', 'processing', 'shipped', 'out-for-delivery', 'delivered'];

/** Where `step` was last recorded in `history`; -1: never. (The app targets ES2022: no findLastIndex.) */
function lastIndexOf(history: ReadonlyArray<StatusChange>, step: OrderTimelineStep): number {
  for (let index = history.length - 1; index >= 0; index--) if (history[index]?.step === step) return index;
  return -1;
}

/** The history since the order was last (re)placed: a re-opened order starts over there. */
function currentRun(history: ReadonlyArray<StatusChange>): ReadonlyArray<StatusChange> {
  const lastPlaced = lastIndexOf(history, 'placed');
  return lastPlaced === -1 ? history : history.slice(lastPlaced);
}

/** Out for delivery counts only when recorded after the last Shipped (shipping again starts afresh). */
function outForDeliveryRecorded(run: ReadonlyArray<StatusChange>): boolean {
  const lastShipped = lastIndexOf(run, 'shipped');
  return run.slice(lastShipped + 1).some((change) => change.step === 'out-for-delivery');
}

/** True when the order is shipping and not yet marked out for delivery: the back end's own rule (zod-free), as POST /timeline applies it. */
export { canMarkOutForDelivery };

/**
 * The order's timeline: Placed → Processing → Shipped → Out for delivery → Delivered, or the
 * steps a returned order reached followed by Returned. The step of the current status is
 * `current`, the ones before it `done` and the rest `upcoming`. Each reached step carries the
 * time of its latest record since the last Placed; Placed falls back to `createAt` (orders
 * without a history) and Delivered to `deliveredAt`.
 */
export function buildOrderTimeline(order: TimelineSource): TimelineEntry[] {
  const run = currentRun(order.statusHistory ?? []);
  const recordedAt = (step: OrderTimelineStep): string | null => {
    const latest = run[lastIndexOf(run, step)];
    if (latest) return latest.at;
    if (step === 'placed') return order.createAt;
    if (step === 'delivered') return order.deliveredAt;
    return null;
  };

  let steps: ReadonlyArray<OrderTimelineStep>;
  let currentIndex: number;
  if (order.status === 'return') {
    // The way to delivery as far as this run got (steps skipped on the way count as passed).
    const furthest = Math.max(0, ...run.map((change) => deliveryPath.indexOf(change.step)));
    steps = [...deliveryPath.slice(0, furthest + 1), 'returned'];
    currentIndex = steps.length - 1;
  } else {
    steps = deliveryPath;
    const step = order.status === 'shipping' && outForDeliveryRecorded(run) ? 'out-for-delivery' : stepOfStatus[order.status];
    currentIndex = deliveryPath.indexOf(step);
  }

  return steps.map((step, index) => {
    const state: TimelineState = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming';
    return { step, label: timelineStepLabels[step], state, at: state === 'upcoming' ? null : recordedAt(step) };
  });
}
