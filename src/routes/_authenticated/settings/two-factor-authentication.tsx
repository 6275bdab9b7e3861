import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/settings/two-factor-authentication')({
  head: () => ({ meta: [{ title: 'Two-factor authentication · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Two-factor authentication" level={2} />,
});
