import { invoiceStatuses } from '@schema/values';
import { listSearchSchema } from '@/components/data-table/list-search';

/** The API's sort fields for invoices (contract: issueDate is the default, newest first). */
export const invoiceSortFields = ['issueDate', 'dueDate', 'totalAmount', 'customer', 'id', 'status'] as const;

/** The invoices list's URL state: invalid values fall back rather than break the page. */
export const invoicesSearchSchema = listSearchSchema(invoiceStatuses, invoiceSortFields);
