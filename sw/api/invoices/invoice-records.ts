import type { ApiContext } from '../context';
import { listQuery, statusFilter } from '../query';
import type { SearchSpec } from '../storage/search-entries';
import type { RecordKind } from '../records/record-kind';
import { invoiceIdSchema, invoiceInputSchema, invoiceStatusSchema, invoiceStatuses, type Invoice, type InvoiceInput } from '../../../domain/schema/invoice';
import { takeInvoiceIds } from './invoice-ids';
import { buildInvoice, INVOICE_NOT_FOUND } from '../../../domain/writes/invoices';

/** What the invoices list searches (case-insensitive substring) and sorts by. */
export const invoiceListIndex: SearchSpec<Invoice> = {
  name: 'invoices',
  text: (i) => [i.customer.name, i.billingAddress.address, i.id, i.dueDate, i.totalAmount],
  sorts: {
    issueDate: (i) => i.issueDate,
    id: (i) => i.id,
    customer: (i) => i.customer.name,
    dueDate: (i) => i.dueDate,
    totalAmount: (i) => i.totalAmount,
    status: (i) => i.status,
  },
  dateSorts: ['issueDate', 'dueDate'],
};

/** An invoices list request's page and the query it makes (shared by the list and its ids). */
export function invoicesQuery({ db, url }: Pick<ApiContext, 'db' | 'url'>) {
  const q = listQuery(url, { status: statusFilter(invoiceStatuses) }, { index: invoiceListIndex, dateField: 'issueDate' });
  const query = { table: db.invoices, dateField: 'issueDate', status: q.status, search: q.search, sort: q.sort, index: invoiceListIndex };
  return { page: q.page, pageSize: q.pageSize, query };
}

export { buildInvoice, INVOICE_NOT_FOUND };

/** Invoices for the records kit: ids from the counter, trash and restore, bulk delete, bulk status, bulk insert. */
export const invoiceRecords: RecordKind<Invoice, string, InvoiceInput> = {
  plural: 'invoices',
  singular: 'invoice',
  table: (db) => db.invoices,
  idSchema: invoiceIdSchema,
  notFound: INVOICE_NOT_FOUND,
  statusSchema: invoiceStatusSchema,
  inputSchema: invoiceInputSchema,
  create: (input) => buildInvoice(input),
  newKeys: { tables: (db) => [db.counters], next: takeInvoiceIds, pendingKey: (n) => `INV-${n}` },
  // The customer's image is the user's, not the invoice's: an invoice owns no files.
  fileUrls: () => [],
};
