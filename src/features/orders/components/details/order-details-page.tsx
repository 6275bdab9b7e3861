import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { ErrorState } from '@/components/data-table/list-states';
import { useListQuery } from '@/components/data-table/use-list-query';
import { useFocusAfterRender } from '@/components/form/use-focus-after-render';
import { getOrder, type OrderDetails } from '../../api';
import { OrderInfoCards } from './order-info-cards';
import { OrderItemsEditor } from './order-items-editor';
import { OrderItemsTable } from '@/components/order-items-table';
import { OrderNotFound } from './order-not-found';
import { OrderStatusControl } from './order-status-control';
import { OrderTimelineList } from '@/components/order-timeline-list';
import { formatDateTime } from './order-format';
import { Breadcrumb } from '@/components/breadcrumb';
import { Button } from '@/components/button';
import { useT } from '@/i18n/i18n';

/** The API answers `false` for an unknown id, 404 once it is gone, and 400 for a malformed one. */
const isMissingOrder = (error: Error | null) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

const sectionClass = 'min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

/**
 * /orders/$id: the order's parties, payment, items and sums; its status (select and "Mark out
 * for delivery"), its timeline, and an editor for its items and amounts. Any order write, in
 * this tab or another, reloads it (live refresh).
 */
export function OrderDetailsPage({ orderId }: { orderId: number }) {
  const query = useListQuery('orders', String(orderId), (signal) => getOrder(orderId, signal));
  // A write's answer, shown at once over the fetched order it was made on; the next fetch (the
  // write's own change announcement) replaces it with what the server now says.
  const [answered, setAnswered] = useState<{ basedOn: typeof query.data; order: OrderDetails } | null>(null);
  // The answer arrives after a render: it belongs on the fetched order shown now, not the one the write started on.
  const latestFetched = useRef(query.data);
  useEffect(() => {
    latestFetched.current = query.data;
  }, [query.data]);
  const showAnswer = (order: OrderDetails) => setAnswered({ basedOn: latestFetched.current, order });
  const [editing, setEditing] = useState(false);
  const focusAfterRender = useFocusAfterRender();
  const editButtonId = `order-${orderId}-edit-items`;
  const t = useT('orders');

  const stored = query.data?.order;
  if (stored === false || (stored === undefined && isMissingOrder(query.error))) return <OrderNotFound id={String(orderId)} />;
  const order = answered && answered.basedOn === query.data ? answered.order : stored;

  return (
    <section className="min-w-0 space-y-6">
      <div className="space-y-1">
        <Breadcrumb listTo="/orders" listLabel={t('orders.list.title')} current={order ? order.invoiceId : t('orders.details.title')} currentIsData={!!order} />
        <h1 className="text-2xl font-semibold">{t('orders.details.title')}</h1>
      </div>

      {query.error && <ErrorState message={query.error.message} onRetry={query.retry} />}
      {!order && !query.error && (
        <p role="status" className="py-16 text-center text-slate-500 dark:text-slate-400">
          {t('orders.details.loading')}
        </p>
      )}

      {order && (
        <>
          <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
            <div className="min-w-0">
              <p className="text-xl font-semibold break-words">{t('orders.list.recordLabel', { invoiceId: order.invoiceId })}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <time dateTime={order.createAt}>{t('orders.details.placed', { date: formatDateTime(order.createAt) })}</time>
              </p>
            </div>
            <OrderStatusControl order={order} onSaved={showAnswer} />
          </div>

          <OrderInfoCards order={order} />

          <div className="grid gap-4 lg:grid-cols-3">
            <section aria-labelledby="order-items-heading" className={`${sectionClass} lg:col-span-2`}>
              {editing ? (
                <OrderItemsEditor
                  order={order}
                  headingId="order-items-heading"
                  onSaved={showAnswer}
                  onClose={() => {
                    setEditing(false);
                    focusAfterRender(editButtonId);
                  }}
                />
              ) : (
                <>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 id="order-items-heading" className="text-lg font-semibold">
                      {t('orders.details.items')}
                    </h2>
                    <Button
                      id={editButtonId}
                      variant="secondary"
                      onClick={() => {
                        setEditing(true);
                        // The editor replaces the table: its heading takes the focus.
                        focusAfterRender('order-items-heading');
                      }}
                    >
                      {t('orders.details.editItems')}
                    </Button>
                  </div>
                  <OrderItemsTable order={order} />
                </>
              )}
            </section>

            <section aria-labelledby="order-timeline-heading" className={sectionClass}>
              <h2 id="order-timeline-heading" className="text-lg font-semibold">
                {t('orders.details.timeline')}
              </h2>
              <OrderTimelineList order={order} />
            </section>
          </div>
        </>
      )}
    </section>
  );
}
