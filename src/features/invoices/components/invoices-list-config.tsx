import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { Invoice } from '@schema/invoice';
import type { ListConfig } from '@/components/data-table/list-config';
import { invoicesApi } from '../api';
import { invoicesCsv } from '../data/invoices-csv';
import { formatInvoiceDay, formatMoney } from './invoice-format';
import { InvoiceStatusBadge } from './invoice-status-badge';

const column = createColumnHelper<Invoice>();

/** The invoices list: columns (ids are the API's sort fields), CSV mapping, links. */
export const invoicesListConfig: ListConfig<Invoice> = {
  resource: 'invoices',
  noun: { one: 'invoice', many: 'invoices' },
  title: 'Invoices',
  api: invoicesApi,
  getId: (invoice) => invoice.id,
  getLabel: (invoice) => invoice.id,
  searchPlaceholder: 'Customer, address, invoice id, due date or amount',
  statuses: [
    { value: 'pending', label: 'Pending' },
    { value: 'complete', label: 'Complete' },
  ],
  createHref: '/invoices/create',
  editHref: (invoice) => `/invoices/${invoice.id}`,
  viewHref: (invoice) => `/invoices/${invoice.id}/details`,
  columns: [
    column.accessor((invoice) => invoice.customer.name, {
      id: 'customer',
      header: 'Customer',
      cell: ({ row: { original: invoice } }) => (
        <div className="flex items-center gap-2">
          <img src={invoice.customer.image} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full object-cover" />
          <span className="font-medium">{invoice.customer.name}</span>
        </div>
      ),
    }),
    column.accessor('id', {
      id: 'id',
      header: 'Invoice',
      cell: ({ getValue }) => (
        <Link to="/invoices/$id/details" params={{ id: getValue() }} className="font-medium whitespace-nowrap text-indigo-700 hover:underline dark:text-indigo-300">
          {getValue()}
        </Link>
      ),
    }),
    column.accessor('issueDate', { id: 'issueDate', header: 'Issued', cell: ({ getValue }) => <span className="whitespace-nowrap">{formatInvoiceDay(getValue())}</span> }),
    column.accessor('dueDate', { id: 'dueDate', header: 'Due', cell: ({ getValue }) => <span className="whitespace-nowrap">{formatInvoiceDay(getValue())}</span> }),
    column.accessor('totalAmount', { id: 'totalAmount', header: 'Amount', cell: ({ getValue }) => <span className="tabular-nums">{formatMoney(getValue())}</span> }),
    column.accessor('status', { id: 'status', header: 'Status', cell: ({ row }) => <InvoiceStatusBadge invoice={row.original} /> }),
  ],
  details: (invoice) => [
    ['Customer', invoice.customer.name],
    ['Issued', formatInvoiceDay(invoice.issueDate)],
    ['Due', formatInvoiceDay(invoice.dueDate)],
    ['Amount', formatMoney(invoice.totalAmount)],
    ['Status', <InvoiceStatusBadge key="status" invoice={invoice} />],
  ],
  csv: invoicesCsv,
};
