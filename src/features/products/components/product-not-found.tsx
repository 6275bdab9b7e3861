import { RecordNotFound } from '@/components/record-not-found';
import { useT } from '@/i18n/i18n';

/** /products/$id for an id this account has no product with. */
export function ProductNotFound({ id }: { id: string }) {
  const t = useT('products');
  return <RecordNotFound noun={t('products.noun.one')} id={id} listTo="/products" listName={t('products.noun.many')} />;
}
