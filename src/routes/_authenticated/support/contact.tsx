import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@/features/support/components/contact-page';

export const Route = createFileRoute('/_authenticated/support/contact')({
  head: () => ({ meta: [{ title: 'Contact · Shop Admin' }] }),
  component: ContactPage,
});
