import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/support/tickets')({
  head: () => ({ meta: [{ title: 'Tickets · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Tickets" level={2} />,
});
