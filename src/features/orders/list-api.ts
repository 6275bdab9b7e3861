import type { Order, OrderSummaryCard } from '@schema/order';
import { resourceApi } from '@/components/data-table/resource-api';
import { api } from '@/lib/api-client';
import type { OrderMonth } from '../../../domain/contract/order-month';

/** The list kit's calls for orders (list, ids, delete and restore, bulk delete and status, export). */
export const ordersApi = resourceApi<Order>('/api/orders', 'orders');

/** One month of `GET /api/orders/analytics` (the 12 calendar months, UTC, ending with this one): the back end's type. */
export type { OrderMonth };

/** The six summary cards (Total, New, Pending, Shipping, Delivered, Cancelled), counted from the stored orders. */
export const getOrderHistories = (signal?: AbortSignal) => api.get<OrderSummaryCard[]>('/api/orders/histories', undefined, signal);

/** Orders placed per month, the last 12 months. */
export const getOrderAnalytics = (signal?: AbortSignal) => api.get<OrderMonth[]>('/api/orders/analytics', undefined, signal);
