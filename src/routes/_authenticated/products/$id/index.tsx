import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/products/$id/')({
  head: () => ({ meta: [{ title: 'Edit product · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Edit product" />,
});
