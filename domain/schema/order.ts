import { z } from 'zod';
import { MAX_HISTORY_STEPS, orderStatuses, orderTimelineSteps, paymentMethods } from './values';
import { isoDate, money } from './common';

export { MAX_HISTORY_STEPS, orderStatuses, orderTimelineSteps, paymentMethods };
export type { OrderTimelineStep } from './values';

export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const paymentMethodSchema = z.enum(paymentMethods);

/** A card number as stored: only the last four digits are ever kept. */
export const maskedCardSchema = z.string().regex(/^[*•xX\s-]*\d{0,4}$/, 'Card number must be masked (e.g. **** 1234)');

export const orderItemSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().trim().min(1).max(200),
  image: z.string().min(1).max(2000),
  price: money,
  quantity: z.number().int().positive().max(100_000),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderTimelineStepSchema = z.enum(orderTimelineSteps);

/** One recorded step of an order's timeline: what happened, and when. */
export const orderHistoryEntrySchema = z.object({ step: orderTimelineStepSchema, at: isoDate });
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderSchema = z.object({
  id: z.number().int().positive(),
  invoiceId: z.string().regex(/^#IN\d{4,}$/, 'Invoice id looks like #IN0001'),
  createAt: isoDate,
  deliveredAt: isoDate.nullable(),
  customer: z.object({
    id: z.number().int().positive(),
    name: z.string().trim().min(1).max(100),
    email: z.email('Invalid email address'),
    phone: z.string().trim().min(3).max(40),
  }),
  billing: z.string().trim().min(1).max(500),
  shipping: z.string().trim().min(1).max(500),
  status: orderStatusSchema,
  payment: z.object({
    id: z.number().int().positive(),
    paymentMethod: paymentMethodSchema,
    cardNumber: maskedCardSchema,
  }),
  items: z.array(orderItemSchema).min(1, 'An order needs at least one item').max(500),
  subTotalAmount: money,
  totalAmount: money,
  taxAmount: money,
  discountAmount: money,
  shippingChargeAmount: money,
  /**
   * The order's recorded steps, oldest first (server-owned: appended on each status change).
   * Orders stored before it existed have none.
   */
  statusHistory: z.array(orderHistoryEntrySchema).max(MAX_HISTORY_STEPS).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * PATCH body: any subset of the order's own fields. id, invoiceId, createAt, the derived
 * sums (subTotalAmount, totalAmount) and the status history are the server's.
 */
export const orderPatchSchema = orderSchema
  .omit({ id: true, invoiceId: true, createAt: true, subTotalAmount: true, totalAmount: true, statusHistory: true })
  .partial()
  .strict();
export type OrderPatch = z.infer<typeof orderPatchSchema>;

export const orderSummaryCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  totalOrder: z.number().int(),
  icon: z.string(),
  color: z.string(),
});
export type OrderSummaryCard = z.infer<typeof orderSummaryCardSchema>;
