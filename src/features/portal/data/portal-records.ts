import type { OrderStatus } from '@schema/order';
import type { TicketStatus } from '@schema/ticket';
import { customerMayCancel } from '../../../../domain/orders/customer-cancel';

/*
 * What the portal's screens decide about a customer's own records: which orders are still on
 * their way, which tickets wait for an answer, and whether an order may be cancelled (the
 * shared rule the worker and the server apply).
 */

/** The statuses of an order still on its way to the customer, from newest step back. */
export const openOrderStatuses: readonly OrderStatus[] = ['new', 'pending', 'shipping'];

/** An order the customer is still waiting for (not delivered, not returned). */
export const isOpenOrder = (status: OrderStatus): boolean => openOrderStatuses.includes(status);

/** A ticket not closed: the customer or the team still has something to say. */
export const isOpenTicket = (status: TicketStatus): boolean => status !== 'closed';

/** Whether the customer may cancel the order now (new or pending): the worker and the server refuse it otherwise. */
export const mayCancel = (status: OrderStatus): boolean => customerMayCancel(status);

/** The My orders filter: every order, the open ones, or one status. */
export const orderFilters = ['all', 'open', ...(['new', 'pending', 'shipping', 'delivered', 'return'] as const)] as const;
export type OrderFilter = (typeof orderFilters)[number];

/** The filter from the URL's `?status=`: an unknown value is every order. */
export const orderFilterOf = (value: unknown): OrderFilter => ((orderFilters as readonly unknown[]).includes(value) ? (value as OrderFilter) : 'all');

/** The orders the filter keeps, in their order: every one, those still on their way, or one status. */
export const ordersMatching = <T extends { status: OrderStatus }>(orders: readonly T[], filter: OrderFilter): T[] =>
  filter === 'all' ? [...orders] : orders.filter((order) => (filter === 'open' ? isOpenOrder(order.status) : order.status === filter));
