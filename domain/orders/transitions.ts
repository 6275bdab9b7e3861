import { ApiError } from '../errors';
import type { OrderStatus } from '../schema/order';

/**
 * Which status may follow which (docs/api.md, "Order statuses"). An order goes forward,
 * new → pending (being prepared) → shipping → delivered, and may skip steps (an order
 * collected at the counter goes from pending to delivered); a pending order may go back to
 * new (put on hold); once it has shipped it can only be delivered or come back as a return,
 * and a return is final. Setting the status an order already has changes nothing and is
 * always allowed.
 */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['pending', 'shipping', 'delivered'],
  pending: ['new', 'shipping', 'delivered'],
  shipping: ['delivered', 'return'],
  delivered: ['return'],
  return: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || orderTransitions[from].includes(to);
}

/** What the refusal says: the order, where it is and where it can go. */
export function transitionRefusal(id: number, from: OrderStatus, to: OrderStatus): string {
  const next = orderTransitions[from];
  const allowed = next.length === 0 ? 'a returned order does not change status' : `it can become ${next.join(' or ')}`;
  return `Order ${id} is ${from} and cannot become ${to}: ${allowed}`;
}

/** 409 when the order cannot move from its status to `to` (a concurrent change may have moved it). */
export function assertOrderTransition(order: { id: number; status: OrderStatus }, to: OrderStatus): void {
  if (!canMoveOrder(order.status, to)) throw new ApiError(409, transitionRefusal(order.id, order.status, to));
}
