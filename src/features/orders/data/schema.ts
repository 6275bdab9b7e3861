import { orderStatuses, paymentMethods } from '@schema/values';
import { listSearchSchema } from '@/components/data-table/list-search';

/** The API's sort fields for orders (docs/api.md "Lists"); the first is the default (newest first). */
export const orderSortFields = ['createAt', 'deliveredAt', 'invoiceId', 'customer', 'totalAmount', 'status', 'payment'] as const;

/** The order date range's URL (and API) parameters: days on `createAt`, inclusive. */
export const orderDateRange = { from: 'from', to: 'to' } as const;

/** The orders list's URL state: status, payment method and order-date range; invalid values fall back rather than break the page. */
export const ordersSearchSchema = listSearchSchema(orderStatuses, orderSortFields, { payment: paymentMethods }, orderDateRange);
