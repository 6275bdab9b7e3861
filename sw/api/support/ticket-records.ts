import { bodyIdSchema } from '../../../domain/schema/common';
import { FILE_URL_PREFIX } from '../../../domain/schema/file';
import { ticketInputSchema, ticketStatusSchema, type Ticket, type TicketInput } from '../../../domain/schema/ticket';
import type { ShopDb } from '../storage/db';
import type { SortValue } from '../storage/list-sort';
import type { RecordKind } from '../records/record-kind';
import { newTicket, TICKET_NOT_FOUND, ticketReferenceIssue } from '../../../domain/writes/tickets';
import { invalidField } from '../records/collection-routes';

export { newTicket, TICKET_NOT_FOUND };

/**
 * Tickets for the records kit. A ticket owns its attachment: the uploaded file goes to the
 * trash with the ticket and comes back with it on restore (as a product's images do).
 */
export const ticketRecords: RecordKind<Ticket, number, TicketInput> = {
  plural: 'tickets',
  singular: 'ticket',
  table: (db) => db.tickets,
  idSchema: bodyIdSchema,
  notFound: TICKET_NOT_FOUND,
  fileUrls: (ticket) => [ticket.attachmentFileId === null ? null : `${FILE_URL_PREFIX}${ticket.attachmentFileId}`],
  statusSchema: ticketStatusSchema,
  inputSchema: ticketInputSchema,
  create: (input, now) => newTicket(input, now),
};


/** A new ticket's references checked (domain/writes/tickets.ts, ticketReferenceIssue): 400 under `productId` or `attachmentFileId`. */
export async function assertTicketReferences(db: ShopDb, ticket: Omit<Ticket, 'id'>): Promise<void> {
  const [issue] = await ticketImportIssues(db, [ticket], (_, field) => field);
  if (issue) throw invalidField(issue.path, issue.message);
}

/**
 * The references of new tickets (an import's, or one's: assertTicketReferences), in three
 * reads; each issue's path is `pathOf(i, field)` (`tickets.<i>.<field>` by default). Call
 * inside a transaction over tickets, products and files. An uploaded file is this account's
 * (each account's files are in its own database, so another account's id is unknown here).
 */
export async function ticketImportIssues(
  db: ShopDb,
  tickets: ReadonlyArray<Omit<Ticket, 'id'>>,
  pathOf = (i: number, field: string) => `tickets.${i}.${field}`,
): Promise<Array<{ path: string; message: string }>> {
  const productIds = [...new Set(tickets.flatMap((ticket) => (ticket.productId === null ? [] : [ticket.productId])))];
  const products = new Set((await db.products.bulkGet(productIds)).flatMap((product) => (product ? [product.id] : [])));
  const fileIds = [...new Set(tickets.flatMap((ticket) => (ticket.attachmentFileId === null ? [] : [ticket.attachmentFileId])))];
  const files = new Set((await db.files.bulkGet(fileIds)).flatMap((file) => (file ? [file.id] : [])));
  const owners = new Map<string, number>();
  // Attachments are not indexed: one pass over the tickets, only when a ticket has one.
  if (fileIds.length > 0) {
    await db.tickets.each((ticket) => {
      if (ticket.attachmentFileId !== null && !owners.has(ticket.attachmentFileId)) owners.set(ticket.attachmentFileId, ticket.id);
    });
  }
  return tickets.flatMap((ticket, i) => {
    const fileId = ticket.attachmentFileId;
    const issue = ticketReferenceIssue(ticket, {
      product: ticket.productId === null || products.has(ticket.productId),
      file: fileId !== null && files.has(fileId),
      ownerId: fileId === null ? undefined : owners.get(fileId),
    });
    return issue ? [{ path: pathOf(i, issue.field), message: issue.message }] : [];
  });
}

/** The text a ticket search looks in: subject, opening message, names, email and every reply. */
function searchableText(ticket: Ticket): string {
  return [ticket.subject, ticket.message, `${ticket.firstName} ${ticket.lastName}`, ticket.email, ...ticket.replies.map((reply) => reply.message)]
    .join('\n')
    .toLowerCase();
}

/** Whether a ticket matches a list search: a case-insensitive substring, as the other lists search. */
export function ticketMatchesSearch(ticket: Ticket, search: string | undefined): boolean {
  const needle = search?.toLowerCase();
  return !needle || searchableText(ticket).includes(needle);
}

/** What the tickets list sorts by (`sort=`); the dates sort newest first unless `order` says otherwise. */
export const ticketSorts: { fields: Readonly<Record<string, SortValue<Ticket>>>; dateFields: readonly string[]; defaultField: string } = {
  fields: {
    createdAt: (ticket) => ticket.createdAt,
    updatedAt: (ticket) => ticket.updatedAt,
    subject: (ticket) => ticket.subject,
    status: (ticket) => ticket.status,
  },
  dateFields: ['createdAt', 'updatedAt'],
  defaultField: 'createdAt',
};

/** The list's own order: newest first, then the higher id first (so sorts break ties the same way). */
export const newestTicketFirst = (a: Ticket, b: Ticket): number => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1);
