import type { OrderStatus } from '@schema/order';
import { t, useT } from '@/i18n/i18n';

const statusStyles: Record<OrderStatus, string> = {
  new: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  shipping: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
  delivered: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  return: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

const statusIds: Record<OrderStatus, string> = {
  new: 'common.orderStatus.new',
  pending: 'common.orderStatus.pending',
  shipping: 'common.orderStatus.shipping',
  delivered: 'common.orderStatus.delivered',
  return: 'common.orderStatus.return',
};

/** An order status in the current language ("Shipping", "En envío"). */
export const orderStatusLabel = (status: OrderStatus) => t(statusIds[status]);

/** An order's status as a coloured badge (the orders list, the dashboards' recent orders, the portal). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const translate = useT('common');
  return <span className={`rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${statusStyles[status]}`}>{translate(statusIds[status])}</span>;
}
