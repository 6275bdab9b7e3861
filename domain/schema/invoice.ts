import { z } from 'zod';
import { invoiceStatuses } from './values';
import { isoDate, money } from './common';
import { paymentMethodSchema } from './order';
import { imageUrlSchema } from './file';
import { computeInvoiceTotals } from './invoice-totals';

export { invoiceStatuses };

export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** `INV-` and 3 or more digits, as the id counter gives them (INV-001 … INV-999, INV-1000). */
export const INVOICE_ID_PATTERN = /^INV-\d{3,}$/;
export const invoiceIdSchema = z.string().trim().toUpperCase().regex(INVOICE_ID_PATTERN, 'An invoice id looks like INV-001');

/** Whole cents: the totals are computed in cents (invoice-totals.ts), so a sent amount has at most 2 decimals. */
const hasWholeCents = (value: number) => Math.round(value * 100) / 100 === value;
const amount = money.refine(hasWholeCents, 'At most 2 decimals');
const percent = z.number().min(0, 'Must be 0 or more').max(100, 'Must be 100 or less').refine(hasWholeCents, 'At most 2 decimals');

/**
 * A card number as an invoice keeps it: only the last 4 digits, masked (`**** 4242`), or
 * nothing. A full number is refused with its own message: it is never sent nor stored.
 */
export const maskedCardNumberSchema = z
  .string()
  .trim()
  .max(40)
  .superRefine((value, ctx) => {
    const digits = value.replace(/\D/g, '').length;
    if (digits > 4) ctx.addIssue({ code: 'custom', message: 'A full card number is never sent nor stored: send only the last 4 digits, masked (e.g. **** 4242)' });
    else if (!/^[*•xX\s-]*\d{0,4}$/.test(value)) ctx.addIssue({ code: 'custom', message: 'Card number must be masked: only the last 4 digits (e.g. **** 4242)' });
  });

/** A line as the client sends it; the server adds its total. `id` is the product's, or null for a typed line. */
export const invoiceLineInputSchema = z.strictObject({
  id: z.number().int().positive().nullable(),
  title: z.string().trim().min(1, 'Title is required').max(200),
  quantity: z.number().int('Quantity must be a whole number').positive('Quantity must be at least 1').max(100_000),
  price: amount,
  /** Percent off this line, 0–100. */
  discount: percent,
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

export const invoiceLineSchema = invoiceLineInputSchema.extend({ total: money });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceBillingSchema = z.strictObject({
  email: z.email('Invalid email address').max(200),
  phone: z.string().trim().min(3, 'Phone is required').max(40),
  address: z.string().trim().min(1, 'Address is required').max(500),
});

export const invoiceCustomerSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().trim().min(1, 'Customer is required').max(100),
  image: imageUrlSchema,
});

/** Payment as stored: no CVC, the card number masked. */
export const invoicePaymentSchema = z.strictObject({
  paymentMethod: paymentMethodSchema,
  cardHolder: z.string().trim().min(1, 'Card holder is required').max(100),
  cardNo: maskedCardNumberSchema,
});

const lines = <S extends z.ZodType>(line: S) => z.array(line).min(1, 'An invoice needs at least one line').max(500, 'At most 500 lines');

/**
 * The fields a client sends (create and replace); the server computes the rest. Without the
 * due-date rule, so a form can derive its own schema from it (`.omit` refuses a refined
 * object) and `.pipe()` into invoiceInputSchema.
 */
export const invoiceInputFields = z.strictObject({
  issueDate: isoDate,
  dueDate: isoDate,
  status: invoiceStatusSchema,
  billingAddress: invoiceBillingSchema,
  payment: invoicePaymentSchema.extend({
    // Named so that a client sending one hears why, under payment.cardCVC.
    cardCVC: z.never({ error: 'The CVC is never sent nor stored: leave it out' }).optional(),
  }),
  customer: invoiceCustomerSchema,
  products: lines(invoiceLineInputSchema),
  shippingCharge: amount,
  /** Tax as a percentage of the subtotal. */
  taxPercent: percent,
});

/** dueDate ≥ issueDate, as an issue under dueDate (the form shows it there too). */
const dueNotBeforeIssue = (invoice: { issueDate: string; dueDate: string }, ctx: z.RefinementCtx) => {
  if (Date.parse(invoice.dueDate) < Date.parse(invoice.issueDate)) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Due date must not be before the issue date' });
  }
};

/**
 * The sums the server computes stay amounts an invoice may hold (`money`: at most 1,000,000,000):
 * a line's total under the line, the subtotal, tax and total under `products`. Each sent
 * amount is within the maximum, but a price times a quantity, or many lines, can pass it.
 */
const sumsWithinMaximum = (invoice: z.infer<typeof invoiceInputFields>, ctx: z.RefinementCtx) => {
  const totals = computeInvoiceTotals(invoice);
  totals.products.forEach((line, i) => {
    if (!money.safeParse(line.total).success) ctx.addIssue({ code: 'custom', path: ['products', i, 'quantity'], message: 'The line total (price × quantity) must be at most 1,000,000,000' });
  });
  if (![totals.subTotal, totals.tax, totals.totalAmount].every((sum) => money.safeParse(sum).success)) {
    ctx.addIssue({ code: 'custom', path: ['products'], message: 'The invoice total must be at most 1,000,000,000' });
  }
};

/** Every rule across an invoice's fields. */
const invoiceRules = (invoice: z.infer<typeof invoiceInputFields>, ctx: z.RefinementCtx) => {
  dueNotBeforeIssue(invoice, ctx);
  sumsWithinMaximum(invoice, ctx);
};

/**
 * Create body, and each row of `POST /api/invoices/bulk`: the invoice without id, subTotal,
 * tax, totalAmount and the lines' totals (the server computes them with
 * computeInvoiceTotals, so a client cannot send its own). Unknown fields are refused.
 */
export const invoiceInputSchema = invoiceInputFields.superRefine(invoiceRules);
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;

/** PUT body: the create body, optionally with the id (it must match the `id` parameter). */
export const invoiceUpdateSchema = invoiceInputFields.extend({ id: invoiceIdSchema.optional() }).superRefine(invoiceRules);

/** An invoice as stored and answered. */
export const invoiceSchema = z.strictObject({
  id: z.string().regex(INVOICE_ID_PATTERN),
  issueDate: isoDate,
  dueDate: isoDate,
  status: invoiceStatusSchema,
  billingAddress: invoiceBillingSchema,
  payment: invoicePaymentSchema,
  customer: invoiceCustomerSchema,
  products: lines(invoiceLineSchema),
  shippingCharge: money,
  taxPercent: percent,
  subTotal: money,
  /** The tax amount (taxPercent of subTotal, in cents). */
  tax: money,
  totalAmount: money,
});
export type Invoice = z.infer<typeof invoiceSchema>;
