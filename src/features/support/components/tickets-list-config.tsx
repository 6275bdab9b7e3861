import { createColumnHelper } from '@tanstack/react-table';
import type { Ticket } from '@schema/ticket';
import type { ListConfig } from '@/components/data-table/list-config';
import { ticketsApi } from '../api';
import { formatTicketDay, ticketCategoryLabels, ticketCategoryOptions, ticketNumber, ticketStatusOptions } from '@/lib/support-format';
import { TicketStatusBadge } from '@/components/ticket-status-badge';
import { TicketThread } from './ticket-thread';

const column = createColumnHelper<Ticket>();
const requester = (ticket: Ticket) => `${ticket.firstName} ${ticket.lastName}`;

/** The tickets list: columns (ids are the API's sort fields), the category filter, each row's thread in place. */
export const ticketsListConfig: ListConfig<Ticket> = {
  resource: 'tickets',
  noun: { one: 'ticket', many: 'tickets' },
  title: 'Tickets',
  api: ticketsApi,
  getId: (ticket) => ticket.id,
  getLabel: (ticket) => `${ticketNumber(ticket.id)} ${ticket.subject}`,
  searchPlaceholder: 'Subject, message, name, email or reply',
  statuses: ticketStatusOptions,
  filters: [{ param: 'category', label: 'Category', allLabel: 'All categories', options: ticketCategoryOptions }],
  createHref: '/support/create-ticket',
  columns: [
    column.accessor('subject', {
      id: 'subject',
      header: 'Subject',
      cell: ({ row: { original: ticket } }) => (
        <div className="max-w-[14rem] sm:max-w-xs">
          <span className="block truncate font-medium">
            <span className="text-slate-500 dark:text-slate-400">{ticketNumber(ticket.id)}</span> {ticket.subject}
          </span>
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
            {requester(ticket)} · {ticket.email}
          </span>
        </div>
      ),
    }),
    column.accessor('category', { id: 'category', enableSorting: false, header: 'Category', cell: ({ row }) => ticketCategoryLabels[row.original.category] }),
    column.accessor('status', { id: 'status', header: 'Status', cell: ({ getValue }) => <TicketStatusBadge status={getValue()} /> }),
    column.accessor((ticket) => ticket.replies.length, { id: 'replies', enableSorting: false, header: 'Replies', cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span> }),
    column.accessor('updatedAt', { id: 'updatedAt', header: 'Updated', cell: ({ getValue }) => <span className="whitespace-nowrap">{formatTicketDay(getValue())}</span> }),
    column.accessor('createdAt', { id: 'createdAt', header: 'Created', cell: ({ getValue }) => <span className="whitespace-nowrap">{formatTicketDay(getValue())}</span> }),
  ],
  expand: {
    toggleText: 'Thread',
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
