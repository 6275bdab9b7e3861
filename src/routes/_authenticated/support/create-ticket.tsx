import { createFileRoute } from '@tanstack/react-router';
import { t } from '@/i18n/i18n';
import { CreateTicketPage } from '@/features/support/components/create-ticket-page';

export const Route = createFileRoute('/_authenticated/support/create-ticket')({
  head: () => ({ meta: [{ title: t('support.head.createTicket') }] }),
  component: CreateTicketPage,
});
