import { z } from 'zod';
import type { RouteTable } from './context';
import { ApiError, json, numericId, readJsonObject, requireParam, validate } from './http';
import { listPage } from './list-query';
import type { SearchSpec } from './search-index';
import { listQuery, statusFilter } from './query';
import { computeOrderTotals } from './order-totals';
import { orderPatchSchema, orderSchema, orderStatuses, paymentMethods, type Order, type OrderSummaryCard } from './schema/order';
import { orderStatusOptions, orderSummaryCardDefinitions, paymentMethodOptions } from '../../seed/lookups';
import { monthLabels, monthlySeries } from '../../seed/monthly-series';
import { bulkInsertOrders } from './bulk-orders';

const NOT_FOUND = 'Order not found';

/** What the orders list searches (invoiceId, customer name) and filters on besides status (payment method). */
export const orderListIndex: SearchSpec<Order> = {
  name: 'orders',
  text: (o) => [o.invoiceId, o.customer?.name],
  facets: { payment: (o) => o.payment?.paymentMethod },
};

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
        const order = (await db.orders.get(numericId(idParam))) ?? false;
        return json({ order });
      }
      const q = listQuery(url, { status: statusFilter(orderStatuses), payment: paymentFilter });
      const { rows, meta } = await listPage({
        table: db.orders,
        dateField: 'createAt',
        page: q.page,
        status: q.status,
        search: q.search,
        facets: { payment: q.payment },
        index: orderListIndex,
      });
      return json({ orders: rows, meta });
    },

    /** Merges the supplied fields into the order; the sums are recomputed, never taken from the client. */
    async PATCH({ db, request, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const patch = validate(orderPatchSchema, await readJsonObject(request));
      const order = await db.transaction('rw', db.orders, async () => {
        const existing = await db.orders.get(id);
        if (!existing) throw new ApiError(404, NOT_FOUND);
        const merged = { ...existing, ...patch };
        if (patch.status === 'delivered' && existing.status !== 'delivered' && patch.deliveredAt === undefined) {
          merged.deliveredAt = new Date().toISOString();
        }
        const next = validate(orderSchema, { ...merged, ...computeOrderTotals(merged) });
        await db.orders.put(next);
        return next;
      });
      changed('orders');
      return json({ order });
    },

    async DELETE({ db, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const order = await db.transaction('rw', db.orders, async () => {
        const existing = await db.orders.get(id);
        if (!existing) throw new ApiError(404, NOT_FOUND);
        await db.orders.delete(id);
        return existing;
      });
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
          totalOrder: status === null ? await db.orders.count() : await db.orders.where('status').equals(status).count(),
        })),
      );
      return json(cards);
    },
  },

  '/api/orders/analytics': {
    GET: async () => json(monthLabels.map((month, i) => ({ month, value: monthlySeries[i] ?? 0 }))),
  },
};
