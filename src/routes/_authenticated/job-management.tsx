import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/job-management')({
  head: () => ({ meta: [{ title: 'Job management · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Job management" />,
});
