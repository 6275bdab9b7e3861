import { z } from 'zod';
import type { ApiContext, Handler, RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { listQuerySchema } from '../../../domain/schema/common';
import { ticketCategories, ticketImportSchema, ticketPatchSchema, ticketStatusSchema, ticketStatuses, type Ticket, type TicketStatus } from '../../../domain/schema/ticket';
import { importedTicket, repeatedAttachmentIssues, ticketPatched, ticketReplied, ticketWithStatus } from '../../../domain/writes/tickets';
import { MAX_BULK_RECORDS } from '../../../domain/sync/record-mutations';
import { ApiError, json, numericId, readJsonObject, requireParam } from '../http';
import { statusFilter } from '../query';
import { collectionRoutes, validateBody } from '../records/collection-routes';
import { invalidRows, readBulkBody, validateRows } from '../records/bulk-rows';
import { insertRecords } from '../records/record-operations';
import { recordRoutes } from '../records/record-routes';
import { assertTicketReferences, newestTicketFirst, newTicket, TICKET_NOT_FOUND, ticketImportIssues, ticketMatchesSearch, ticketRecords, ticketSorts } from './ticket-records';

/*
 * Support tickets: `/api/tickets`. The records kit gives list (and its ids), get, create,
 * delete to the trash (with the attachment file), restore and bulk delete; this module adds the status
 * change (PATCH, bulk-status) and replies. A ticket is addressed as `/api/tickets/3` or, as
 * the other resources are, `/api/tickets?id=3`.
 */

const base = '/api/tickets';
/** Ids one bulk-status call may name (as the kit's bulk calls). */
const MAX_IDS = 10_000;

const kit = collectionRoutes({
  store: ticketRecords,
  inputSchema: ticketRecords.inputSchema,
  // The kit's PUT and PATCH are not served (a ticket changes by status and replies, below),
  // so nothing is ever merged onto a stored ticket's input.
  patchSchema: ticketPatchSchema,
  inputOf: () => ({}),
  build: (input, now) => newTicket(input, now),
  // A new ticket's product and attachment must exist. A restored ticket comes back exactly
  // as it was, even if its product has been deleted since (its file comes back with it).
  check: (db, ticket, id) => (id === undefined ? assertTicketReferences(db, ticket) : Promise.resolve()),
  checkTables: (db) => [db.products, db.files],
  filters: {
    search: listQuerySchema.shape.search,
    status: statusFilter(ticketStatuses),
    category: statusFilter(ticketCategories),
  },
  matches: (ticket, { search, status, category }) =>
    (!status || ticket.status === status) && (!category || ticket.category === category) && ticketMatchesSearch(ticket, search),
  order: newestTicketFirst,
  sorts: ticketSorts,
});
const kitRoute = kit[base]!;

/** The ticket's id: the path's `/api/tickets/3`, else `?id=3`. */
function ticketId({ params, url }: Pick<ApiContext, 'params' | 'url'>): number {
  return numericId(params.id ?? requireParam(url, 'id'));
}

/** A kit handler (which reads `?id=`) answering `/api/tickets/:id`. */
const byPathId =
  (handler: Handler): Handler =>
  async (ctx) => {
    const url = new URL(ctx.url);
    url.searchParams.set('id', String(ticketId(ctx)));
    return handler({ ...ctx, url });
  };

/**
 * Changes tickets in one transaction, all or none: an unknown id changes nothing (404,
 * `missing` says which). `change` answers the ticket's new state, or the same object when
 * it leaves it as it is (then it is not written).
 */
async function updateTickets(db: ShopDb, ids: readonly number[], change: (ticket: Ticket) => Ticket, missing: (ids: number[]) => ApiError): Promise<{ tickets: Ticket[]; changed: boolean }> {
  return db.transaction('rw', db.tickets, async () => {
    const wanted = [...new Set(ids)];
    const found = await db.tickets.bulkGet(wanted);
    const unknown = wanted.filter((_, i) => found[i] === undefined);
    if (unknown.length > 0) throw missing(unknown);
    const tickets = (found as Ticket[]).map((ticket) => ({ before: ticket, after: change(ticket) }));
    const written = tickets.filter(({ before, after }) => before !== after).map(({ after }) => after);
    if (written.length > 0) await db.tickets.bulkPut(written);
    return { tickets: tickets.map(({ after }) => after), changed: written.length > 0 };
  });
}

/** The ticket with this status; updatedAt moves only when the status does. */
const withStatus = (status: TicketStatus, now: string) => (ticket: Ticket) => ticketWithStatus(ticket, status, now);

const notFound = () => new ApiError(404, TICKET_NOT_FOUND);

/** PATCH `{ status }` → `{ ticket }`. */
const patchTicket: Handler = async (ctx) => {
  const id = ticketId(ctx);
  const body = await readJsonObject(ctx.request);
  const now = new Date().toISOString();
  const { tickets, changed } = await updateTickets(ctx.db, [id], (ticket) => ticketPatched(ticket, body, now), notFound);
  if (changed) ctx.changed('tickets');
  return json({ ticket: tickets[0] });
};

/** Who a reply is from: the signed-in admin's name, else email, else "Admin". */
const authorOf = ({ caller }: ApiContext): string => caller?.name?.trim() || caller?.email?.trim() || 'Admin';

const statusBody = z.strictObject({
  ids: z.array(ticketRecords.idSchema).min(1, 'Send at least one id').max(MAX_IDS, `At most ${MAX_IDS} ids per call`),
  status: ticketStatusSchema,
});

// Bulk delete as every resource has it (the kit's bulk insert is left out: it would skip the references' checks; importTickets checks them).
const bulkDeleteRoute = recordRoutes(ticketRecords)[`${base}/bulk-delete`]!;

/**
 * `POST /api/tickets/bulk` `{ tickets: [...] }`: an import keeping each ticket's status, thread
 * (each reply's author and time) and dates. Every row and its references are checked first
 * (400 naming `tickets.<i>.<field>`, nothing written); 201 `{ inserted, firstId, lastId }`.
 */
const importTickets: Handler = async ({ db, request, changed }) => {
  const { rows } = await readBulkBody(request, { field: 'tickets', noun: 'ticket', max: MAX_BULK_RECORDS });
  const drafts = validateRows(ticketImportSchema, rows, 'tickets').map(importedTicket);
  const repeated = repeatedAttachmentIssues(drafts);
  if (repeated.length > 0) throw invalidRows(repeated);
  const { firstId, lastId } = await db.transaction('rw', [db.tickets, db.products, db.files], async () => {
    const issues = await ticketImportIssues(db, drafts);
    if (issues.length > 0) throw invalidRows(issues);
    return insertRecords(db, ticketRecords, drafts);
  });
  changed('tickets');
  return json({ inserted: drafts.length, firstId, lastId }, 201);
};

export const ticketRoutes: RouteTable = {
  // No PUT: a ticket's opening message is kept as sent; it changes by status and replies.
  [base]: { GET: kitRoute.GET!, POST: kitRoute.POST!, PATCH: patchTicket, DELETE: kitRoute.DELETE! },
  [`${base}/:id`]: { GET: byPathId(kitRoute.GET!), PATCH: patchTicket, DELETE: byPathId(kitRoute.DELETE!) },
  [`${base}/ids`]: kit[`${base}/ids`]!,
  [`${base}/restore`]: kit[`${base}/restore`]!,
  [`${base}/bulk-delete`]: bulkDeleteRoute,
  [`${base}/bulk`]: { POST: importTickets },

  /** `{ ids, status }` → `{ tickets }`: as PATCH for each, all or none (404 naming the unknown ids). */
  [`${base}/bulk-status`]: {
    async POST({ db, request, changed }) {
      const { ids, status } = validateBody(statusBody, await readJsonObject(request));
      const result = await updateTickets(db, ids, withStatus(status, new Date().toISOString()), (unknown) => new ApiError(404, `${TICKET_NOT_FOUND}: ${unknown.join(', ')}`));
      if (result.changed) changed('tickets');
      return json({ tickets: result.tickets });
    },
  },

  /**
   * `{ message }` → 201 `{ ticket }` with the reply appended (author: the caller, at: now).
   * A reply reopens a closed ticket: the customer's question is live again.
   */
  [`${base}/:id/replies`]: {
    async POST(ctx) {
      const id = ticketId(ctx);
      const body = await readJsonObject(ctx.request);
      const now = new Date().toISOString();
      const replyId = crypto.randomUUID();
      const { tickets } = await updateTickets(ctx.db, [id], (ticket) => ticketReplied(ticket, body, authorOf(ctx), now, replyId), notFound);
      ctx.changed('tickets');
      return json({ ticket: tickets[0] }, 201);
    },
  },
};
