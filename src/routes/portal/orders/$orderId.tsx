import { createFileRoute } from '@tanstack/react-router';
import { RecordNotFound } from '@/components/record-not-found';
import { MyOrderPage } from '@/features/portal/my-order-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/orders/$orderId')({
  head: () => ({ meta: [{ title: t('common.title.portalOrder') }] }),
  component: MyOrderRoute,
});

/** Only a positive whole id in plain digits is asked for. */
function MyOrderRoute() {
  const { orderId } = Route.useParams();
  const id = /^[1-9]\d*$/.test(orderId) ? Number(orderId) : NaN;
  if (!Number.isSafeInteger(id)) return <RecordNotFound noun="order" id={orderId} listTo="/portal/orders" listName="orders" />;
  return <MyOrderPage key={id} orderId={id} />;
}
