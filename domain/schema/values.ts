/**
 * The fixed value lists of the entities, free of zod so the first screen can use them
 * without loading the schema library. The schema modules re-export them.
 */
/** The languages the app speaks (src/i18n/locales.ts names them and their directions). */
export const appLanguages = ['en', 'es', 'de', 'ar'] as const;
/** The app's languages as an account can choose them ('auto': the browser's). */
export const appLanguageChoices = ['auto', ...appLanguages] as const;

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
/** Support tickets: their states and the subjects they are filed under ('contact': the contact form). */
export const ticketStatuses = ['open', 'pending', 'closed'] as const;
export const ticketCategories = ['orders', 'products', 'billing', 'account', 'technical', 'contact'] as const;
/** The plans an account can be on, with their monthly price in whole dollars. */
export const plans = [
  { id: 'basic', name: 'Basic', monthlyUsd: 10 },
  { id: 'premium', name: 'Premium', monthlyUsd: 20 },
  { id: 'enterprise', name: 'Enterprise', monthlyUsd: 30 },
] as const;
export type PlanId = (typeof plans)[number]['id'];
export const planIds = plans.map((plan) => plan.id) as unknown as readonly [PlanId, ...PlanId[]];
/** The notification switch groups of the settings page; the header's events honour the first four. */
export const notificationGroups = ['orders', 'stock', 'reviews', 'security', 'newsletters', 'meetups'] as const;
export type NotificationGroup = (typeof notificationGroups)[number];
/** The social networks an account can link, with the hosts a link to each may point at. */
export const socialNetworks = [
  { id: 'facebook', name: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  { id: 'x', name: 'X', hosts: ['x.com', 'twitter.com'] },
  { id: 'instagram', name: 'Instagram', hosts: ['instagram.com'] },
  { id: 'linkedin', name: 'LinkedIn', hosts: ['linkedin.com'] },
  { id: 'dribbble', name: 'Dribbble', hosts: ['dribbble.com'] },
] as const;
export type SocialNetworkId = (typeof socialNetworks)[number]['id'];
export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'other'] as const;
