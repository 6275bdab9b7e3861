import { z } from 'zod';

/*
 * The static demo's customer preview (docs/sync.md, "A customer preview without a server"):
 * the visitor sees the customer portal as one of the demo shop's customers, over a copy of
 * their own data holding only what that customer's device would (domain/sync/scope.ts).
 */

export { CUSTOMER_PREVIEW_SHOP_ID } from './customer-preview-id';

/** `PUT /api/preview/customer`: see the portal as the customer of this `users` record. */
export const customerPreviewBodySchema = z.strictObject({ customerId: z.int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The preview on (`GET`/`PUT /api/preview/customer`): whose portal is shown. */
export const customerPreviewSchema = z.object({ customerId: z.int(), name: z.string(), email: z.string() });
export type CustomerPreview = z.infer<typeof customerPreviewSchema>;
