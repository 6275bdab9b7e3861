import { RecordNotFound } from '@/components/record-not-found';
import { useT } from '@/i18n/i18n';

/** /orders/$id for an id this account has no order with (or one that cannot be an id). */
export function OrderNotFound({ id }: { id: string }) {
  const t = useT('orders');
  return <RecordNotFound noun={t('orders.noun.one')} id={id} listTo="/orders" listName={t('orders.noun.many')} />;
}
