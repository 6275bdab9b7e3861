import { createFileRoute } from '@tanstack/react-router';
import { MyInvoicePage } from '@/features/portal/my-invoice-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/invoices/$invoiceId')({
  head: () => ({ meta: [{ title: t('common.title.portalInvoice') }] }),
  component: MyInvoiceRoute,
});

function MyInvoiceRoute() {
  const { invoiceId } = Route.useParams();
  return <MyInvoicePage key={invoiceId} invoiceId={invoiceId} />;
}
