import { z } from 'zod';
import type { RouteTable } from '../context';
import type { ShopDb } from '../storage/db';
import { json, validate } from '../http';
import { orderStore } from '../orders/store/order-store';
import { listPage } from '../storage/list-query';
import { productListIndex } from '../products/product-routes';
import type { Order } from '../../../domain/schema/order';
import type { Product } from '../../../domain/schema/product';
import { readSettings } from '../settings/account-settings';
import { DEFAULT_NOTIFICATIONS, LOW_STOCK, MAX_NOTIFICATIONS, type AppNotification } from '../../../domain/contract/notification';

const notificationsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, `limit must be 1–${MAX_NOTIFICATIONS}`)
    .max(MAX_NOTIFICATIONS, `limit must be 1–${MAX_NOTIFICATIONS}`)
    .default(DEFAULT_NOTIFICATIONS),
});

/** The order statuses that want the admin's attention: a new order, a pending one. */
const ATTENTION_STATUSES = ['new', 'pending'] as const;

const money = (amount: number) => `$${amount.toFixed(2)}`;
const excerpt = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function orderNotification(order: Order): AppNotification {
  const items = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    id: `order-${order.id}`,
    group: 'orders',
    title: order.status === 'new' ? `New order ${order.invoiceId}` : `Order ${order.invoiceId} is pending`,
    body: `${order.customer.name} · ${items} ${items === 1 ? 'item' : 'items'} · ${money(order.totalAmount)}`,
    text: { kind: 'order', status: order.status === 'new' ? 'new' : 'pending', invoiceId: order.invoiceId, customer: order.customer.name, items, amount: order.totalAmount },
    at: order.createAt,
    to: `/orders/${order.id}`,
  };
}

/**
 * The newest `limit` orders of each attention status. Their ids come from the order store's
 * index (newest first, filtered by status in memory: no order block is read to find them),
 * kept until the next order write, so opening the popover again costs only the orders' reads
 * (a block or two, usually cached).
 */
async function orderNotifications(db: ShopDb, limit: number): Promise<AppNotification[]> {
  const store = orderStore(db);
  const newest = await store.summary('notifications:attention-orders', (index) =>
    ATTENTION_STATUSES.map((status) => index.query({ status, offset: 0, limit: MAX_NOTIFICATIONS }).keys as number[]),
  );
  const orders = await Promise.all(newest.flatMap((ids) => ids.slice(0, limit)).map((id) => store.get(id)));
  // An order written between the two reads is skipped if it no longer wants attention.
  const wanted = new Set<string>(ATTENTION_STATUSES);
  return orders.filter((order): order is Order => order !== undefined && wanted.has(order.status)).map(orderNotification);
}

/**
 * When each of these products was last written through the API, from the activity log (its
 * last 500 writes). A product's stock has no history of its own: its last write is when its
 * stock was last set (or at least when it was last known to be this low).
 */
async function lastProductWrites(db: ShopDb, ids: ReadonlySet<number>): Promise<Map<number, string>> {
  const writes = new Map<number, string>();
  const entries = await db.activity
    .reverse()
    .filter((entry) => entry.resource === 'products' && typeof entry.recordId === 'number' && ids.has(entry.recordId))
    .toArray();
  for (const entry of entries) if (!writes.has(entry.recordId as number)) writes.set(entry.recordId as number, entry.at);
  return writes;
}

/**
 * Products at or below LOW_STOCK, the lowest stock first (at most `limit`), through the
 * products list's in-memory index sorted by stock: no product table scan per call.
 */
async function stockNotifications(db: ShopDb, limit: number): Promise<AppNotification[]> {
  const { rows } = await listPage<Product>({
    table: db.products,
    dateField: 'createdAt',
    page: 1,
    pageSize: limit,
    sort: { field: 'stock', order: 'asc' },
    index: productListIndex,
  });
  const low = rows.filter((product) => product.stock <= LOW_STOCK);
  if (low.length === 0) return [];
  const writes = await lastProductWrites(db, new Set(low.map((product) => product.id)));
  return low.map((product) => ({
    id: `stock-${product.id}`,
    group: 'stock',
    title: product.stock === 0 ? `${product.title} is out of stock` : `${product.title} is low on stock`,
    body: `${product.stock} left · ${product.code}`,
    text: { kind: 'stock', product: product.title, stock: product.stock, code: product.code },
    at: writes.get(product.id) ?? product.createdAt,
    to: `/products/${product.id}`,
  }));
}

/** The newest `limit` reviews (the reviews' createdAt index, read backwards), with their products' titles. */
async function reviewNotifications(db: ShopDb, limit: number): Promise<AppNotification[]> {
  const reviews = await db.reviews.orderBy('createdAt').reverse().limit(limit).toArray();
  const productIds = [...new Set(reviews.map((review) => review.productId))];
  const products = await db.products.bulkGet(productIds);
  const titles = new Map(productIds.map((id, i) => [id, products[i]?.title ?? `product ${id}`]));
  return reviews.map((review) => ({
    id: `review-${review.id}`,
    group: 'reviews',
    title: `${review.rating}★ review of ${titles.get(review.productId)}`,
    body: `${review.user.name}: ${excerpt(review.review)}`,
    text: { kind: 'review', rating: review.rating, product: titles.get(review.productId) ?? `product ${review.productId}`, reviewer: review.user.name, excerpt: excerpt(review.review) },
    at: review.createdAt,
    to: `/products/${review.productId}/overview`,
  }));
}

/** Newest first; ties in a fixed order (by id), so a list does not shuffle between calls. */
function newestFirst(a: AppNotification, b: AppNotification): number {
  const byDate = Date.parse(b.at) - Date.parse(a.at);
  return byDate !== 0 ? byDate : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const notificationRoutes: RouteTable = {
  /**
   * `GET /api/notifications?limit=10`: new and pending orders, low stock and new reviews,
   * newest first, at most `limit` (1–50, else 400). A group switched off in the account's
   * settings is left out (and not read).
   */
  '/api/notifications': {
    async GET({ db, url, caller }) {
      const { limit } = validate(notificationsQuery, Object.fromEntries(url.searchParams));
      const { notifications: switches } = await readSettings(db, caller);
      const groups = await Promise.all([
        switches.orders ? orderNotifications(db, limit) : [],
        switches.stock ? stockNotifications(db, limit) : [],
        switches.reviews ? reviewNotifications(db, limit) : [],
      ]);
      return json({ notifications: groups.flat().sort(newestFirst).slice(0, limit) });
    },
  },
};
