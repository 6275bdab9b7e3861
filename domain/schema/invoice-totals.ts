import { toCents } from '../units';

/*
 * An invoice's sums, shared by the API (which stores them) and the invoice form (which shows
 * them live), so both compute exactly the same cents. Free of zod: the form imports it as
 * `@schema/invoice-totals` without loading the schema library.
 *
 * In whole cents:
 *   line     = round(priceCents × quantity × (100 − discount) / 100)
 *   subTotal = Σ line
 *   tax      = round(subTotal × taxPercent / 100)
 *   total    = subTotal + tax + shippingCharge
 * Rounding is half up. Discounts and tax percents are taken in hundredths of a percent, so the
 * products above are whole numbers (exact in a double up to 2^53) and a half cent is seen as
 * one, not as 0.4999… (12.5 % of 1 cent is 0.125 cent → 0; 50 % of 1 cent → 1 cent).
 */

/** What a line's total depends on (a form row or a stored line may carry more fields). */
export interface InvoiceLineValues {
  quantity: number;
  /** Unit price in currency units (2 decimals). */
  price: number;
  /** Percent off the line, 0–100. */
  discount: number;
}

export interface InvoiceTotalsInput<L extends InvoiceLineValues> {
  products: readonly L[];
  /** Currency units (2 decimals), added after tax. */
  shippingCharge: number;
  /** Percent of the subtotal, 0–100. */
  taxPercent: number;
}

/** Sums in currency units (2 decimals, computed in cents). */
export interface InvoiceTotals<L extends InvoiceLineValues> {
  products: Array<L & { total: number }>;
  subTotal: number;
  /** The tax amount. */
  tax: number;
  totalAmount: number;
}

/** A number as the sums use it: anything not finite (a half-typed form field) counts as 0. */
const finite = (value: number): number => (Number.isFinite(value) ? value : 0);


/** Hundredths of a percent (12.5 % → 1250). */
const toBasisPoints = (percent: number): number => Math.round(finite(percent) * 100);

/** A line's total in cents. */
export function invoiceLineCents(line: InvoiceLineValues): number {
  return Math.round((toCents(line.price) * finite(line.quantity) * (10_000 - toBasisPoints(line.discount))) / 10_000);
}

/** The lines with their totals, the subtotal, the tax amount and the total. */
export function computeInvoiceTotals<L extends InvoiceLineValues>(input: InvoiceTotalsInput<L>): InvoiceTotals<L> {
  let subTotalCents = 0;
  const products = input.products.map((line) => {
    const cents = invoiceLineCents(line);
    subTotalCents += cents;
    return { ...line, total: cents / 100 };
  });
  const taxCents = Math.round((subTotalCents * toBasisPoints(input.taxPercent)) / 10_000);
  const totalCents = subTotalCents + taxCents + toCents(input.shippingCharge);
  return { products, subTotal: subTotalCents / 100, tax: taxCents / 100, totalAmount: totalCents / 100 };
}
