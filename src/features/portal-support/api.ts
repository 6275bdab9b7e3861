import type { Ticket, TicketInput } from '@schema/ticket';
import type { User } from '@schema/user';
import { api } from '@/lib/api-client';

/*
 * The portal's Support calls: the worker's /api over the customer's copy, which holds only
 * their tickets (by their record's email) and their user record. Opening a ticket and
 * replying are the customer's writes by the shared rule (domain/sync/customer-writes.ts).
 */

const TICKETS = '/api/tickets';
const ticketPath = (id: number) => `${TICKETS}/${encodeURIComponent(String(id))}`;

/** Their tickets, newest first (a customer has few: one page). */
export const listMyTickets = async (signal?: AbortSignal) => (await api.get<{ tickets: Ticket[] }>(TICKETS, { pageSize: 1000 }, signal)).tickets;
export const getMyTicket = async (id: number, signal?: AbortSignal) => (await api.get<{ ticket: Ticket }>(ticketPath(id), undefined, signal)).ticket;
export const openTicket = async (input: TicketInput) => (await api.post<{ ticket: Ticket }>(TICKETS, input)).ticket;
export const replyToMyTicket = async (id: number, message: string) => (await api.post<{ ticket: Ticket }>(`${ticketPath(id)}/replies`, { message })).ticket;

/** Their own user record (the one their copy holds): the name and email a ticket carries. */
export const getMyRecord = async (signal?: AbortSignal) => (await api.get<{ users: User[] }>('/api/users', { pageSize: 1 }, signal)).users[0] ?? null;
