import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/support/create-ticket')({
  head: () => ({ meta: [{ title: 'Create ticket · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Create ticket" level={2} />,
});
