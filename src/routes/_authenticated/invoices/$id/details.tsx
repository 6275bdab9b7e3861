import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/invoices/$id/details')({
  head: () => ({ meta: [{ title: 'Invoice details · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Invoice details" />,
});
