import type { Invoice } from '@schema/invoice';
import type { Order } from '@schema/order';
import type { Ticket } from '@schema/ticket';
import type { User } from '@schema/user';
import { api } from '@/lib/api-client';

/*
 * The portal's calls: the worker's ordinary /api, over a customer's copy of the shop, which
 * holds only their slice (their orders, invoices, tickets and user record: docs/sync.md
 * "Customers"). A customer has few of each, so the lists read them in one page.
 */

/** The most a list reads at once (the API's largest page). */
const ALL = 1000;

/** The customer's orders, newest first. */
export const listMyOrders = async (signal?: AbortSignal) => (await api.get<{ orders: Order[] }>('/api/orders', { pageSize: ALL }, signal)).orders;

/** One of their orders, or `false` when this device has none with that id. */
export const getMyOrder = async (id: number, signal?: AbortSignal) => (await api.get<{ order: Order | false }>('/api/orders', { id }, signal)).order;

/** Cancels their order while it is new or pending (the worker refuses it otherwise, as the server does). */
export const cancelMyOrder = (id: number) => api.delete<{ order: Order }>('/api/orders', { id });

/** Their invoices, newest first. */
export const listMyInvoices = async (signal?: AbortSignal) => (await api.get<{ invoices: Invoice[] }>('/api/invoices', { pageSize: ALL }, signal)).invoices;

/** One of their invoices (404 `Invoice not found` otherwise). */
export const getMyInvoice = async (id: string, signal?: AbortSignal) => (await api.get<{ invoice: Invoice }>('/api/invoices', { id }, signal)).invoice;

/** Their tickets, newest first. */
export const listMyTickets = async (signal?: AbortSignal) => (await api.get<{ tickets: Ticket[] }>('/api/tickets', { pageSize: ALL }, signal)).tickets;

/** Their own user record (the one the shop's orders and invoices name). */
export const getMyRecord = async (id: number, signal?: AbortSignal) => (await api.get<{ user: User }>('/api/users', { id }, signal)).user;

/** The profile fields a customer may change on their record (docs/sync.md "Customers"); the rest of it is kept as stored. */
export interface ProfileEdit {
  name: string;
  phone: string;
  address: string;
  image?: string;
}

/** Saves their profile: the worker completes the record with its other fields, as the server's rule does. */
export const saveMyProfile = async (id: number, edit: ProfileEdit) => (await api.put<{ user: User }>('/api/users', { id }, edit)).user;
