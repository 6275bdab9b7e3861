import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { Order } from '@schema/order';
import type { ListConfig } from '@/components/data-table/list-config';
import { paymentMethodOptions } from '../../../../../seed/lookups';
import { formatMoney, statusChoices } from '../details/order-format';
import { orderDateRange } from '../../data/schema';
import { ordersApi } from '../../list-api';
import { formatDay } from './order-format';
import { OrderStatusBadge } from '@/components/order-status-badge';

const column = createColumnHelper<Order>();
const orderHref = (order: Order) => `/orders/${order.id}`;

/**
 * The orders list: columns (ids are the API's sort fields), status, payment and order-date
 * filters, CSV export. Orders are placed by customers, so there is no Create or Import, and
 * an order is edited on its own page (View).
 */
export const ordersListConfig: ListConfig<Order> = {
  resource: 'orders',
  noun: { one: 'order', many: 'orders' },
  title: 'Orders',
  api: ordersApi,
  getId: (order) => order.id,
  getLabel: (order) => `Order ${order.invoiceId}`,
  searchPlaceholder: 'Invoice id or customer',
  statuses: statusChoices,
  filters: [{ param: 'payment', label: 'Payment method', allLabel: 'All payment methods', options: paymentMethodOptions.map((o) => ({ value: o.value, label: o.title })) }],
  dateRange: { fromParam: orderDateRange.from, toParam: orderDateRange.to, label: 'Order date' },
  viewHref: orderHref,
  columns: [
    column.accessor('invoiceId', {
      id: 'invoiceId',
      header: 'Invoice',
      cell: ({ row: { original: order } }) => (
        <Link to="/orders/$id" params={{ id: String(order.id) }} className="font-medium whitespace-nowrap text-indigo-700 hover:underline dark:text-indigo-300">
          {order.invoiceId}
        </Link>
      ),
    }),
    column.accessor('createAt', { id: 'createAt', header: 'Order date', cell: ({ getValue }) => formatDay(getValue()) }),
    column.accessor('deliveredAt', {
      id: 'deliveredAt',
      header: 'Delivery date',
      cell: ({ getValue }) => {
        const day = getValue();
        return day ? (
          formatDay(day)
        ) : (
          <span className="text-slate-400">
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not delivered</span>
          </span>
        );
      },
    }),
    column.accessor((order) => order.customer.name, {
      id: 'customer',
      header: 'Customer',
      cell: ({ row: { original: order } }) => (
        <div className="min-w-0">
          <div className="font-medium">{order.customer.name}</div>
          <div className="text-xs text-slate-500 dark:text-slate-400">{order.customer.email}</div>
        </div>
      ),
    }),
    column.accessor((order) => order.payment.paymentMethod, { id: 'payment', header: 'Payment' }),
    column.accessor('totalAmount', {
      id: 'totalAmount',
      header: 'Amount',
      cell: ({ getValue }) => <span className="tabular-nums">{formatMoney(getValue())}</span>,
    }),
    column.accessor('status', { id: 'status', header: 'Status', cell: ({ getValue }) => <OrderStatusBadge status={getValue()} /> }),
  ],
  csv: {
    columns: [
      { header: 'id', value: (o) => o.id },
      { header: 'invoiceId', value: (o) => o.invoiceId },
      { header: 'createAt', value: (o) => o.createAt },
      { header: 'deliveredAt', value: (o) => o.deliveredAt },
      { header: 'customer', value: (o) => o.customer.name },
      { header: 'email', value: (o) => o.customer.email },
      { header: 'phone', value: (o) => o.customer.phone },
      { header: 'paymentMethod', value: (o) => o.payment.paymentMethod },
      { header: 'status', value: (o) => o.status },
      { header: 'items', value: (o) => o.items.reduce((sum, item) => sum + item.quantity, 0) },
      { header: 'subTotalAmount', value: (o) => o.subTotalAmount },
      { header: 'taxAmount', value: (o) => o.taxAmount },
      { header: 'discountAmount', value: (o) => o.discountAmount },
      { header: 'shippingChargeAmount', value: (o) => o.shippingChargeAmount },
      { header: 'totalAmount', value: (o) => o.totalAmount },
    ],
  },
};
