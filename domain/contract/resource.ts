/** The kinds of shop data a write can change (what a change announcement names), every one. */
export const resources = [
  'users',
  'products',
  'reviews',
  'orders',
  'invoices',
  'files',
  // The learning and hiring records (the learning and job dashboards).
  'courses',
  'study-sessions',
  'tasks',
  'job-posts',
  'candidates',
  'applications',
  // The account's settings (profile, plan, card, notification switches, social links).
  'settings',
  // Support: tickets, and this account's votes on the FAQs.
  'tickets',
  'faqs',
] as const;

export type Resource = (typeof resources)[number];
