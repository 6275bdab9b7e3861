/**
 * The kinds of record a shop syncs. A module without zod: the Activity screen's search validator
 * (in the app's start-up route tree) reads it and must not load the contract's schemas.
 */
export const syncedKinds = ['users', 'products', 'reviews', 'orders', 'invoices', 'tickets', 'files'] as const;
