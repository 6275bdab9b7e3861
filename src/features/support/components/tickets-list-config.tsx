import { createColumnHelper } from '@tanstack/react-table';
import type { Ticket } from '@schema/ticket';
import type { ListConfig } from '@/components/data-table/list-config';
import { ticketsApi } from '../api';
import { ticketNumber } from '@/lib/support-format';
import { formatDate } from '@/i18n/format';
import { t } from '@/i18n/i18n';
import { ticketCategoryLabel, ticketCategoryOptions, ticketStatusOptions } from '../ticket-labels';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { TicketThread } from './ticket-thread';

const column = createColumnHelper<Ticket>();
const requester = (ticket: Ticket) => `${ticket.firstName} ${ticket.lastName}`;

/**
 * The tickets list: columns (ids are the API's sort fields), the category filter, each row's thread in place.
 * Its words are read as the list renders (getters and header functions), in the current language:
 * TicketsListPage loads the `support` area first.
 */
export const ticketsListConfig: ListConfig<Ticket> = {
  resource: 'tickets',
  noun: { one: 'ticket', many: 'tickets' },
  get title() {
    return t('support.tickets.title');
  },
  api: ticketsApi,
  getId: (ticket) => ticket.id,
  getLabel: (ticket) => `${ticketNumber(ticket.id)} ${ticket.subject}`,
  get searchPlaceholder() {
    return t('support.tickets.searchPlaceholder');
  },
  get statuses() {
    return ticketStatusOptions();
  },
  get filters() {
    return [{ param: 'category', label: t('support.form.category'), allLabel: t('support.tickets.allCategories'), options: ticketCategoryOptions() }];
  },
  createHref: '/support/create-ticket',
  columns: [
    column.accessor('subject', {
      id: 'subject',
      header: () => t('support.form.subject'),
      cell: ({ row: { original: ticket } }) => (
        // The ticket's own words (translate="no"): the subject's span is the row's label too, which the controls' names repeat.
        <div className="max-w-[14rem] sm:max-w-xs">
          <span className="block truncate font-medium" translate="no">
            <span className="text-slate-500 dark:text-slate-400">{ticketNumber(ticket.id)}</span> {ticket.subject}
          </span>
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400" translate="no">
            {requester(ticket)} · {ticket.email}
          </span>
        </div>
      ),
    }),
    column.accessor('category', { id: 'category', enableSorting: false, header: () => t('support.form.category'), cell: ({ row }) => ticketCategoryLabel(row.original.category) }),
    column.accessor('status', { id: 'status', header: () => t('support.thread.status'), cell: ({ getValue }) => <TicketStatusBadge status={getValue()} /> }),
    column.accessor((ticket) => ticket.replies.length, { id: 'replies', enableSorting: false, header: () => t('support.tickets.replies'), cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span> }),
    column.accessor('updatedAt', { id: 'updatedAt', header: () => t('support.tickets.updated'), cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDate(getValue())}</span> }),
    column.accessor('createdAt', { id: 'createdAt', header: () => t('support.tickets.created'), cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDate(getValue())}</span> }),
  ],
  expand: {
    get toggleText() {
      return t('support.tickets.thread');
    },
    render: (ticket, changed) => <TicketThread ticket={ticket} onChanged={changed} />,
  },
  csv: {
    columns: [
      { header: 'id', value: (t) => t.id, exportOnly: true },
      { header: 'subject', value: (t) => t.subject },
      { header: 'firstName', value: (t) => t.firstName },
      { header: 'lastName', value: (t) => t.lastName },
      { header: 'email', value: (t) => t.email },
      { header: 'category', value: (t) => t.category },
      { header: 'status', value: (t) => t.status },
      { header: 'productId', value: (t) => t.productId ?? '' },
      { header: 'message', value: (t) => t.message },
      { header: 'replies', value: (t) => t.replies.length, exportOnly: true },
      { header: 'createdAt', value: (t) => t.createdAt, exportOnly: true },
      { header: 'updatedAt', value: (t) => t.updatedAt, exportOnly: true },
    ],
  },
};
