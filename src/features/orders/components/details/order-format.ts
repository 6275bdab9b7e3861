import { orderStatusOptions } from '../../../../../seed/lookups';

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "$1,234.50". */
export const formatMoney = (amount: number) => moneyFormat.format(amount);

/** The date and time in the admin's locale. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** The status choices, labelled as the lookups name them ("Shipping", "Return"). */
export const statusChoices = orderStatusOptions.map(({ value, title }) => ({ value, label: title }));

export { orderStatusLabel as statusLabel } from '@/components/order-status-badge';
