import { orderStatuses } from '@schema/values';
import { formatDateTime as formatMoment, formatMoney as formatAmount } from '@/i18n/format';
import { orderStatusLabel } from '@/components/order-status-badge';

/** "$1,234.50" in the current language (the shop's currency). */
export const formatMoney = (amount: number) => formatAmount(amount);

/** The date and time in the current language. */
export const formatDateTime = (iso: string) => formatMoment(iso);

/** The status choices in the lookups' order ("Delivered", "Shipping", …), labelled in the current language. */
export const statusChoices = () => orderStatuses.map((value) => ({ value, label: orderStatusLabel(value) }));
