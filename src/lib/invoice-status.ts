import type { Invoice } from '@schema/invoice';

/** What the list shows for an invoice: its stored status, or "overdue" (never stored) for a pending one past its due date. */
export type InvoiceDisplayStatus = Invoice['status'] | 'overdue';

/** The calendar day of a date on this device, as `YYYY-MM-DD`. */
export function localDayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * Overdue: still pending and due before today. The due date is a calendar day (the form
 * stores it as that day at 00:00 UTC), so its UTC day is compared with today's day here;
 * an invoice due today is not overdue yet.
 */
export function isOverdue(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: Date): boolean {
  return invoice.status === 'pending' && invoice.dueDate.slice(0, 10) < localDayKey(today);
}

export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: Date): InvoiceDisplayStatus {
  return isOverdue(invoice, today) ? 'overdue' : invoice.status;
}

/** Each status's name (common.json), for the lists, the palette and the invoice's page. */
export const INVOICE_STATUS_IDS: Record<InvoiceDisplayStatus, string> = {
  pending: 'common.invoiceStatus.pending',
  complete: 'common.invoiceStatus.complete',
  overdue: 'common.invoiceStatus.overdue',
};
