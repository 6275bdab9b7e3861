import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/settings/')({
  head: () => ({ meta: [{ title: 'Profile information · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Profile information" level={2} />,
});
