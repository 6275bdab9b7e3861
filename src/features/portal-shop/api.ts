import type { Order } from '@schema/order';
import type { Product } from '@schema/product';
import type { Review, ReviewSummary } from '@schema/review';
import type { User } from '@schema/user';
import type { PlaceOrder } from '@domain/writes/place-order';
import { api } from '@/lib/api-client';

/*
 * The Shop's calls: the worker's /api over the customer's copy of the shop (docs/sync.md
 * "Customers"), which holds the published products (without their stock: `inStock`), their
 * reviews, and the customer's own user record and orders. Writes are the customer's by the
 * shared rule (domain/sync/customer-writes.ts): the worker refuses the others at once.
 */

/** A product as a customer's copy holds it: `inStock` instead of the stock count. */
export type ShopProduct = Omit<Product, 'stock'> & { stock?: number; inStock?: boolean };

/** The most a list reads at once (the API's largest page). */
const ALL = 1000;

export interface CatalogueQuery {
  search: string;
  /** A category's value, or '' for all. */
  category: string;
}

export const listCatalogue = async ({ search, category }: CatalogueQuery, signal?: AbortSignal) =>
  (await api.get<{ products: ShopProduct[] }>('/api/products', { search, category, status: 'published', pageSize: ALL }, signal)).products;

export const listCategories = (signal?: AbortSignal) => api.get<Array<{ id: number; title: string; value: string }>>('/api/products/categories', undefined, signal);

/** The product, or null when this device has no such (published) product. */
export const getShopProduct = async (id: number, signal?: AbortSignal) => (await api.get<{ product: ShopProduct | false }>('/api/products', { id }, signal)).product || null;

export const listProductReviews = (productId: number, signal?: AbortSignal) =>
  api.get<{ reviews: Review[]; summary: ReviewSummary }>('/api/reviews', { productId, pageSize: 100 }, signal);

export const writeReview = (input: { productId: number; rating: number; review: string }) => api.post<{ review: Review }>('/api/reviews', input);
export const editReview = (id: number, input: { rating: number; review: string }) => api.put<{ review: Review }>('/api/reviews', { id }, input);
export const deleteReview = (id: number) => api.delete<{ review: Review }>('/api/reviews', { id });

/** The customer's own orders (a customer's copy holds only theirs). */
export const listMyOrders = async (signal?: AbortSignal) => (await api.get<{ orders: Order[] }>('/api/orders', { pageSize: ALL }, signal)).orders;

/** The customer's own user record: the only one their copy holds (null before the first sync brings it). */
export const getMyRecord = async (signal?: AbortSignal) => (await api.get<{ users: User[] }>('/api/users', { pageSize: 1 }, signal)).users[0] ?? null;

/** Places the order for the signed-in customer (the worker sets `customerId` to theirs). */
export const placeOrder = async (input: Omit<PlaceOrder, 'customerId'>) => (await api.post<{ order: Order }>('/api/orders', input)).order;
