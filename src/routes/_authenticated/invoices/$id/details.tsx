import { createFileRoute } from '@tanstack/react-router';
import { InvoiceDetailsPage } from '@/features/invoices/components/document/invoice-details-page';

export const Route = createFileRoute('/_authenticated/invoices/$id/details')({
  head: () => ({ meta: [{ title: 'Invoice details · Shop Admin' }] }),
  component: InvoiceDetailsRoute,
});

function InvoiceDetailsRoute() {
  const { id } = Route.useParams();
  // Keyed: another invoice starts with its own state (loading, a download in progress).
  return <InvoiceDetailsPage key={id} invoiceId={id} />;
}
