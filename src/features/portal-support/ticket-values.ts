import { z } from 'zod';
import { ticketSchema, type TicketInput } from '@schema/ticket';
import { splitFullName } from '@/lib/support-format';

/** The customer's "Open a ticket" form: what it is about and what they write (their name and email are their record's). */
export const openTicketFormSchema = z.object({
  category: ticketSchema.shape.category,
  subject: ticketSchema.shape.subject,
  message: ticketSchema.shape.message,
});
export type OpenTicketValues = z.input<typeof openTicketFormSchema>;

export const newOpenTicketValues = (): OpenTicketValues => ({ category: 'orders', subject: '', message: '' });

/**
 * The `POST /api/tickets` body from the form and the customer's record: their name split as a
 * ticket keeps it (a one-word name is both), their email (the worker and the server set it to
 * their record's anyway), no product and no attachment.
 */
export function ticketFromForm(values: z.output<typeof openTicketFormSchema>, me: { name: string; email: string }): TicketInput {
  const name = me.name.trim();
  const split = splitFullName(name) ?? { firstName: name, lastName: name };
  return { ...split, email: me.email, productId: null, attachmentFileId: null, ...values };
}
