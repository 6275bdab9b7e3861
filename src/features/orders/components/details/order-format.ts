import type { OrderStatus } from '@schema/order';
import { orderStatuses } from '@schema/values';
import { formatDateTime as formatMoment, formatMoney as formatAmount } from '@/i18n/format';
import type { t as translate } from '@/i18n/i18n';

/** "$1,234.50" in the current language (the shop's currency). */
export const formatMoney = (amount: number) => formatAmount(amount);

/** The date and time in the current language. */
export const formatDateTime = (iso: string) => formatMoment(iso);

/** Each status's label: full ids, so the catalogue check finds them. */
const STATUS_IDS: Record<OrderStatus, string> = {
  new: 'orders.status.new',
  pending: 'orders.status.pending',
  shipping: 'orders.status.shipping',
  delivered: 'orders.status.delivered',
  return: 'orders.status.return',
};

/** A status's label in the current language ("Shipping", "Return"). */
export const statusLabel = (t: typeof translate, status: OrderStatus) => t(STATUS_IDS[status]);

/** The status choices in the lookups' order ("Delivered", "Shipping", …), labelled in the current language. */
export const statusChoices = (t: typeof translate) => orderStatuses.map((value) => ({ value, label: statusLabel(t, value) }));

const PAYMENT_IDS: Record<string, string> = {
  'Credit Card': 'orders.payment.creditCard',
  Paypal: 'orders.payment.paypal',
  'Visa Card': 'orders.payment.visaCard',
  'Master Card': 'orders.payment.masterCard',
};

/** A payment method's name in the current language (stored in English; an unknown one as stored). */
export const paymentMethodLabel = (t: typeof translate, method: string) => (PAYMENT_IDS[method] ? t(PAYMENT_IDS[method]) : method);
