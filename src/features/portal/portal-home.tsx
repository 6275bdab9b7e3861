import { Link } from '@tanstack/react-router';
import type { FileRouteTypes } from '@/routeTree.gen';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { buttonClass } from '@/components/button';
import { useAuth } from '@/auth/auth-state';
import { listMyInvoices, listMyOrders, listMyTickets } from './api';
import { formatCalendarDay, formatDay, formatMoney, itemsText } from './data/format';
import { isOpenOrder, isOpenTicket } from './data/portal-records';
import { InvoiceStatusText } from './invoice-status-text';
import { PortalSection } from './portal-section';
import { useLiveLoad } from '@/lib/use-live-load';
import { useT } from '@/i18n/i18n';

const rowClass = 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2';
const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';
/** The customer's Support screens (routes of the portal's shop screens). */
const SUPPORT = '/portal/support' as FileRouteTypes['to'];

/** The customer's home: their open orders with their status, their latest invoices and their open tickets, each a link. */
export function PortalHome() {
  const t = useT('portal');
  const { user } = useAuth();
  const orders = useLiveLoad('my-orders', listMyOrders);
  const invoices = useLiveLoad('my-invoices', listMyInvoices);
  const tickets = useLiveLoad('my-tickets', listMyTickets);
  const firstName = user?.displayName?.trim().split(/\s+/)[0];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{firstName ? t('portal.home.hello', { name: firstName }) : t('portal.home.welcome')}</h1>
      <PortalSection
        title={t('portal.home.openOrders')}
        headingId="portal-open-orders"
        loaded={orders}
        select={(rows) => rows.filter((order) => isOpenOrder(order.status))}
        empty={t('portal.home.noOpenOrders')}
        action={
          <Link to="/portal/orders" className={linkClass}>
            {t('portal.home.allOrders')}
          </Link>
        }
      >
        {(rows) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((order) => (
              <li key={order.id} className={rowClass}>
                <span className="min-w-0">
                  <Link to="/portal/orders/$orderId" params={{ orderId: String(order.id) }} className={linkClass}>
                    {t('portal.orders.order', { number: order.invoiceId })}
                  </Link>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">
                    {t('portal.home.orderLine', { day: formatDay(order.createAt), items: itemsText(order.items), total: formatMoney(order.totalAmount) })}
                  </span>
                </span>
                <OrderStatusBadge status={order.status} />
              </li>
            ))}
          </ul>
        )}
      </PortalSection>
      <PortalSection
        title={t('portal.home.recentInvoices')}
        headingId="portal-recent-invoices"
        loaded={invoices}
        select={(rows) => rows.slice(0, 5)}
        empty={t('portal.invoices.none')}
        action={
          <Link to="/portal/invoices" className={linkClass}>
            {t('portal.home.allInvoices')}
          </Link>
        }
      >
        {(rows) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((invoice) => (
              <li key={invoice.id} className={rowClass}>
                <span className="min-w-0">
                  <Link to="/portal/invoices/$invoiceId" params={{ invoiceId: invoice.id }} className={linkClass}>
                    {t('portal.invoices.invoice', { id: invoice.id })}
                  </Link>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">
                    {t('portal.home.invoiceLine', { day: formatCalendarDay(invoice.issueDate), total: formatMoney(invoice.totalAmount) })}
                  </span>
                </span>
                <InvoiceStatusText status={invoice.status} />
              </li>
            ))}
          </ul>
        )}
      </PortalSection>
      <PortalSection
        title={t('portal.home.openTickets')}
        headingId="portal-open-tickets"
        loaded={tickets}
        select={(rows) => rows.filter((ticket) => isOpenTicket(ticket.status))}
        empty={t('portal.home.noOpenTickets')}
        action={
          <Link to={SUPPORT} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            {t('portal.home.getHelp')}
          </Link>
        }
      >
        {(rows) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((ticket) => (
              <li key={ticket.id} className={rowClass}>
                <span className="min-w-0">
                  <Link to={SUPPORT} className={linkClass} translate="no">
                    {ticket.subject}
                  </Link>
                  <span className="block text-sm text-slate-500 dark:text-slate-400">
                    {t('portal.home.ticketLine', { day: formatDay(ticket.createdAt), replies: ticket.replies.length })}
                  </span>
                </span>
                <span className="text-sm font-medium">{t('portal.home.ticketStatus', { status: ticket.status })}</span>
              </li>
            ))}
          </ul>
        )}
      </PortalSection>
    </div>
  );
}
