import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { Invoice } from '@schema/invoice';
import type { ListConfig } from '@/components/data-table/list-config';
import { invoicesApi } from '../api';
import type { t as translate } from '@/i18n/i18n';
import { invoicesCsv } from '../data/invoices-csv';
import { formatInvoiceDay, formatMoney } from './invoice-format';
import { InvoiceStatusBadge } from './invoice-status-badge';

const column = createColumnHelper<Invoice>();

/** The invoices list in the current language (`t` of the invoices area): columns (ids are the API's sort fields), CSV mapping, links. */
export const invoicesListConfig = (t: typeof translate): ListConfig<Invoice> => ({
  resource: 'invoices',
  noun: { one: t('invoices.noun.one'), many: t('invoices.noun.many') },
  title: t('invoices.list.title'),
  api: invoicesApi,
  getId: (invoice) => invoice.id,
  getLabel: (invoice) => invoice.id,
  searchPlaceholder: t('invoices.list.searchPlaceholder'),
  statuses: [
    { value: 'pending', label: t('invoices.status.pending') },
    { value: 'complete', label: t('invoices.status.complete') },
  ],
  createHref: '/invoices/create',
  editHref: (invoice) => `/invoices/${invoice.id}`,
  viewHref: (invoice) => `/invoices/${invoice.id}/details`,
  columns: [
    column.accessor((invoice) => invoice.customer.name, {
      id: 'customer',
      header: t('invoices.list.customer'),
      cell: ({ row: { original: invoice } }) => (
        <div className="flex items-center gap-2">
          <img src={invoice.customer.image} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full object-cover" />
          <span translate="no" className="font-medium">
            {invoice.customer.name}
          </span>
        </div>
      ),
    }),
    column.accessor('id', {
      id: 'id',
      header: t('invoices.list.invoice'),
      cell: ({ getValue }) => (
        <Link to="/invoices/$id/details" params={{ id: getValue() }} className="font-medium whitespace-nowrap text-indigo-700 hover:underline dark:text-indigo-300">
          {getValue()}
        </Link>
      ),
    }),
    column.accessor('issueDate', { id: 'issueDate', header: t('invoices.list.issued'), cell: ({ getValue }) => <span className="whitespace-nowrap">{formatInvoiceDay(getValue())}</span> }),
    column.accessor('dueDate', { id: 'dueDate', header: t('invoices.list.due'), cell: ({ getValue }) => <span className="whitespace-nowrap">{formatInvoiceDay(getValue())}</span> }),
    column.accessor('totalAmount', { id: 'totalAmount', header: t('invoices.list.amount'), cell: ({ getValue }) => <span className="tabular-nums">{formatMoney(getValue())}</span> }),
    column.accessor('status', { id: 'status', header: t('invoices.list.status'), cell: ({ row }) => <InvoiceStatusBadge invoice={row.original} /> }),
  ],
  details: (invoice) => [
    [
      t('invoices.list.customer'),
      <span key="customer" translate="no">
        {invoice.customer.name}
      </span>,
    ],
    [t('invoices.list.issued'), formatInvoiceDay(invoice.issueDate)],
    [t('invoices.list.due'), formatInvoiceDay(invoice.dueDate)],
    [t('invoices.list.amount'), formatMoney(invoice.totalAmount)],
    [t('invoices.list.status'), <InvoiceStatusBadge key="status" invoice={invoice} />],
  ],
  csv: invoicesCsv(t),
});
