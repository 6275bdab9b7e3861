import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/products/$id/overview')({
  head: () => ({ meta: [{ title: 'Product overview · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Product overview" />,
});
