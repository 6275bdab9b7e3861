import { createFileRoute } from '@tanstack/react-router';
import { MyInvoicesPage } from '@/features/portal/my-invoices-page';

export const Route = createFileRoute('/portal/invoices/')({
  head: () => ({ meta: [{ title: 'My invoices · Your shop' }] }),
  component: MyInvoicesPage,
});
