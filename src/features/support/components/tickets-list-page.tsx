import type { Ticket } from '@schema/ticket';
import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import { ticketsListConfig } from './tickets-list-config';

/** /support/tickets: the list kit over the tickets API, each row opening to its thread. */
export function TicketsListPage(props: Omit<ResourceListProps<Ticket>, 'config' | 'headingLevel'>) {
  return <ResourceList config={ticketsListConfig} headingLevel={2} {...props} />;
}
