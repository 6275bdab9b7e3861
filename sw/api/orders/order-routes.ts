import { z } from 'zod';
import type { RouteTable } from '../context';
import { ApiError, json, numericId, readJsonObject, requireParam, validate } from '../http';
import { orderStore } from './store/order-store';
import { bodyIdSchema } from '../../../domain/schema/common';
import { orderStatusSchema, type OrderSummaryCard } from '../../../domain/schema/order';
import { orderPatched, ordersWithStatus, orderWithTimelineStep } from '../../../domain/writes/orders';
import { orderParts, orderToPlace, placedOrder } from '../../../domain/writes/place-order';
import { orderStatusOptions, orderSummaryCardDefinitions, paymentMethodOptions } from '../../../seed/lookups';
import { bulkInsertOrders } from './bulk-orders';
import { ordersQuery } from './order-query';
import { ORDER_NOT_FOUND, restoreOrders, trashOrders } from './order-trash';
import { orderAnalytics } from './order-months';

/** Ids one restore, bulk delete or bulk status call may name (as the records kit). */
const MAX_IDS = 10_000;
const ids = z.array(bodyIdSchema).min(1, 'Send at least one id').max(MAX_IDS, `At most ${MAX_IDS} ids per call`);
const idsBody = z.object({ ids }).strict();
const statusBody = z.object({ ids, status: orderStatusSchema }).strict();
const timelineBody = z.object({ step: z.literal('out-for-delivery') }).strict();

const notFound = () => new ApiError(404, ORDER_NOT_FOUND);
const notFoundIds = (unknown: number[]) => new ApiError(404, `${ORDER_NOT_FOUND}: ${unknown.join(', ')}`);

export const orderRoutes: RouteTable = {
  '/api/orders': {
    async GET({ db, url }) {
      const idParam = url.searchParams.get('id');
      if (idParam !== null) {
        // As the contract says: an unknown id answers `false`, not an error.
        const order = (await orderStore(db).get(numericId(idParam))) ?? false;
        return json({ order });
      }
      const store = orderStore(db);
      const { rows, meta } = await store.list(ordersQuery(url));
      // A call that waited for the order index to load says how long its phases took, and the
      // first call after an idle-time save of the index how long that took (npm run bench reads both).
      const timing = [store.takeLoadTiming(), store.takeSaveTiming()].filter((value) => value !== undefined).join(', ');
      return json({ orders: rows, meta }, 200, timing ? { 'server-timing': timing } : undefined);
    },

    /**
     * Places an order for a customer (domain/writes/place-order.ts, the shop server's rule): the
     * customer and the lines from the stored user record and products (published, in stock), status
     * `new`, the next order number. 201 `{ order }`.
     */
    async POST({ db, request, changed }) {
      const input = orderToPlace(await readJsonObject(request));
      const [user, products] = await db.transaction('r', db.users, db.products, () =>
        Promise.all([db.users.get(input.customerId), db.products.bulkGet(input.items.map((item) => item.productId))]),
      );
      const { customer, items } = orderParts(input, user, products);
      const store = orderStore(db);
      const invoiceId = await store.nextOrderNumber();
      const now = new Date().toISOString();
      const order = await store.place((id) => placedOrder(input, customer, items, { id, invoiceId }, now));
      changed('orders');
      return json({ order }, 201);
    },

    /** Merges the supplied fields; a status change is recorded in the history; the sums are recomputed, never taken from the client. */
    async PATCH({ db, request, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const body = await readJsonObject(request);
      const now = new Date().toISOString();
      const order = await orderStore(db).update(id, (existing) => orderPatched(existing, body, now));
      if (!order) throw notFound();
      changed('orders');
      return json({ order });
    },

    /** To the trash (24 h, `POST /api/orders/restore` brings it back). */
    async DELETE({ db, url, changed }) {
      const id = numericId(requireParam(url, 'id'));
      const [order] = await trashOrders(db, [id], notFound);
      changed('orders');
      return json({ order });
    },
  },

  /** Every id the list query matches, in its order (for "select all N matching"). */
  '/api/orders/ids': {
    async GET({ db, url }) {
      const { page: _page, pageSize: _pageSize, ...filters } = ordersQuery(url);
      return json(await orderStore(db).ids(filters));
    },
  },

  '/api/orders/restore': {
    async POST({ db, request, changed }) {
      const orders = await restoreOrders(db, validate(idsBody, await readJsonObject(request)).ids);
      changed('orders');
      return json({ orders });
    },
  },

  '/api/orders/bulk-delete': {
    async POST({ db, request, changed }) {
      const orders = await trashOrders(db, validate(idsBody, await readJsonObject(request)).ids, notFoundIds);
      changed('orders');
      return json({ orders });
    },
  },

  /** Each order's status change is recorded in its history (all or none: 404 for an unknown id). */
  '/api/orders/bulk-status': {
    async POST({ db, request, changed }) {
      const { ids: wanted, status } = validate(statusBody, await readJsonObject(request));
      const now = new Date().toISOString();
      // All or none: the first order that cannot move refuses the call (409), inside the write's transaction.
      const orders = await orderStore(db).updateMany(wanted, (order) => ordersWithStatus([order], status, now)[0]!, notFoundIds);
      changed('orders');
      return json({ orders });
    },
  },

  /** Records a step that has no status of its own: 'out-for-delivery', for a shipping order. */
  '/api/orders/:id/timeline': {
    async POST({ db, request, params, changed }) {
      const id = numericId(params.id ?? '');
      const { step } = validate(timelineBody, await readJsonObject(request));
      const now = new Date().toISOString();
      const order = await orderStore(db).update(id, (existing) => orderWithTimelineStep(existing, step, now));
      if (!order) throw notFound();
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

  /** The order summary cards, counted from the stored orders (one pass over the index, kept until the next write). */
  '/api/orders/histories': {
    async GET({ db }) {
      const counts = await orderStore(db).summary('status-counts', (index) => index.statusCounts());
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      const cards: OrderSummaryCard[] = orderSummaryCardDefinitions.map(({ status, ...card }) => ({
        ...card,
        totalOrder: status === null ? total : (counts.get(status) ?? 0),
      }));
      return json(cards);
    },
  },

  /** Orders placed and revenue per month, the 12 months (UTC) ending with this one (analytics.ts). */
  '/api/orders/analytics': { GET: async ({ db }) => json(await orderAnalytics(db)) },
};
