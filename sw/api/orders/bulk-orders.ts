import type { Handler } from '../context';
import { json } from '../http';
import { readBulkBody, validateRowsInSlices } from '../records/bulk-rows';
import { phaseTimer } from '../server-timing';
import { computeOrderTotals } from '../../../domain/orders/order-totals';
import { orderSchema, type Order } from '../../../domain/schema/order';
import { money } from '../../../domain/schema/common';
import { orderStore } from '../storage/order-store';
import { plausibleHistory } from '../../../domain/orders/status-history';

/** Orders one `POST /api/orders/bulk` call may insert. */
export const MAX_BULK_ORDERS = 5_000;

/**
 * One order of a bulk import: the order as stored, minus `id` (the database assigns it).
 * `subTotalAmount` and `totalAmount` may be left out; they are computed from the items, and
 * when sent they must equal what the items give (so an export can be imported as is).
 * `statusHistory` may be left out: a plausible one is built from status, createAt and deliveredAt.
 */
export const bulkOrderSchema = orderSchema
  .omit({ id: true, subTotalAmount: true, totalAmount: true })
  .extend({ subTotalAmount: orderSchema.shape.subTotalAmount.optional(), totalAmount: orderSchema.shape.totalAmount.optional() })
  .strict()
  .superRefine((order, ctx) => {
    const sums = computeOrderTotals(order);
    // The sums are stored: each must be an amount an order may hold (a price times a quantity can pass it), as a PATCH checks.
    if (!money.safeParse(sums.subTotalAmount).success || !money.safeParse(sums.totalAmount).success) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'The order total must be at most 1,000,000,000' });
    }
    // Usually neither sum is sent: then there is nothing to compare (the handler computes them).
    if (order.subTotalAmount === undefined && order.totalAmount === undefined) return;
    for (const field of ['subTotalAmount', 'totalAmount'] as const) {
      const sent = order[field];
      if (sent !== undefined && Math.round(sent * 100) !== Math.round(sums[field] * 100)) {
        ctx.addIssue({ code: 'custom', path: [field], message: `must equal ${sums[field]} (computed from the items)` });
      }
    }
  });

/**
 * `POST /api/orders/bulk` `{ orders: [...] }`: inserts up to 5,000 orders in one transaction.
 * Every order is checked before anything is written; one bad order rejects the call (400
 * naming `orders.<index>.<field>`) and nothing is inserted. 201 `{ inserted, firstId, lastId }`.
 */
export const bulkInsertOrders: Handler = async ({ db, request, changed }) => {
  const timing = phaseTimer();
  const { rows } = await readBulkBody(request, { field: 'orders', noun: 'order', max: MAX_BULK_ORDERS });
  timing.end('read');
  // zod's outputs are new objects: completed in place, they become the stored orders (no further copies at 100,000 rows).
  // Checked in slices: an import's previous call is writing meanwhile, and its requests are answered between them.
  const orders: Array<Omit<Order, 'id'>> = (await validateRowsInSlices(bulkOrderSchema, rows, 'orders')).map((order) =>
    Object.assign(order, computeOrderTotals(order), order.statusHistory === undefined ? { statusHistory: plausibleHistory(order) } : {}),
  );
  timing.end('validate');

  // One transaction: all or nothing, with consecutive new ids.
  const { firstId, lastId } = await orderStore(db).insertMany(orders);
  timing.end('write');
  changed('orders');
  // Server-Timing says where the call's time went (the benchmark sums it over an import).
  return json({ inserted: orders.length, firstId, lastId }, 201, { 'server-timing': timing.header() });
};
