import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailsPage } from '@/features/orders/components/details/order-details-page';
import { OrderNotFound } from '@/features/orders/components/details/order-not-found';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/orders/$id')({
  head: () => ({ meta: [{ title: t('common.title.orderDetails') }] }),
  component: OrderDetailsRoute,
});

/** Only a positive whole id in plain digits is asked for ("1e3", "0x1f" or "-2" cannot be an order's). */
function OrderDetailsRoute() {
  const { id } = Route.useParams();
  const orderId = /^[1-9]\d*$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(orderId)) return <OrderNotFound id={id} />;
  // Keyed: another order starts with its own editor state and draft.
  return <OrderDetailsPage key={orderId} orderId={orderId} />;
}
