import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/settings/notification')({
  head: () => ({ meta: [{ title: 'Notifications · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Notifications" level={2} />,
});
