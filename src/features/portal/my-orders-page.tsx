import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { listMyOrders } from './api';
import { formatDay, formatMoney, itemsText } from './data/format';
import { orderFilters, ordersMatching, type OrderFilter } from './data/portal-records';
import { PortalSection } from './portal-section';
import { useLiveLoad } from '@/lib/use-live-load';
import { useT } from '@/i18n/i18n';

const filterIds: Record<OrderFilter, string> = {
  all: 'portal.orders.filter.all',
  open: 'portal.orders.filter.open',
  new: 'portal.orders.filter.new',
  pending: 'portal.orders.filter.pending',
  shipping: 'portal.orders.filter.shipping',
  delivered: 'portal.orders.filter.delivered',
  return: 'portal.orders.filter.return',
};

/** My orders: the customer's orders, newest first, filtered by status (`?status=`), each a link to its page. */
export function MyOrdersPage({ filter, onFilterChange }: { filter: OrderFilter; onFilterChange: (filter: OrderFilter) => void }) {
  const t = useT('portal');
  const filterLabel = (value: OrderFilter) => t(filterIds[value]);
  const orders = useLiveLoad('my-orders', listMyOrders);
  const selectId = useId();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('portal.nav.orders')}</h1>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t('portal.orders.status')}
          </label>
          <select id={selectId} className="input w-auto" value={filter} onChange={(event) => onFilterChange(event.target.value as OrderFilter)}>
            {orderFilters.map((value) => (
              <option key={value} value={value}>
                {filterLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PortalSection
        title={filterLabel(filter)}
        headingId="portal-orders-list"
        loaded={orders}
        select={(rows) => ordersMatching(rows, filter)}
        empty={t('portal.orders.none', { filter })}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3">
                <span className="min-w-0">
                  <Link
                    to="/portal/orders/$orderId"
                    params={{ orderId: String(order.id) }}
                    className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                  >
                    {t('portal.orders.order', { number: order.invoiceId })}
                  </Link>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">
                    {t('portal.orders.line', { day: formatDay(order.createAt), items: itemsText(order.items), total: formatMoney(order.totalAmount) })}
                  </span>
                </span>
                <OrderStatusBadge status={order.status} />
              </li>
            ))}
          </ul>
        )}
      </PortalSection>
    </div>
  );
}
