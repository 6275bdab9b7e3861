/**
 * What `GET /api/notifications` answers (zod-free, so the header's popover can import the
 * types without the schema library).
 */
export const notificationEventGroups = ['orders', 'stock', 'reviews'] as const;
export type NotificationEventGroup = (typeof notificationEventGroups)[number];

/**
 * What an event says, as data: the app words it in the reader's language (common.json's
 * `common.notifications.*`); `title` and `body` are the same in English, for other readers.
 */
export type NotificationText =
  | { kind: 'order'; status: 'new' | 'pending'; invoiceId: string; customer: string; items: number; amount: number }
  | { kind: 'stock'; product: string; stock: number; code: string }
  | { kind: 'review'; rating: number; product: string; reviewer: string; excerpt: string };

export interface AppNotification {
  /** Stable across calls (`order-12`, `stock-3`, `review-40`): the page remembers which were read by it. */
  id: string;
  group: NotificationEventGroup;
  title: string;
  body: string;
  text: NotificationText;
  /** ISO date of the event; the list is newest first. */
  at: string;
  /** The app page that shows the record (`/orders/12`, `/products/3`, `/products/3/overview`). */
  to: string;
}

export interface NotificationsAnswer {
  notifications: AppNotification[];
}

/** `limit`: 10 unless asked, 1–50. */
export const DEFAULT_NOTIFICATIONS = 10;
export const MAX_NOTIFICATIONS = 50;
/** A product at or below this stock is "low on stock". */
export const LOW_STOCK = 5;
