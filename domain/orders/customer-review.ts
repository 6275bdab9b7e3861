import type { Order } from '../schema/order';

/*
 * Which products a customer may review: those of their delivered orders (docs/sync.md,
 * "Customers"). domain/sync/customer-writes.ts refuses the others (the shop server and the
 * worker); the portal's product page offers "Write a review" by the same rule.
 */

/** Whether one of `orders` (the customer's own) is delivered and has `productId` among its lines. */
export const hasDeliveredProduct = (orders: ReadonlyArray<Pick<Order, 'status' | 'items'>>, productId: number): boolean =>
  orders.some((order) => order.status === 'delivered' && order.items.some((item) => item.id === productId));
