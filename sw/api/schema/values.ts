/**
 * The fixed value lists of the entities, free of zod so the first screen can use them
 * without loading the schema library. The schema modules re-export them.
 */
export const userStatuses = ['hidden', 'rejected', 'verified', 'waiting'] as const;
export const productCategories = [
  'fashion', 'electronics', 'furniture', 'home-kitchen', 'accessories',
  'office', 'sports-outdoors', 'kitchen-dining', 'stationery',
] as const;
export const productColors = ['blue', 'red', 'orange', 'green', 'purple', 'pink'] as const;
export const productSizes = ['xs', 's', 'm', 'l', 'xl', 'xxl'] as const;
export const productStatuses = ['published', 'draft'] as const;
export const orderStatuses = ['delivered', 'shipping', 'new', 'pending', 'return'] as const;
export const paymentMethods = ['Credit Card', 'Paypal', 'Visa Card', 'Master Card'] as const;
export const invoiceStatuses = ['pending', 'complete'] as const;
/**
 * The steps of an order's timeline, in the order they happen. A status change records the
 * status's step (status-history.ts); 'out-for-delivery' has no status of its own.
 */
export const orderTimelineSteps = ['placed', 'processing', 'shipped', 'out-for-delivery', 'delivered', 'returned'] as const;
export type OrderTimelineStep = (typeof orderTimelineSteps)[number];
/** Steps an order's history keeps: the first ('placed') and the latest ones. */
export const MAX_HISTORY_STEPS = 100;
