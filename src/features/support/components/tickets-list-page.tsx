import type { Ticket } from '@schema/ticket';
import { ResourceList, type ResourceListProps } from '@/components/data-table/resource-list';
import { useT } from '@/i18n/i18n';
import { ticketsListConfig } from './tickets-list-config';

/** /support/tickets: the list kit over the tickets API, each row opening to its thread. */
export function TicketsListPage(props: Omit<ResourceListProps<Ticket>, 'config' | 'headingLevel'>) {
  // The list's words (ticketsListConfig) are this area's: loaded first, and re-read on a change of language.
  useT('support');
  return <ResourceList config={ticketsListConfig} headingLevel={2} {...props} />;
}
