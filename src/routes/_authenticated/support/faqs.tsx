import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/_authenticated/support/faqs')({
  head: () => ({ meta: [{ title: 'FAQs · Shop Admin' }] }),
  component: () => <PlaceholderPage title="FAQs" level={2} />,
});
