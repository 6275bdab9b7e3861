import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/users/profile')({
  head: () => ({ meta: [{ title: 'User profile · Shop Admin' }] }),
  component: () => <PlaceholderPage title="User profile" />,
});
