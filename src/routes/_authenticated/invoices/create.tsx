import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/invoices/create')({
  head: () => ({ meta: [{ title: 'Create invoice · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Create invoice" />,
});
