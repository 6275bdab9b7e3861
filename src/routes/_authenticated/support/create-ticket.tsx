import { createFileRoute } from '@tanstack/react-router';
import { CreateTicketPage } from '@/features/support/components/create-ticket-page';

export const Route = createFileRoute('/_authenticated/support/create-ticket')({
  head: () => ({ meta: [{ title: 'Create ticket · Shop Admin' }] }),
  component: CreateTicketPage,
});
