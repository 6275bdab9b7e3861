import { api } from '@/lib/api-client';
import { resourceApi, type RecordId, type ResourceApi } from '@/components/data-table/resource-api';
import type { ListMeta } from '@schema/common';
import type { Product } from '@schema/product';
import type { Ticket, TicketInput, TicketStatus } from '@schema/ticket';

const TICKETS = '/api/tickets';
const ticketPath = (id: RecordId) => `${TICKETS}/${encodeURIComponent(String(id))}`;

/**
 * The list kit's calls for tickets (list, ids, restore, bulk delete and status, export); a
 * single ticket is addressed by its path (`DELETE /api/tickets/:id`), as the tickets API has it.
 */
export const ticketsApi: ResourceApi<Ticket> = {
  ...resourceApi<Ticket>(TICKETS, 'tickets'),
  remove: (id) => api.delete<Record<string, Ticket>>(ticketPath(id), {}),
};

export const createTicket = async (input: TicketInput) => (await api.post<{ ticket: Ticket }>(TICKETS, input)).ticket;
export const setTicketStatus = async (id: number, status: TicketStatus) => (await api.patch<{ ticket: Ticket }>(ticketPath(id), {}, { status })).ticket;
export const replyToTicket = async (id: number, message: string) => (await api.post<{ ticket: Ticket }>(`${ticketPath(id)}/replies`, { message })).ticket;

/** A page of tickets matching `query` (the overview's counts and search read `meta.total` and a few rows). */
export const findTickets = (query: { search?: string; status?: TicketStatus; pageSize?: number }, signal?: AbortSignal) =>
  api.get<{ tickets: Ticket[]; meta: ListMeta }>(TICKETS, query, signal);

// The FAQs' calls are shared with the customer portal's Support (src/components/faq-browser.tsx).
export { listFaqs, voteOnFaq } from '@/lib/faqs-api';

/** How many matches the product picker lists. */
const PICKER_PAGE_SIZE = 8;

/** Products for the ticket's product picker: the products list's own search (title, category, code). */
export const searchProducts = async (search: string, signal: AbortSignal) =>
  (await api.get<{ products: Product[] }>('/api/products', { search, pageSize: PICKER_PAGE_SIZE }, signal)).products;
export const getProduct = async (id: number, signal?: AbortSignal) => (await api.get<{ product: Product }>('/api/products', { id }, signal)).product;
