import type { InvoiceLine } from './schema/invoice';

/** Whole cents of an amount, so sums of 2-decimal prices stay exact. */
function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * Line totals and the invoice total, rounded to 2 decimals:
 * line total = price × quantity × (1 − discount / 100),
 * totalAmount = Σ line totals + shippingCharge + tax.
 */
export function computeInvoiceTotals(input: {
  products: Array<Omit<InvoiceLine, 'total'>>;
  shippingCharge: number;
  tax: number;
}): { products: InvoiceLine[]; totalAmount: number } {
  let totalCents = 0;
  const products = input.products.map((line): InvoiceLine => {
    const lineCents = Math.round((toCents(line.price) * line.quantity * (100 - line.discount)) / 100);
    totalCents += lineCents;
    return {
      id: line.id,
      title: line.title,
      quantity: line.quantity,
      price: line.price,
      discount: line.discount,
      total: lineCents / 100,
    };
  });
  totalCents += toCents(input.shippingCharge) + toCents(input.tax);
  return { products, totalAmount: totalCents / 100 };
}
