import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/products/create')({
  head: () => ({ meta: [{ title: 'Create product · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Create product" />,
});
