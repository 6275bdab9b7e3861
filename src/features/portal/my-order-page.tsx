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

const cardClass = 'rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/**
 * One of the customer's orders: its status and timeline as the team sets them (live: the
 * team's change arrives with the next pull), items and sums, addresses and payment, and
 * "Cancel order" while it is new or pending.
 */
export function MyOrderPage({ orderId }: { orderId: number }) {
  const order = useLiveLoad(`my-order-${orderId}`, (signal) => getMyOrder(orderId, signal));
  if (order.data === false) return <RecordNotFound noun="order" id={String(orderId)} listTo="/portal/orders" listName="orders" />;
  if (!order.data) return order.error ? <ErrorState message={order.error.message} onRetry={order.reload} /> : <PageLoading />;
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const cancel = async () => {
    await cancelMyOrder(order.id);
    notify.success(`Order ${order.invoiceId} was cancelled`);
    await navigate({ to: '/portal/orders' });
  };
  return (
    <div className="space-y-4">
      <Link to="/portal/orders" className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
        ← My orders
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Order {order.invoiceId}</h1>
          <p className="text-sm text-slate-500 dark:text-slate-400">Placed {formatDateTime(order.createAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span data-testid="order-status">
            <OrderStatusBadge status={order.status} />
          </span>
          {mayCancel(order.status) && (
            <Button variant="dangerOutline" onClick={() => setConfirming(true)}>
              Cancel order
            </Button>
          )}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="portal-order-timeline" className={cardClass}>
          <h2 id="portal-order-timeline" className="mb-3 text-lg font-semibold">
            Where it is
          </h2>
          <OrderTimelineList order={order} />
        </section>
        <section aria-labelledby="portal-order-items" className={cardClass}>
          <h2 id="portal-order-items" className="mb-3 text-lg font-semibold">
            Items
          </h2>
          <OrderItemsTable order={order} />
        </section>
      </div>
      <section aria-labelledby="portal-order-delivery" className={cardClass}>
        <h2 id="portal-order-delivery" className="mb-3 text-lg font-semibold">
          Delivery and payment
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="font-medium text-slate-500 dark:text-slate-400">Shipping address</dt>
            <dd className="break-words">{order.shipping}</dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-500 dark:text-slate-400">Billing address</dt>
            <dd className="break-words">{order.billing}</dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-500 dark:text-slate-400">Payment</dt>
            <dd>
              {order.payment.paymentMethod} · {order.payment.cardNumber}
            </dd>
          </div>
        </dl>
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel order ${order.invoiceId}?`}
        description="The shop will not send it. This cannot be undone from here: to have it after all, place a new order or contact support."
        confirmLabel="Cancel order"
        destructive
        onConfirm={cancel}
      />
    </div>
  );
}
