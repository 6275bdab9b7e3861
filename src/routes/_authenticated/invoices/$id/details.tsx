import { createFileRoute } from '@tanstack/react-router';
import { InvoiceDetailsPage } from '@/features/invoices/components/document/invoice-details-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/_authenticated/invoices/$id/details')({
  head: () => ({ meta: [{ title: t('common.title.invoiceDetails') }] }),
  component: InvoiceDetailsRoute,
});

function InvoiceDetailsRoute() {
  const { id } = Route.useParams();
  // Keyed: another invoice starts with its own state (loading, a download in progress).
  return <InvoiceDetailsPage key={id} invoiceId={id} />;
}
