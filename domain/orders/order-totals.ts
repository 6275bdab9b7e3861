import type { Order } from '../schema/order';
import { toCents } from '../units';

/**
 * The derived sums of an order, rounded to 2 decimals:
 * subTotalAmount = Σ price × quantity,
 * totalAmount = subTotalAmount + taxAmount + shippingChargeAmount − discountAmount (never below 0).
 */
export function computeOrderTotals(
  o: Pick<Order, 'items' | 'taxAmount' | 'discountAmount' | 'shippingChargeAmount'>,
): { subTotalAmount: number; totalAmount: number } {
  const subTotalCents = o.items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
  const totalCents =
    subTotalCents + toCents(o.taxAmount) + toCents(o.shippingChargeAmount) - toCents(o.discountAmount);
  return {
    subTotalAmount: subTotalCents / 100,
    totalAmount: Math.max(0, totalCents) / 100,
  };
}
