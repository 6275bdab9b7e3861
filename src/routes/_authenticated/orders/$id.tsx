import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/orders/$id')({
  head: () => ({ meta: [{ title: 'Order details · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Order details" />,
});
