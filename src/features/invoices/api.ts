import { api } from '@/lib/api-client';
import { resourceApi } from '@/components/data-table/resource-api';
import type { Invoice, InvoiceInput } from '@schema/invoice';
import type { Product } from '@schema/product';
import type { User } from '@schema/user';

/** The list kit's calls for invoices (list, ids, delete and restore, bulk status, import). */
export const invoicesApi = resourceApi<Invoice>('/api/invoices', 'invoices');

export const getInvoice = (id: string, signal?: AbortSignal) => api.get<{ invoice: Invoice }>('/api/invoices', { id }, signal);
export const createInvoice = (input: InvoiceInput) => api.post<{ invoice: Invoice }>('/api/invoices', input);
export const updateInvoice = (id: string, input: InvoiceInput) => api.put<{ invoice: Invoice }>('/api/invoices', { id }, input);
/** The id the next created invoice gets (shown read-only; the POST assigns it). */
/** The id the next create gets; null in a shared shop's copy (the shop server numbers it when it syncs). */
export const getNextInvoiceId = async (signal?: AbortSignal) => (await api.get<{ id: string | null }>('/api/invoices/next-id', undefined, signal)).id;

/** How many matches a picker lists. */
const PICKER_PAGE_SIZE = 8;

/** Customers for the invoice's customer picker: the users list's own search (name, email, country, phone). */
export const searchCustomers = async (search: string, signal: AbortSignal) =>
  (await api.get<{ users: User[] }>('/api/users', { search, pageSize: PICKER_PAGE_SIZE }, signal)).users;

/** Products for an item row's picker: the products list's own search (title, category, code). */
export const searchProducts = async (search: string, signal: AbortSignal) =>
  (await api.get<{ products: Product[] }>('/api/products', { search, pageSize: PICKER_PAGE_SIZE }, signal)).products;
