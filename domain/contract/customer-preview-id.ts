/**
 * The shop id the worker answers for the static demo's customer preview in `GET /api/sync/shop`
 * (no shop server has it). A module without zod: the app's start-up reads it (src/lib/customer-preview.ts)
 * and must not load the contract's schemas with it.
 */
export const CUSTOMER_PREVIEW_SHOP_ID = 'customer-preview';
