import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/users/$id')({
  head: () => ({ meta: [{ title: 'Edit user · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Edit user" />,
});
