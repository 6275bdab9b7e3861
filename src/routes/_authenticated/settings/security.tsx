import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/settings/security')({
  head: () => ({ meta: [{ title: 'Security · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Security" level={2} />,
});
