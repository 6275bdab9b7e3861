import { money } from '../schema/common';
import { orderSchema } from '../schema/order';
import { computeOrderTotals } from './order-totals';

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
