import { z } from 'zod';
import {
  invoiceBillingSchema,
  invoiceCustomerSchema,
  invoiceInputSchema,
  invoiceLineInputSchema,
  invoicePaymentSchema,
  type Invoice,
  type InvoiceInput,
} from '@schema/invoice';
import { paymentMethods } from '@schema/values';
import { maskCardNumber } from '@/components/form/card-number';
import { localDayKey } from '@/lib/invoice-status';

const line = invoiceLineInputSchema.shape;
const input = invoiceInputSchema.shape;

// The form holds some values in another shape than the API (numbers typed as text, dates as
// calendar days, a customer that may not be chosen yet); each converts, then hands over to the
// entity's own rule, so the rules and their messages stay in the one schema. The form's own
// messages are ids of the invoices catalogue (the form translates them).

/** A number typed into a number box (text in the form): required, then the entity's rule. */
const typedNumber = (rule: z.ZodType<number, number>, missing: string) =>
  z.string().trim().min(1, missing).transform(Number).pipe(z.number({ error: 'invoices.form.enterNumber' }).pipe(rule));

/** A calendar day from a date input (`YYYY-MM-DD`). */
const calendarDay = (missing: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, missing);

/** The form's item row: a product picked from the catalogue (its id) or a typed one (null). */
const itemRowSchema = z.object({
  productId: line.id,
  title: line.title,
  quantity: typedNumber(line.quantity, 'invoices.form.quantityRequired'),
  price: typedNumber(line.price, 'invoices.form.priceRequired'),
  discount: typedNumber(line.discount, 'invoices.form.discountRequired'),
});

const formFieldsSchema = z.object({
  customer: invoiceCustomerSchema.nullable().refine((customer) => customer !== null, 'invoices.form.chooseCustomer'),
  billingAddress: invoiceBillingSchema,
  issueDate: calendarDay('invoices.form.issueDateRequired'),
  dueDate: calendarDay('invoices.form.dueDateRequired'),
  status: input.status,
  products: z.array(itemRowSchema).min(1, 'invoices.form.needsItem'),
  shippingCharge: typedNumber(input.shippingCharge, 'invoices.form.shippingRequired'),
  taxPercent: typedNumber(input.taxPercent, 'invoices.form.taxRequired'),
  payment: invoicePaymentSchema,
});

type ParsedFormValues = z.output<typeof formFieldsSchema>;
export type InvoiceFormValues = z.input<typeof formFieldsSchema>;
export type InvoiceItemRow = InvoiceFormValues['products'][number];

/** The stored dates of the invoice being edited: a day left unchanged keeps its time. */
type OriginalDates = Pick<Invoice, 'issueDate' | 'dueDate'>;

/** A calendar day as the API's ISO date: the original one if it is that day, else the day at 00:00 UTC. */
export function isoDateOfDay(day: string, original?: string): string {
  return original?.slice(0, 10) === day ? original : `${day}T00:00:00.000Z`;
}

/** The create/replace body the form's (parsed) values stand for. */
export function invoiceInputOf(values: ParsedFormValues, original?: OriginalDates): InvoiceInput {
  const { customer, issueDate, dueDate, products, payment, ...rest } = values;
  return {
    ...rest,
    // The schema refused a missing customer; the type cannot tell.
    customer: customer as NonNullable<typeof customer>,
    issueDate: isoDateOfDay(issueDate, original?.issueDate),
    dueDate: isoDateOfDay(dueDate, original?.dueDate),
    products: products.map(({ productId, title, quantity, price, discount }) => ({ id: productId, title, quantity, price, discount })),
    // Masked once more on the way out: whatever the form held, the body keeps only the last 4 digits.
    payment: { ...payment, cardNo: maskCardNumber(payment.cardNo) },
  };
}

/**
 * The invoice form's values, checked field by field with the entity's rules, then turned into
 * the create/replace body and checked whole by `invoiceInputSchema`, exactly as the API will.
 * Editing passes the stored dates, so an unchanged day keeps its time.
 */
export function invoiceFormSchema(original?: OriginalDates) {
  return formFieldsSchema
    .refine((values) => values.dueDate >= values.issueDate, {
      path: ['dueDate'],
      message: 'invoices.form.dueBeforeIssue',
      // Checked as soon as both dates are valid, whatever else is still missing.
      when: ({ value }) => formFieldsSchema.pick({ issueDate: true, dueDate: true }).safeParse(value).success,
    })
    .transform((values) => invoiceInputOf(values, original))
    .pipe(invoiceInputSchema);
}

/** An empty item row (quantity 1, no discount). */
export const newItemRow = (): InvoiceItemRow => ({ productId: null, title: '', quantity: '1', price: '', discount: '0' });

/** Days from issue to due on a new invoice. */
const PAYMENT_TERM_DAYS = 14;

/** A new invoice: issued today, due in two weeks, pending, one empty item row. */
export function newInvoiceFormValues(today: Date): InvoiceFormValues {
  const due = new Date(today);
  due.setDate(due.getDate() + PAYMENT_TERM_DAYS);
  return {
    customer: null,
    billingAddress: { email: '', phone: '', address: '' },
    issueDate: localDayKey(today),
    dueDate: localDayKey(due),
    status: 'pending',
    products: [newItemRow()],
    shippingCharge: '0',
    taxPercent: '0',
    payment: { paymentMethod: paymentMethods[0], cardHolder: '', cardNo: '' },
  };
}

/** An existing invoice as the form shows it. */
export function invoiceFormValuesOf(invoice: Invoice): InvoiceFormValues {
  return {
    customer: { ...invoice.customer },
    billingAddress: { ...invoice.billingAddress },
    issueDate: invoice.issueDate.slice(0, 10),
    dueDate: invoice.dueDate.slice(0, 10),
    status: invoice.status,
    products: invoice.products.map(({ id, title, quantity, price, discount }) => ({
      productId: id,
      title,
      quantity: String(quantity),
      price: String(price),
      discount: String(discount),
    })),
    shippingCharge: String(invoice.shippingCharge),
    taxPercent: String(invoice.taxPercent),
    payment: { paymentMethod: invoice.payment.paymentMethod, cardHolder: invoice.payment.cardHolder, cardNo: maskCardNumber(invoice.payment.cardNo) },
  };
}

/** The rows as numbers for the live totals (a half-typed box counts as 0 there). */
export const itemRowNumbers = (row: Pick<InvoiceItemRow, 'quantity' | 'price' | 'discount'>) => ({
  quantity: Number(row.quantity),
  price: Number(row.price),
  discount: Number(row.discount),
});

/** The form's fields an API issue can name as they are (the rest are mapped or left to the toast). */
const FIELD_PATHS = [
  /^(issueDate|dueDate|status|shippingCharge|taxPercent|products)$/,
  /^billingAddress\.(email|phone|address)$/,
  /^payment\.(paymentMethod|cardHolder|cardNo)$/,
  /^products\.\d+\.(title|quantity|price|discount)$/,
];

/**
 * Where an API issue shows in the form: the field with the same path, the customer picker for
 * any part of the customer, a row's item box for its product id; anything else (e.g. a CVC
 * some other client sent) is left to the toast.
 */
export function invoiceFormFieldOfIssue(path: string): string | undefined {
  if (path === 'customer' || path.startsWith('customer.')) return 'customer';
  const rowProduct = /^products\.(\d+)\.id$/.exec(path);
  if (rowProduct) return `products.${rowProduct[1]}.title`;
  return FIELD_PATHS.some((pattern) => pattern.test(path)) ? path : undefined;
}
