import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { OrderStatusBadge, orderStatusLabel } from '@/components/order-status-badge';
import { listMyOrders } from './api';
import { formatDay, formatMoney, itemsText } from './data/format';
import { orderFilters, ordersMatching, type OrderFilter } from './data/portal-records';
import { PortalSection } from './portal-section';
import { useLiveLoad } from '@/lib/use-live-load';

const filterLabel = (filter: OrderFilter) => (filter === 'all' ? 'All orders' : filter === 'open' ? 'On their way' : orderStatusLabel(filter));

/** My orders: the customer's orders, newest first, filtered by status (`?status=`), each a link to its page. */
export function MyOrdersPage({ filter, onFilterChange }: { filter: OrderFilter; onFilterChange: (filter: OrderFilter) => void }) {
  const orders = useLiveLoad('my-orders', listMyOrders);
  const selectId = useId();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">My orders</h1>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium">
            Status
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
        empty={filter === 'all' ? 'You have no orders yet.' : `None of your orders is ${filter === 'open' ? 'on its way' : orderStatusLabel(filter).toLowerCase()}.`}
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
                    Order {order.invoiceId}
                  </Link>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">
                    Placed {formatDay(order.createAt)} · {itemsText(order.items)} · {formatMoney(order.totalAmount)}
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
