import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Order } from '@schema/order';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/data-table/list-states';
import { OrderItemsTable } from '@/components/order-items-table';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { OrderTimelineList } from '@/components/order-timeline-list';
import { PageLoading } from '@/components/page-loading';
import { RecordNotFound } from '@/components/record-not-found';
import { notify } from '@/lib/notify';
import { cancelMyOrder, getMyOrder } from './api';
import { formatDateTime } from './data/format';
import { mayCancel } from './data/portal-records';
import { useLiveLoad } from '@/lib/use-live-load';
import { useT } from '@/i18n/i18n';
import { messageOf } from '@/lib/error-message';
import { paymentMethodLabel } from '@/lib/payment-method';

const cardClass = 'rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/**
 * One of the customer's orders: its status and timeline as the team sets them (live: the
 * team's change arrives with the next pull), items and sums, addresses and payment, and
 * "Cancel order" while it is new or pending.
 */
export function MyOrderPage({ orderId }: { orderId: number }) {
  useT('portal');
  const order = useLiveLoad(`my-order-${orderId}`, (signal) => getMyOrder(orderId, signal));
  if (order.data === false) return <RecordNotFound noun="order" id={String(orderId)} listTo="/portal/orders" listName="orders" />;
  if (!order.data) return order.error ? <ErrorState message={messageOf(order.error)} onRetry={order.reload} /> : <PageLoading />;
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const t = useT('portal');
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const cancel = async () => {
    await cancelMyOrder(order.id);
    notify.success(t('portal.order.cancelled', { number: order.invoiceId }));
    await navigate({ to: '/portal/orders' });
  };
  return (
    <div className="space-y-4">
      <Link to="/portal/orders" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
        {t('portal.order.back')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{t('portal.orders.order', { number: order.invoiceId })}</h1>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('portal.order.placed', { at: formatDateTime(order.createAt) })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span data-testid="order-status">
            <OrderStatusBadge status={order.status} />
          </span>
          {mayCancel(order.status) && (
            <Button variant="dangerOutline" onClick={() => setConfirming(true)}>
              {t('portal.order.cancel')}
            </Button>
          )}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="portal-order-timeline" className={cardClass}>
          <h2 id="portal-order-timeline" className="mb-3 text-lg font-semibold">
            {t('portal.order.whereItIs')}
          </h2>
          <OrderTimelineList order={order} />
        </section>
        <section aria-labelledby="portal-order-items" className={cardClass}>
          <h2 id="portal-order-items" className="mb-3 text-lg font-semibold">
            {t('portal.order.items')}
          </h2>
          <OrderItemsTable order={order} />
        </section>
      </div>
      <section aria-labelledby="portal-order-delivery" className={cardClass}>
        <h2 id="portal-order-delivery" className="mb-3 text-lg font-semibold">
          {t('portal.cart.checkoutHeading')}
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="font-medium text-slate-500 dark:text-slate-400">{t('portal.order.shipping')}</dt>
            <dd className="break-words" translate="no">
              {order.shipping}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-500 dark:text-slate-400">{t('portal.order.billing')}</dt>
            <dd className="break-words" translate="no">
              {order.billing}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-500 dark:text-slate-400">{t('portal.order.payment')}</dt>
            <dd>
              {paymentMethodLabel(order.payment.paymentMethod)} · {order.payment.cardNumber}
            </dd>
          </div>
        </dl>
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('portal.order.cancelTitle', { number: order.invoiceId })}
        description={t('portal.order.cancelText')}
        confirmLabel={t('portal.order.cancel')}
        destructive
        onConfirm={cancel}
      />
    </div>
  );
}
