import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/orders/')({
  head: () => ({ meta: [{ title: 'Orders · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Orders" />,
});
