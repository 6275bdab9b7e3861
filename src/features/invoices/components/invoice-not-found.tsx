import { RecordNotFound } from '@/components/record-not-found';
import { useT } from '@/i18n/i18n';

/** /invoices/$id for an id this account has no invoice with. */
export function InvoiceNotFound({ id }: { id: string }) {
  const t = useT('invoices');
  return <RecordNotFound noun={t('invoices.noun.one')} id={id} listTo="/invoices" listName={t('invoices.noun.many')} />;
}
