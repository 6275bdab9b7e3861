import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/analytics')({
  head: () => ({ meta: [{ title: 'Analytics · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Analytics" />,
});
