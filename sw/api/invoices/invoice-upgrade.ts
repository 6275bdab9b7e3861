import type { Invoice } from '../../../domain/schema/invoice';
import { toCents } from '../../../domain/units';

/** An invoice as database versions 1–5 stored it: a tax amount only, and a masked CVC. */
export type InvoiceBeforeV6 = Omit<Invoice, 'taxPercent' | 'subTotal' | 'payment'> & {
  payment: Invoice['payment'] & { cardCVC?: string };
};

/**
 * An invoice stored before version 6 in the new shape, its billed amounts unchanged: the
 * lines keep their totals, `tax` stays the stored amount and `totalAmount` the stored total;
 * `subTotal` is the sum of the line totals (so subTotal + tax + shippingCharge is the stored
 * total, as the old API computed it). `taxPercent` is the tax as a percentage of the
 * subtotal, rounded to 2 decimals (0 when there is no tax or no subtotal, at most 100): it
 * may be a cent away from the stored amount, which stays until the invoice is next saved,
 * when the tax is computed from the percentage. The CVC is dropped.
 */
export function upgradeInvoiceToV6(old: InvoiceBeforeV6): Invoice {
  const { cardCVC: _cvc, ...payment } = old.payment;
  const subTotalCents = old.products.reduce((sum, line) => sum + toCents(line.total), 0);
  return { ...old, payment, taxPercent: taxPercentOf(toCents(old.tax), subTotalCents), subTotal: subTotalCents / 100, tax: old.tax };
}

/** A tax amount as a percentage of the subtotal, 2 decimals, 0–100. */
function taxPercentOf(taxCents: number, subTotalCents: number): number {
  if (taxCents <= 0 || subTotalCents <= 0) return 0;
  return Math.min(100, Math.round((taxCents * 10_000) / subTotalCents) / 100);
}
