import { api } from '@/lib/api-client';
import type { Invoice } from '@schema/invoice';

/**
 * What the invoice document reads of an invoice (GET /api/invoices?id=): the stored invoice as
 * the API answers it. The card number comes masked (only its last four digits) and there is no CVC.
 */
export type InvoiceForDocument = Invoice;

/** 404 for an unknown id (`false` is accepted too, as the products API answers). */
export const getInvoice = (id: string, signal?: AbortSignal) =>
  api.get<{ invoice: InvoiceForDocument | false }>('/api/invoices', { id }, signal);
