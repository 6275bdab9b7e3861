import { ApiError, INVALID_REQUEST, validate } from '../errors';
import { invoiceInputSchema, invoiceUpdateSchema, type Invoice, type InvoiceInput } from '../schema/invoice';
import { computeInvoiceTotals } from '../schema/invoice-totals';
import { bodyObject, sameJson, serverFieldError, withoutServerFields } from './server-fields';

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** The sums the server computes (and the lines' totals, checked line by line). */
const SERVER_FIELDS = ['subTotal', 'tax', 'totalAmount'] as const;

/** The invoice number a person reads: `INV-` and at least three digits (`INV-020`). */
export const invoiceNumber = (n: number): string => `INV-${String(n).padStart(3, '0')}`;

/**
 * The invoice to store for a valid body: its sums from the shared totals function (a client
 * cannot send its own), and no CVC (the input schema refuses one; it is never copied).
 */
export function buildInvoice(input: InvoiceInput): Omit<Invoice, 'id'> {
  const { products, subTotal, tax, totalAmount } = computeInvoiceTotals(input);
  const { paymentMethod, cardHolder, cardNo } = input.payment;
  return {
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    status: input.status,
    billingAddress: input.billingAddress,
    payment: { paymentMethod, cardHolder, cardNo },
    customer: input.customer,
    products,
    shippingCharge: input.shippingCharge,
    taxPercent: input.taxPercent,
    subTotal,
    tax,
    totalAmount,
  };
}

/**
 * The body without what the server computes: the sums, and each line's `total`, accepted
 * when it equals the stored line's total or the total the sent line gives (400 otherwise).
 */
function withoutComputed(body: Record<string, unknown>, current: Invoice | undefined): Record<string, unknown> {
  const lines = Array.isArray(body.products) ? (body.products as unknown[]) : undefined;
  const strippedLines = lines?.map((line, i) => {
    if (typeof line !== 'object' || line === null || !('total' in line)) return line;
    const { total, ...rest } = line as Record<string, unknown>;
    const given = computeLineTotal(rest);
    if (!sameJson(total, current?.products[i]?.total) && !sameJson(total, given)) throw serverFieldError(`products.${i}.total`);
    return rest;
  });
  const fields = lines ? { ...body, products: strippedLines } : body;
  let computed: Record<string, unknown> = {};
  try {
    computed = { ...computeInvoiceTotals(fields as unknown as InvoiceInput) };
  } catch {
    // A body too malformed to total: validation below says why.
  }
  return withoutServerFields(fields, SERVER_FIELDS, current, computed);
}

/** A sent line's total, when it is well formed enough to compute one. */
function computeLineTotal(line: Record<string, unknown>): number | undefined {
  const { price, quantity, discount } = line;
  if (typeof price !== 'number' || typeof quantity !== 'number' || typeof discount !== 'number') return undefined;
  return computeInvoiceTotals({ products: [{ id: null, title: '-', price, quantity, discount }], shippingCharge: 0, taxPercent: 0 }).products[0]!.total;
}

/** `POST /api/invoices`: the invoice to store (its id is the next number, given by the caller's store). */
export function invoiceToCreate(body: unknown): Omit<Invoice, 'id'> {
  return buildInvoice(validate(invoiceInputSchema, withoutComputed(bodyObject(body), undefined)));
}

/** `PUT /api/invoices`: the invoice replaced by this body (same id), its sums recomputed. */
export function invoiceReplaced(current: Invoice, body: Record<string, unknown>): Invoice {
  const input = validate(invoiceUpdateSchema, withoutComputed(body, current));
  if (input.id !== undefined && input.id !== current.id) {
    throw new ApiError(400, `${INVALID_REQUEST}: id in the body does not match the id parameter`, [{ path: 'id', message: 'Does not match the id parameter' }]);
  }
  const { id: _id, ...fields } = input;
  return { id: current.id, ...buildInvoice(fields) };
}
