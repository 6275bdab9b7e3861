import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/invoices/$id/')({
  head: () => ({ meta: [{ title: 'Edit invoice · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Edit invoice" />,
});
