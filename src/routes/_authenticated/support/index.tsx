import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/support/')({
  head: () => ({ meta: [{ title: 'Support · Shop Admin' }] }),
  component: () => <PlaceholderPage title="Support" level={2} />,
});
