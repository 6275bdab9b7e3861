import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/learning-management')({
  head: () => ({ meta: [{ title: 'Learning management · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Learning management" />,
});
