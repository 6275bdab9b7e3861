import { createFileRoute } from '@tanstack/react-router';
import { MyInvoicePage } from '@/features/portal/my-invoice-page';

export const Route = createFileRoute('/portal/invoices/$invoiceId')({
  head: () => ({ meta: [{ title: 'Invoice · Your shop' }] }),
  component: MyInvoiceRoute,
});

function MyInvoiceRoute() {
  const { invoiceId } = Route.useParams();
  return <MyInvoicePage key={invoiceId} invoiceId={invoiceId} />;
}
