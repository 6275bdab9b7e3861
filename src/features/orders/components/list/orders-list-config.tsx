import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { Order } from '@schema/order';
import type { ListConfig } from '@/components/data-table/list-config';
import { paymentMethods } from '@schema/values';
import type { t as translate } from '@/i18n/i18n';
import { formatMoney, statusChoices } from '../details/order-format';
import { orderDateRange } from '../../data/schema';
import { ordersApi } from '../../list-api';
import { formatDay } from './order-format';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { paymentMethodLabel } from '@/lib/payment-method';

const column = createColumnHelper<Order>();
const orderHref = (order: Order) => `/orders/${order.id}`;

/**
 * The orders list in the current language (`t` of the orders area): columns (ids are the API's
 * sort fields), status, payment and order-date filters, CSV export (its headers in the current
 * language too). Orders are placed by customers, so there is no Create or Import, and an order is
 * edited on its own page (View).
 */
export const ordersListConfig = (t: typeof translate): ListConfig<Order> => ({
  resource: 'orders',
  noun: { one: t('orders.noun.one'), many: t('orders.noun.many') },
  title: t('orders.list.title'),
  api: ordersApi,
  getId: (order) => order.id,
  getLabel: (order) => t('orders.list.recordLabel', { invoiceId: order.invoiceId }),
  searchPlaceholder: t('orders.list.searchPlaceholder'),
  statuses: statusChoices(),
  filters: [
    {
      param: 'payment',
      label: t('orders.list.paymentFilter'),
      allLabel: t('orders.list.allPaymentMethods'),
      options: paymentMethods.map((method) => ({ value: method, label: paymentMethodLabel(method) })),
    },
  ],
  dateRange: { fromParam: orderDateRange.from, toParam: orderDateRange.to, label: t('orders.list.orderDate') },
  viewHref: orderHref,
  columns: [
    column.accessor('invoiceId', {
      id: 'invoiceId',
      header: t('orders.list.invoice'),
      cell: ({ row: { original: order } }) => (
        <Link to="/orders/$id" params={{ id: String(order.id) }} translate="no" className="font-medium whitespace-nowrap text-indigo-700 hover:underline dark:text-indigo-300">
          {order.invoiceId}
        </Link>
      ),
    }),
    column.accessor('createAt', { id: 'createAt', header: t('orders.list.orderDate'), cell: ({ getValue }) => formatDay(getValue()) }),
    column.accessor('deliveredAt', {
      id: 'deliveredAt',
      header: t('orders.list.deliveryDate'),
      cell: ({ getValue }) => {
        const day = getValue();
        return day ? (
          formatDay(day)
        ) : (
          <span className="text-slate-400">
            <span aria-hidden="true">—</span>
            <span className="sr-only">{t('orders.list.notDelivered')}</span>
          </span>
        );
      },
    }),
    column.accessor((order) => order.customer.name, {
      id: 'customer',
      header: t('orders.list.customer'),
      cell: ({ row: { original: order } }) => (
        <div className="min-w-0">
          <div className="font-medium" translate="no">
            {order.customer.name}
          </div>
          <div translate="no" className="text-xs text-slate-500 dark:text-slate-400">{order.customer.email}</div>
        </div>
      ),
    }),
    column.accessor((order) => order.payment.paymentMethod, { id: 'payment', header: t('orders.list.payment'), cell: ({ getValue }) => paymentMethodLabel(getValue()) }),
    column.accessor('totalAmount', {
      id: 'totalAmount',
      header: t('orders.list.amount'),
      cell: ({ getValue }) => <span className="tabular-nums">{formatMoney(getValue())}</span>,
    }),
    column.accessor('status', { id: 'status', header: t('orders.list.status'), cell: ({ getValue }) => <OrderStatusBadge status={getValue()} /> }),
  ],
  csv: {
    columns: [
      { header: t('orders.csv.id'), value: (o) => o.id },
      { header: t('orders.csv.invoiceId'), value: (o) => o.invoiceId },
      { header: t('orders.csv.createAt'), value: (o) => o.createAt },
      { header: t('orders.csv.deliveredAt'), value: (o) => o.deliveredAt },
      { header: t('orders.csv.customer'), value: (o) => o.customer.name },
      { header: t('orders.csv.email'), value: (o) => o.customer.email },
      { header: t('orders.csv.phone'), value: (o) => o.customer.phone },
      { header: t('orders.csv.paymentMethod'), value: (o) => o.payment.paymentMethod },
      { header: t('orders.csv.status'), value: (o) => o.status },
      { header: t('orders.csv.items'), value: (o) => o.items.reduce((sum, item) => sum + item.quantity, 0) },
      { header: t('orders.csv.subTotalAmount'), value: (o) => o.subTotalAmount },
      { header: t('orders.csv.taxAmount'), value: (o) => o.taxAmount },
      { header: t('orders.csv.discountAmount'), value: (o) => o.discountAmount },
      { header: t('orders.csv.shippingChargeAmount'), value: (o) => o.shippingChargeAmount },
      { header: t('orders.csv.totalAmount'), value: (o) => o.totalAmount },
    ],
  },
});
