import { z } from 'zod';
import { invoiceStatuses } from './values';
import { isoDate, money } from './common';
import { maskedCardSchema, paymentMethodSchema } from './order';

export { invoiceStatuses };

export const invoiceStatusSchema = z.enum(invoiceStatuses);

export const invoiceLineSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().trim().min(1, 'Title is required').max(200),
  quantity: z.number().int().positive('Quantity must be at least 1').max(100_000),
  price: money,
  /** Percent off this line, 0–100. */
  discount: z.number().min(0).max(100),
  total: money,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.string().regex(/^INV-\d{3,}$/),
  dueDate: isoDate,
  issueDate: isoDate,
  status: invoiceStatusSchema,
  totalAmount: money,
  billingAddress: z.object({
    email: z.email('Invalid email address'),
    phone: z.string().trim().min(3).max(40),
    address: z.string().trim().min(1).max(500),
  }),
  payment: z.object({
    paymentMethod: paymentMethodSchema,
    cardHolder: z.string().trim().min(1).max(100),
    cardNo: maskedCardSchema,
    cardCVC: z.string().regex(/^\*{3,4}$/, 'The CVC is never stored; send it masked (***)'),
  }),
  customer: z.object({
    id: z.number().int().positive(),
    name: z.string().trim().min(1).max(100),
    image: z.string().min(1).max(2000),
  }),
  products: z.array(invoiceLineSchema).min(1, 'An invoice needs at least one line').max(500),
  shippingCharge: money,
  tax: money,
});
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Create/replace body: the server owns id, computes line totals and totalAmount. */
export const invoiceInputSchema = invoiceSchema
  .omit({ id: true, totalAmount: true, issueDate: true, products: true })
  .extend({
    issueDate: isoDate.optional(),
    products: z
      .array(invoiceLineSchema.omit({ total: true }).extend({ total: money.optional() }))
      .min(1, 'An invoice needs at least one line')
      .max(500),
  });
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;
export const invoiceUpdateSchema = invoiceInputSchema.extend({ id: invoiceSchema.shape.id.optional() });
