import { createFileRoute } from '@tanstack/react-router';
import { PortalTicketPage } from '@/features/portal-support/components/ticket-page';

export const Route = createFileRoute('/portal/support_/$ticketId')({
  head: () => ({ meta: [{ title: 'Ticket · Your shop' }] }),
  component: TicketRoute,
});

function TicketRoute() {
  const { ticketId } = Route.useParams();
  return <PortalTicketPage key={ticketId} ticketId={ticketId} />;
}
