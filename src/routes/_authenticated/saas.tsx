import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/saas')({
  head: () => ({ meta: [{ title: 'SaaS · Shop Admin' }] }),
  component: () => <PlaceholderPage title="SaaS" />,
});
