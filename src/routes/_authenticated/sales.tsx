import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/sales')({
  head: () => ({ meta: [{ title: 'Sales · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Sales" />,
});
