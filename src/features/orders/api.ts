import { api } from '@/lib/api-client';
import type { Order, OrderPatch } from '@schema/order';

/** An order as GET/PATCH answer it (its `statusHistory` is absent on orders stored before steps were kept). */
export type OrderDetails = Order;

/** The order, or `false` for an id this account has none with (the API's answer, not an error). */
export const getOrder = (id: number, signal?: AbortSignal) => api.get<{ order: OrderDetails | false }>('/api/orders', { id }, signal);

/** Merges the fields into the order; the answer has the sums recomputed and a status change recorded. */
export const patchOrder = (id: number, patch: OrderPatch) => api.patch<{ order: OrderDetails }>('/api/orders', { id }, patch);

/** Records "Out for delivery" (409 unless the order is shipping and not yet marked). */
export const markOutForDelivery = (id: number) => api.post<{ order: OrderDetails }>(`/api/orders/${id}/timeline`, { step: 'out-for-delivery' });
