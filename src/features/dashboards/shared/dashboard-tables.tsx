import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { SalesDashboard } from '@schema/dashboard';
import { orderStatuses } from '@schema/values';
import type { OrderStatus } from '@schema/order';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { formatFigure } from '@/components/dashboard/format';
import { formatDate } from '@/i18n/format';
import { useT } from '@/i18n/i18n';

/** An instant as a day in the admin's time zone, in the current language ("Mar 9, 2026", "9 mar 2026"). */
export const formatDay = (iso: string) => formatDate(iso);
/** A calendar day stored at 00:00 UTC (invoice dates) as that day. */
export const formatUtcDay = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });

export const cell = 'px-3 py-2 align-middle';
export const headCell = 'px-3 py-2 text-start text-xs font-medium text-slate-500 uppercase dark:text-slate-400';
/** A column that a phone leaves out (the page never scrolls sideways). */
export const wideOnly = 'hidden sm:table-cell';

/** A card holding a list or table, named by its heading. */
export function TableCard({ title, action, className = '', children }: { title: string; action?: ReactNode; className?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900 ${className}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * A table's box, scrolling sideways when the table is wider than the card (a phone, longer words
 * in another language): a named region the keyboard can reach and scroll.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="-mx-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-500">
      {children}
    </div>
  );
}

/** A table's "nothing here" row text. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">{children}</p>;
}

const isOrderStatus = (status: string): status is OrderStatus => (orderStatuses as readonly string[]).includes(status);

/** The newest orders: number (a link to the order), customer, day, amount, status. */
export function RecentOrdersTable({ title, orders, emptyNote }: { title: string; orders: SalesDashboard['recentOrders']; emptyNote: string }) {
  const t = useT('dashboards');
  return (
    <TableCard
      title={title}
      action={
        <Link to="/orders" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          {t('dashboards.orders.all')}
        </Link>
      }
    >
      {orders.length === 0 ? (
        <EmptyNote>{emptyNote}</EmptyNote>
      ) : (
        <TableScroller label={title}>
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  {t('dashboards.orders.order')}
                </th>
                <th scope="col" className={headCell}>
                  {t('dashboards.table.customer')}
                </th>
                <th scope="col" className={`${headCell} ${wideOnly}`}>
                  {t('dashboards.orders.date')}
                </th>
                <th scope="col" className={`${headCell} text-end`}>
                  {t('dashboards.table.amount')}
                </th>
                <th scope="col" className={`${headCell} ${wideOnly}`}>
                  {t('dashboards.table.status')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className={cell}>
                    <Link to="/orders/$id" params={{ id: String(order.id) }} translate="no" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                      {order.invoiceId}
                    </Link>
                  </td>
                  <td translate="no" className={`${cell} max-w-40 truncate`}>
                    {order.customer}
                  </td>
                  <td className={`${cell} ${wideOnly} whitespace-nowrap`}>{formatDay(order.createAt)}</td>
                  <td className={`${cell} text-end tabular-nums`}>{formatFigure(order.totalAmount, 'money')}</td>
                  <td className={`${cell} ${wideOnly}`}>{isOrderStatus(order.status) ? <OrderStatusBadge status={order.status} /> : order.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </TableCard>
  );
}
