import { z } from 'zod';
import { isoDate } from './common';
import { ticketCategories, ticketStatuses } from './values';
import { isFileId } from './file';

export { ticketCategories, ticketStatuses };

export const ticketStatusSchema = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;
export const ticketCategorySchema = z.enum(ticketCategories);
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(60);

/** One message of a ticket's thread after the first: who wrote it (the signed-in admin's name or email) and when. */
export const ticketReplySchema = z.strictObject({
  id: z.string().min(1).max(64),
  author: z.string().max(200),
  message: z.string().trim().min(1, 'Message is required').max(5_000),
  at: isoDate,
});
export type TicketReply = z.infer<typeof ticketReplySchema>;

/**
 * A support ticket. `message` opens the thread; `replies` follow in time order. The
 * attachment is an uploaded file (`/api/files/<id>`), removed with the ticket.
 */
export const ticketSchema = z.strictObject({
  id,
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z.email('Invalid email address').max(200),
  productId: id.nullable(),
  category: ticketCategorySchema,
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  message: z.string().trim().min(1, 'Message is required').max(5_000),
  attachmentFileId: z.string().refine(isFileId, 'Attachment must be an uploaded file id').nullable(),
  status: ticketStatusSchema,
  replies: z.array(ticketReplySchema).max(500),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** What a client sends to open a ticket (status starts 'open'; the server owns id, replies and times). */
export const ticketInputSchema = ticketSchema
  .omit({ id: true, replies: true, createdAt: true, updatedAt: true, status: true })
  .extend({
    productId: ticketSchema.shape.productId.default(null),
    attachmentFileId: ticketSchema.shape.attachmentFileId.default(null),
  });
export type TicketInput = z.infer<typeof ticketInputSchema>;

/**
 * `POST /api/tickets/bulk` (an admin's import): a stored ticket without its id, keeping its
 * status, thread (each reply's author and time) and dates. `updatedAt` left out is the latest
 * of `createdAt` and the replies' times.
 */
export const ticketImportSchema = ticketSchema.omit({ id: true }).extend({
  productId: ticketSchema.shape.productId.default(null),
  attachmentFileId: ticketSchema.shape.attachmentFileId.default(null),
  status: ticketSchema.shape.status.default('open'),
  replies: ticketSchema.shape.replies.default([]),
  updatedAt: ticketSchema.shape.updatedAt.optional(),
});
export type TicketImport = z.infer<typeof ticketImportSchema>;

/** PATCH /api/tickets/:id: the status change. */
export const ticketPatchSchema = z.strictObject({ status: ticketStatusSchema });
export type TicketPatch = z.infer<typeof ticketPatchSchema>;

/** POST /api/tickets/:id/replies. */
export const ticketReplyInputSchema = z.strictObject({ message: ticketReplySchema.shape.message });
export type TicketReplyInput = z.infer<typeof ticketReplyInputSchema>;
