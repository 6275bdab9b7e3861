import { ApiError, validate } from '../errors';
import { orderPatchSchema, orderSchema, type Order, type OrderStatus } from '../schema/order';

const orderItemsSchema = orderSchema.shape.items;
import type { OrderTimelineStep } from '../schema/values';
import { computeOrderTotals } from '../orders/order-totals';
import { canMarkOutForDelivery, withStatus, withStep } from '../orders/status-history';
import { assertOrderTransition, canMoveOrder } from '../orders/transitions';
import { withoutServerFields } from './server-fields';

export const ORDER_NOT_FOUND = 'Order not found';

/** An order's fields the server owns: its number, when it was placed, its sums and its history. */
const SERVER_FIELDS = ['id', 'invoiceId', 'createAt', 'subTotalAmount', 'totalAmount', 'statusHistory'] as const;

/**
 * `PATCH /api/orders`: the order with the supplied fields merged in. A status change must be
 * one the transitions allow (409 otherwise) and is recorded in the history; the sums are
 * recomputed, never taken from the client (sent back unchanged, they are ignored).
 */
export function orderPatched(current: Order, body: Record<string, unknown>, now: string): Order {
  const sent = { ...body };
  // The sums this patch would give count as unchanged too (a client that edits an item sends the old sums back).
  const items = sent.items ?? current.items;
  const amounts = { taxAmount: sent.taxAmount ?? current.taxAmount, discountAmount: sent.discountAmount ?? current.discountAmount, shippingChargeAmount: sent.shippingChargeAmount ?? current.shippingChargeAmount };
  const itemsSum = orderItemsSchema.safeParse(items);
  const computed = itemsSum.success && Object.values(amounts).every((n) => typeof n === 'number') ? computeOrderTotals({ items: itemsSum.data, ...(amounts as Pick<Order, 'taxAmount' | 'discountAmount' | 'shippingChargeAmount'>) }) : {};
  const patch = validate(orderPatchSchema, withoutServerFields(sent, SERVER_FIELDS, current, computed));
  if (patch.status !== undefined) assertOrderTransition(current, patch.status);
  // A deliveredAt sent with the patch wins over the one a move to delivered sets.
  const merged = { ...(patch.status === undefined ? current : withStatus(current, patch.status, now)), ...patch };
  return validate(orderSchema, { ...merged, ...computeOrderTotals(merged) });
}

/** Bulk status: each order moved (its history gains the step); 409 naming the orders that cannot move, then none moves. */
export function ordersWithStatus(orders: readonly Order[], status: OrderStatus, now: string): Order[] {
  const stuck = orders.filter((order) => !canMoveOrder(order.status, status));
  if (stuck.length > 0) {
    const list = stuck.map((order) => `${order.id} (${order.status})`).join(', ');
    throw new ApiError(409, `These orders cannot become ${status}: ${list}`);
  }
  return orders.map((order) => withStatus(order, status, now));
}

/** `POST /api/orders/:id/timeline` `{ step: 'out-for-delivery' }`: only a shipping order, once per shipment (409 otherwise). */
export function orderWithTimelineStep(current: Order, step: OrderTimelineStep, now: string): Order {
  if (!canMarkOutForDelivery(current)) throw new ApiError(409, 'Only a shipping order can be marked out for delivery');
  return withStep(current, step, now);
}

/** The order number a person reads: `#IN` and at least four digits (`#IN0042`). */
export const orderNumber = (n: number): string => `#IN${String(n).padStart(4, '0')}`;
