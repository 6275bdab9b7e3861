import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/settings/plan-billing')({
  head: () => ({ meta: [{ title: 'Plan & billing · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Plan & billing" level={2} />,
});
