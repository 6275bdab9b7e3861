import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/invoices/')({
  head: () => ({ meta: [{ title: 'Invoices · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Invoices" />,
});
