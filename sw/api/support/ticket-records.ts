import { bodyIdSchema } from '../../../domain/schema/common';
import { FILE_URL_PREFIX } from '../../../domain/schema/file';
import { ticketInputSchema, ticketStatusSchema, type Ticket, type TicketInput } from '../../../domain/schema/ticket';
import type { ShopDb } from '../storage/db';
import type { SortValue } from '../storage/list-sort';
import type { RecordKind } from '../records/record-kind';
import { newTicket, TICKET_NOT_FOUND } from '../../../domain/writes/tickets';
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


/**
 * A new ticket's references: its product exists (400 under `productId`), its attachment is
 * a file this account uploaded (each account's files are in its own database, so another
 * account's id is unknown here) and no other ticket owns it — deleting that ticket would
 * take the file to the trash from under this one (400 under `attachmentFileId`).
 */
export async function assertTicketReferences(db: ShopDb, ticket: Omit<Ticket, 'id'>): Promise<void> {
  if (ticket.productId !== null && !(await db.products.get(ticket.productId))) throw invalidField('productId', 'Product not found');
  const fileId = ticket.attachmentFileId;
  if (fileId === null) return;
  if (!(await db.files.get(fileId))) throw invalidField('attachmentFileId', 'File not found: upload the attachment first');
  const owner = await db.tickets.filter((other) => other.attachmentFileId === fileId).first();
  if (owner) throw invalidField('attachmentFileId', `This file is already attached to ticket ${owner.id}`);
}

/**
 * The references of imported tickets (`POST /api/tickets/bulk`), as assertTicketReferences
 * checks one, in three reads: every issue named `tickets.<i>.<field>`. Call inside a
 * transaction over tickets, products and files.
 */
export async function ticketImportIssues(db: ShopDb, tickets: ReadonlyArray<Omit<Ticket, 'id'>>): Promise<Array<{ path: string; message: string }>> {
  const productIds = [...new Set(tickets.flatMap((ticket) => (ticket.productId === null ? [] : [ticket.productId])))];
  const products = new Set((await db.products.bulkGet(productIds)).flatMap((product) => (product ? [product.id] : [])));
  const fileIds = [...new Set(tickets.flatMap((ticket) => (ticket.attachmentFileId === null ? [] : [ticket.attachmentFileId])))];
  const files = new Set((await db.files.bulkGet(fileIds)).flatMap((file) => (file ? [file.id] : [])));
  const owners = new Map<string, number>();
  // Attachments are not indexed: one pass over the tickets, only when the import has any.
  if (fileIds.length > 0) {
    await db.tickets.each((ticket) => {
      if (ticket.attachmentFileId !== null) owners.set(ticket.attachmentFileId, ticket.id);
    });
  }
  return tickets.flatMap((ticket, i) => {
    const at = (field: string, message: string) => [{ path: `tickets.${i}.${field}`, message }];
    if (ticket.productId !== null && !products.has(ticket.productId)) return at('productId', 'Product not found');
    const fileId = ticket.attachmentFileId;
    if (fileId === null) return [];
    if (!files.has(fileId)) return at('attachmentFileId', 'File not found: upload the attachment first');
    const owner = owners.get(fileId);
    return owner === undefined ? [] : at('attachmentFileId', `This file is already attached to ticket ${owner}`);
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
