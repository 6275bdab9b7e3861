import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/settings/account-deactivation')({
  head: () => ({ meta: [{ title: 'Account deactivation · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Account deactivation" level={2} />,
});
