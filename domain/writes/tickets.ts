import { ApiError, validate } from '../errors';
import { ticketInputSchema, ticketPatchSchema, ticketReplyInputSchema, type Ticket, type TicketImport, type TicketInput, type TicketReply } from '../schema/ticket';
import { bodyObject, withoutServerFields } from './server-fields';
import { PRODUCT_NOT_FOUND } from './products';

export const TICKET_NOT_FOUND = 'Ticket not found';
/** The longest thread the schema allows (ticketSchema's `replies`). */
export const MAX_REPLIES = 500;

/** A ticket's fields that a PATCH does not change: everything but its status. */
const KEPT_FIELDS = ['id', 'firstName', 'lastName', 'email', 'productId', 'category', 'subject', 'message', 'attachmentFileId', 'replies', 'createdAt', 'updatedAt'] as const;

/** A ticket as opened: 'open', no replies yet, created and updated now. */
export function newTicket(input: TicketInput, now: string): Omit<Ticket, 'id'> {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    productId: input.productId,
    category: input.category,
    subject: input.subject,
    message: input.message,
    // File ids are stored lowercase (as POST /api/files gives them); the schema accepts any case.
    attachmentFileId: input.attachmentFileId?.toLowerCase() ?? null,
    status: 'open',
    replies: [],
    createdAt: now,
    updatedAt: now,
  };
}

/** `POST /api/tickets`: the ticket to open (its product and attachment must exist: the caller checks). */
export function ticketToCreate(body: unknown, now: string): Omit<Ticket, 'id'> {
  return newTicket(validate(ticketInputSchema, bodyObject(body)), now);
}

/**
 * `POST /api/tickets/bulk`: an imported ticket as stored, with its status, thread and dates as
 * sent (its product and attachment must exist: the caller checks).
 */
export function importedTicket(input: TicketImport): Omit<Ticket, 'id'> {
  const opened = newTicket(input, input.createdAt);
  const latest = input.replies.reduce((last, reply) => (Date.parse(reply.at) > Date.parse(last) ? reply.at : last), input.createdAt);
  return { ...opened, status: input.status, replies: input.replies, updatedAt: input.updatedAt ?? latest };
}

/** What a store found of a new ticket's references: its product, its attachment's file, and the ticket already holding that file. */
export interface TicketReferencesFound {
  product: boolean;
  file: boolean;
  ownerId: number | undefined;
}

/**
 * The first thing wrong with a new ticket's references, or undefined: its product must exist,
 * its attachment must be an uploaded file that no other ticket holds (deleting that ticket
 * would take the file to the trash from under this one). The worker and the server each look
 * the references up in their own store.
 */
export function ticketReferenceIssue(ticket: Pick<Ticket, 'productId' | 'attachmentFileId'>, found: TicketReferencesFound): { field: 'productId' | 'attachmentFileId'; message: string } | undefined {
  if (ticket.productId !== null && !found.product) return { field: 'productId', message: PRODUCT_NOT_FOUND };
  if (ticket.attachmentFileId === null) return undefined;
  if (!found.file) return { field: 'attachmentFileId', message: 'File not found: upload the attachment first' };
  if (found.ownerId !== undefined) return { field: 'attachmentFileId', message: `This file is already attached to ticket ${found.ownerId}` };
  return undefined;
}

/** Issues for attachments named by two tickets of one import (`tickets.<i>.attachmentFileId`): a file belongs to one ticket. */
export function repeatedAttachmentIssues(tickets: ReadonlyArray<Pick<Ticket, 'attachmentFileId'>>, plural = 'tickets'): Array<{ path: string; message: string }> {
  const first = new Map<string, number>();
  const issues: Array<{ path: string; message: string }> = [];
  tickets.forEach(({ attachmentFileId: fileId }, i) => {
    if (fileId === null) return;
    const earlier = first.get(fileId);
    if (earlier === undefined) first.set(fileId, i);
    else issues.push({ path: `${plural}.${i}.attachmentFileId`, message: `This file is also attached to ${plural}.${earlier}` });
  });
  return issues;
}

/**
 * `PATCH /api/tickets/:id` `{ status }` (or the whole ticket sent back with its status
 * changed: the other fields must be as stored). updatedAt moves only when the status does.
 */
export function ticketPatched(current: Ticket, body: Record<string, unknown>, now: string): Ticket {
  const { status } = validate(ticketPatchSchema, withoutServerFields(body, KEPT_FIELDS, current, {}, 'stays as the ticket has it (a PATCH changes only the status)'));
  return ticketWithStatus(current, status, now);
}

/** The ticket with this status; the same object when it already has it. */
export const ticketWithStatus = (ticket: Ticket, status: Ticket['status'], now: string): Ticket => (ticket.status === status ? ticket : { ...ticket, status, updatedAt: now });

/** `POST /api/tickets/:id/replies` `{ message }`: the reply appended; a reply reopens a closed ticket. */
export function ticketReplied(current: Ticket, body: unknown, author: string, now: string, replyId: string): Ticket {
  const { message } = validate(ticketReplyInputSchema, bodyObject(body));
  if (current.replies.length >= MAX_REPLIES) throw new ApiError(409, `A ticket holds at most ${MAX_REPLIES} replies`);
  const reply: TicketReply = { id: replyId, author, message, at: now };
  return { ...current, replies: [...current.replies, reply], status: current.status === 'closed' ? 'open' : current.status, updatedAt: now };
}
