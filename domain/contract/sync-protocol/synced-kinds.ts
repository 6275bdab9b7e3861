/** The kinds of records a shop syncs. A module without zod: route search schemas (at start-up) read it. */
export const syncedKinds = ['users', 'products', 'reviews', 'orders', 'invoices', 'tickets', 'files'] as const;
