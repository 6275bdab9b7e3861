import { api } from '@/lib/api-client';
import type { Invoice } from '@schema/invoice';
import type { Order } from '@schema/order';
import type { Product } from '@schema/product';
import type { User } from '@schema/user';
import { categoryOptions } from '../../../seed/lookups';
import type { PaletteOption, RecordAnswer, RecordKind, RecordTarget } from './palette-results';
import { t } from '@/i18n/i18n';
import { formatMoney } from '@/i18n/format';
import { INVOICE_STATUS_IDS } from '@/lib/invoice-status';

/** Records shown per group: a palette finds, the lists browse. */
export const RECORDS_PER_GROUP = 5;

/** The fields the palette shows of each record (the list endpoints answer whole records). */
export type UserRow = Pick<User, 'id' | 'name' | 'email'>;
export type ProductRow = Pick<Product, 'id' | 'title' | 'category'>;
export type OrderRow = Pick<Order, 'id' | 'invoiceId' | 'totalAmount'> & { customer: Pick<Order['customer'], 'name'> };
export type InvoiceRow = Pick<Invoice, 'id' | 'status' | 'dueDate'> & { customer: Pick<Invoice['customer'], 'name'> };

type RecordOption = PaletteOption<RecordTarget>;


export const userOption = (user: UserRow): RecordOption => ({
  key: `users-${user.id}`,
  label: user.name,
  detail: [user.email],
  target: { to: '/users/$id', params: { id: String(user.id) } },
});

/** The category's title as the products list shows it ("Home & Kitchen"). */
const categoryTitle = (value: string) => categoryOptions.find((option) => option.value === value)?.title ?? value;

export const productOption = (product: ProductRow): RecordOption => ({
  key: `products-${product.id}`,
  label: product.title,
  detail: [categoryTitle(product.category)],
  target: { to: '/products/$id/overview', params: { id: String(product.id) } },
});

export const orderOption = (order: OrderRow): RecordOption => ({
  key: `orders-${order.id}`,
  label: order.invoiceId,
  detail: [order.customer.name, formatMoney(order.totalAmount)],
  target: { to: '/orders/$id', params: { id: String(order.id) } },
});

/** "Overdue" is not stored: a pending invoice whose due date has passed is shown so (as the invoices list does). */
export function invoiceStatusLabel(invoice: Pick<InvoiceRow, 'status' | 'dueDate'>, now: Date): string {
  if (invoice.status === 'pending' && Date.parse(invoice.dueDate) < now.getTime()) return t(INVOICE_STATUS_IDS.overdue);
  return t(INVOICE_STATUS_IDS[invoice.status]);
}

export const invoiceOption = (invoice: InvoiceRow, now: Date): RecordOption => ({
  key: `invoices-${invoice.id}`,
  label: invoice.id,
  detail: [invoice.customer.name, invoiceStatusLabel(invoice, now)],
  target: { to: '/invoices/$id/details', params: { id: invoice.id } },
});

/** How the palette reads a list: `api.get`, or a stand-in in tests. */
export type ListGet = <T>(path: string, query: Record<string, string | number>, signal?: AbortSignal) => Promise<T>;

/** One group's search: the same `/api` list search as the resource's list screen. */
export interface RecordSource {
  id: RecordKind;
  /** The group's heading in the current language (read when shown). */
  readonly heading: string;
  search: (query: string, signal?: AbortSignal) => Promise<RecordOption[]>;
}

function recordSource<Row>(
  get: ListGet,
  id: RecordKind,
  headingId: string,
  toOption: (row: Row) => RecordOption,
): RecordSource {
  return {
    id,
    get heading() {
      return t(headingId);
    },
    async search(query, signal) {
      // The answer holds the rows under the resource's plural (`{ users: [...], meta }`).
      const answer = await get<Partial<Record<RecordKind, Row[]>>>(`/api/${id}`, { search: query, pageSize: RECORDS_PER_GROUP }, signal);
      return (answer[id] ?? []).map(toOption);
    },
  };
}

/**
 * The record groups in the order they are listed. Orders come first: they are what an admin
 * looks up most, and a customer's name then opens the order (the customer is also a user).
 */
export function recordSources(get: ListGet = api.get, now: () => Date = () => new Date()): readonly RecordSource[] {
  return [
    recordSource<OrderRow>(get, 'orders', 'common.nav.orders', orderOption),
    recordSource<InvoiceRow>(get, 'invoices', 'common.nav.invoices', (row) => invoiceOption(row, now())),
    recordSource<UserRow>(get, 'users', 'common.nav.users', userOption),
    recordSource<ProductRow>(get, 'products', 'common.nav.products', productOption),
  ];
}

/** Says why a group could not be searched, in words (the worker missing offline is the usual case). */
export function searchErrorMessage(error: unknown): string {
  // fetch rejects with a TypeError when nothing answers: offline with no service worker in control.
  if (error instanceof TypeError) return t('common.palette.backendUnreachable');
  if (error instanceof Error && error.message) return error.message;
  return t('common.palette.searchFailed');
}

/**
 * Runs every source's search for `query` at once and reports each answer (or its error, in
 * words) as it arrives, stamped with the query. Nothing is reported once `signal` aborts: a
 * newer query has taken over.
 */
export function searchAll(
  sources: readonly RecordSource[],
  query: string,
  signal: AbortSignal,
  onAnswer: (id: RecordKind, answer: RecordAnswer) => void,
): Promise<void> {
  return Promise.all(
    sources.map((source) =>
      source.search(query, signal).then(
        (options) => {
          if (!signal.aborted) onAnswer(source.id, { query, options });
        },
        (error: unknown) => {
          if (!signal.aborted) onAnswer(source.id, { query, error: searchErrorMessage(error) });
        },
      ),
    ),
  ).then(() => undefined);
}
