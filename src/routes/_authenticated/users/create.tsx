import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/users/create')({
  head: () => ({ meta: [{ title: 'Create user · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Create user" />,
});
