import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/products/')({
  head: () => ({ meta: [{ title: 'Products · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Products" />,
});
