import { z } from 'zod';
import type { RouteTable } from './context';
import { ApiError, json, numericId, readJsonObject, requireParam, validate } from './http';
import { orderListIndex, orderStore } from './storage/order-store';
import { listQuery, statusFilter } from './query';
import { computeOrderTotals } from './order-totals';
import { orderPatchSchema, orderSchema, orderStatuses, paymentMethods, type OrderSummaryCard } from './schema/order';
import { orderStatusOptions, orderSummaryCardDefinitions, paymentMethodOptions } from '../../seed/lookups';
import { monthLabels, monthlySeries } from '../../seed/monthly-series';
import { bulkInsertOrders } from './bulk-orders';

const NOT_FOUND = 'Order not found';

const paymentFilter = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  z.enum(paymentMethods).optional(),
);

export const orderRoutes: RouteTable = {
  '/api/orders': {
    async GET({ db, url }) {
      const idParam = url.searchParams.get('id');
      if (idParam !== null) {
        // As the contract says: an unknown id answers `false`, not an error.
        const order = (await orderStore(db).get(numericId(idParam))) ?? false;
        return json({ order });
      }
      const q = listQuery(url, { status: statusFilter(orderStatuses), payment: paymentFilter }, { index: orderListIndex, dateField: 'createAt' });
      const { rows, meta } = await orderStore(db).list(q);
      return json({ orders: rows, meta });
    },

    /** Merges the supplied fields into the order; the sums are recomputed, never taken from the client. */
    async PATCH({ db, request, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const patch = validate(orderPatchSchema, await readJsonObject(request));
      const order = await orderStore(db).update(id, (existing) => {
        const merged = { ...existing, ...patch };
        if (patch.status === 'delivered' && existing.status !== 'delivered' && patch.deliveredAt === undefined) {
          merged.deliveredAt = new Date().toISOString();
        }
        return validate(orderSchema, { ...merged, ...computeOrderTotals(merged) });
      });
      if (!order) throw new ApiError(404, NOT_FOUND);
      changed('orders');
      return json({ order });
    },

    async DELETE({ db, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const order = await orderStore(db).remove(id);
      if (!order) throw new ApiError(404, NOT_FOUND);
      changed('orders');
      return json({ order });
    },
  },

  /** Inserts up to 5,000 orders in one transaction (imports, benchmarks); see bulk-orders.ts. */
  '/api/orders/bulk': { POST: bulkInsertOrders },

  // 'statues' is the contract's spelling; 'statuses' is accepted too.
  '/api/orders/statues': { GET: async () => json(orderStatusOptions) },
  '/api/orders/statuses': { GET: async () => json(orderStatusOptions) },
  '/api/orders/payment-methods': { GET: async () => json(paymentMethodOptions) },

  /** The order summary cards, counted from the live orders. */
  '/api/orders/histories': {
    async GET({ db }) {
      const cards: OrderSummaryCard[] = await Promise.all(
        orderSummaryCardDefinitions.map(async ({ status, ...card }) => ({
          ...card,
          totalOrder: await orderStore(db).count(status ?? undefined),
        })),
      );
      return json(cards);
    },
  },

  '/api/orders/analytics': {
    GET: async () => json(monthLabels.map((month, i) => ({ month, value: monthlySeries[i] ?? 0 }))),
  },
};
