import type { CustomerPreview } from '@domain/contract/customer-preview';
import { CUSTOMER_PREVIEW_SHOP_ID } from '@domain/contract/customer-preview-id';
import { api } from './api-client';
import { announceChosenShopChange } from './chosen-shop';

/*
 * The static demo's "See it as a customer" (docs/sync.md, "A customer preview without a
 * server"): the worker answers the account's /api as one of its customers' devices would, over
 * a copy of this browser's data, until the preview ends. Only a build without a shop server has
 * it (there a real customer signs in instead).
 */

export type { CustomerPreview };

/** Whether this build offers the preview: the static demo (VITE_DEMO), which has no shop server. */
export const customerPreviewAvailable = import.meta.env.VITE_DEMO === '1' && !import.meta.env.VITE_SHOP_SERVER_URL;

/** Whether a chosen shop is the preview (the worker names it so). */
export const isPreviewShop = (shopId: string | undefined): boolean => shopId === CUSTOMER_PREVIEW_SHOP_ID;

export const getCustomerPreview = async (signal?: AbortSignal) => (await api.get<{ preview: CustomerPreview | null }>('/api/preview/customer', undefined, signal)).preview;

/** Starts seeing the portal as the customer of this user record; the shells follow (announced). */
export async function startCustomerPreview(customerId: number): Promise<CustomerPreview> {
  const { preview } = await api.put<{ preview: CustomerPreview }>('/api/preview/customer', {}, { customerId });
  announceChosenShopChange();
  return preview;
}

/** Ends the preview: the account's own data answers again (what was done in the preview is dropped). */
export async function endCustomerPreview(): Promise<void> {
  await api.delete<{ preview: null }>('/api/preview/customer', {});
  announceChosenShopChange();
}
