import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/support/contact')({
  head: () => ({ meta: [{ title: 'Contact · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Contact" level={2} />,
});
