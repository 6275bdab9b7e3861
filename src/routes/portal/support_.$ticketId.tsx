import { createFileRoute } from '@tanstack/react-router';
import { PortalTicketPage } from '@/features/portal-support/components/ticket-page';
import { t } from '@/i18n/i18n';

export const Route = createFileRoute('/portal/support_/$ticketId')({
  head: () => ({ meta: [{ title: t('common.title.portalTicket') }] }),
  component: TicketRoute,
});

function TicketRoute() {
  const { ticketId } = Route.useParams();
  return <PortalTicketPage key={ticketId} ticketId={ticketId} />;
}
