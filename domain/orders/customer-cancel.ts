import type { OrderStatus } from '../schema/order';

/** The statuses in which a customer may cancel their own order (docs/sync.md "Customers"): before the shop started shipping it. */
export const customerCancellableStatuses: readonly OrderStatus[] = ['new', 'pending'];

/** Whether a customer may cancel an order of this status (the worker and the server refuse it otherwise: 409). */
export const customerMayCancel = (status: OrderStatus): boolean => customerCancellableStatuses.includes(status);
