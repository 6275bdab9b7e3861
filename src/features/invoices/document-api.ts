import { api } from '@/lib/api-client';
import type { invoiceStatuses, paymentMethods } from '@schema/values';

/**
 * What the invoice document reads of an invoice (GET /api/invoices?id=): the stored invoice as
 * the API answers it. The card number comes masked (only its last four digits) and there is no CVC.
 */
export interface InvoiceForDocument {
  id: string;
  issueDate: string;
  dueDate: string;
  status: (typeof invoiceStatuses)[number];
  billingAddress: { email: string; phone: string; address: string };
  payment: { paymentMethod: (typeof paymentMethods)[number]; cardHolder: string; cardNo: string };
  customer: { id: number; name: string; image: string };
  products: ReadonlyArray<{ id: number; title: string; quantity: number; price: number; discount: number; total: number }>;
  shippingCharge: number;
  /** Tax as a percentage (0–100) of `subTotal`; `tax` is the amount. */
  taxPercent: number;
  subTotal: number;
  tax: number;
  totalAmount: number;
}

/** 404 for an unknown id (`false` is accepted too, as the products API answers). */
export const getInvoice = (id: string, signal?: AbortSignal) =>
  api.get<{ invoice: InvoiceForDocument | false }>('/api/invoices', { id }, signal);
