import { notFound } from '@tanstack/react-router';
import type { Role } from '@domain/contract/sync-protocol/roles';
import {
  CONFLICTS_PAGE_SIZE,
  isOverwritten,
  type ConflictPage,
  type ConflictQuery,
  type ConflictsBulkAnswer,
  type PutBackAnswer,
  type ShopRemoval,
  type StuckChange,
  type StuckDiscardAnswer,
  type StuckRetryAnswer,
  type SyncConflict,
  type SyncStatus,
} from '@domain/contract/sync';
import type { UploadCounts } from '@domain/contract/upload';
import { api, ApiRequestError, shopServerUrl } from './api-client';

export type { ConflictPage, ConflictQuery, ConflictsBulkAnswer, ShopRemoval, StuckChange, SyncConflict, SyncStatus, UploadCounts };
export { isOverwritten };

/**
 * The worker's sync with a shop server, as the page sees it (`/api/sync/…`, docs/sync.md
 * "The client"). Its words (the header's badge...) are src/lib/sync-words.ts: the route guards
 * use this module at start-up, the words only the signed-in shells.
 */

/** The shop this device's account syncs with (`GET /api/sync/shop`), null for "this device only". */
export interface ChosenShop {
  shopId: string;
  serverUrl?: string;
  /** The shop's name as the app knew it when choosing. */
  shopName?: string;
  /** The account's role in the shop when chosen (absent: a team member, chosen before roles were kept). */
  role?: Role;
  /** A customer's `users` record (its id as text): set exactly when `role` is `customer`. */
  customerId?: string;
}

/** What the app tells the worker when it chooses a shop: its role there and, for a customer, which user record they are. */
export interface ShopChoice {
  id: string;
  name?: string;
  role?: Role;
  /** The customer's `users` record id (`GET /v1/shops`), for role `customer`. */
  userId?: number;
}


export const getSyncStatus = (signal?: AbortSignal) => api.get<SyncStatus>('/api/sync/status', undefined, signal);
export const retrySync = () => api.post<SyncStatus>('/api/sync/retry', {});
export const getChosenShop = async (signal?: AbortSignal) => (await api.get<{ shop: ChosenShop | null }>('/api/sync/shop', undefined, signal)).shop;
/**
 * `shopName` is kept by the worker: a notice that the account was removed from the shop names it.
 * The role goes too, and a customer's user record: the worker then decides the customer's writes
 * by the server's rule, and the app shows them the portal (src/lib/customer-device.ts).
 */
export const chooseShop = async ({ id, name, role, userId }: ShopChoice) =>
  (
    await api.put<{ shop: ChosenShop }>('/api/sync/shop', {}, {
      shopId: id,
      ...(name ? { shopName: name } : {}),
      ...(role ? { role } : {}),
      ...(role === 'customer' && userId !== undefined ? { customerId: String(userId) } : {}),
    })
  ).shop;
/** The account's own records on this device (`GET /api/sync/upload`): what a new shop could start with. */
export const getOwnDataCounts = (signal?: AbortSignal) => api.get<UploadCounts>('/api/sync/upload', undefined, signal);
/** Queues this device's own records in the chosen (new, empty) shop: `queued` changes the badge counts down. */
export const uploadOwnData = () => api.post<UploadCounts & { queued: number }>('/api/sync/upload', {});

/** The person read the notice that the account was removed from a shop. */
export const dismissShopRemoval = async () => {
  await api.delete<{ removed: null }>('/api/sync/removed', {});
};

export const leaveChosenShop = async () => {
  await api.delete<{ shop: null }>('/api/sync/shop', {});
};
/** The server's id of a record this device created offline (`id` a pending id); null while it has none. */
export async function movedRecordId(kind: string, id: string, signal?: AbortSignal): Promise<string | null> {
  try {
    return String((await api.get<{ id: string | number }>('/api/sync/moved', { kind, id }, signal)).id);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const getSyncConflicts = async (signal?: AbortSignal) => (await api.get<{ conflicts: SyncConflict[] }>('/api/sync/conflicts', undefined, signal)).conflicts;
/** Removes a conflict from the list (the shop's data stays as it is). */
export const dismissSyncConflict = (id: number) => api.delete<{ conflict: SyncConflict }>(`/api/sync/conflicts/${id}`, {});
/** Writes this device's value again, as a new change that syncs; the conflict leaves the list. */
export const putBackSyncConflict = (id: number) => api.post<PutBackAnswer>(`/api/sync/conflicts/${id}/put-back`, {});

/** A page of the Sync page's list (CONFLICTS_PAGE_SIZE entries, newest first), filtered by kind and type. */
export const getSyncConflictPage = ({ page, kind, type }: ConflictQuery, signal?: AbortSignal) =>
  api.get<ConflictPage>('/api/sync/conflicts', { page: String(page), pageSize: String(CONFLICTS_PAGE_SIZE), ...(kind ? { kind } : {}), ...(type ? { type } : {}) }, signal);
/** Puts back many entries at once: those done leave the list, the others come back with why. */
export const putBackSyncConflicts = (ids: readonly number[]) => api.post<ConflictsBulkAnswer>('/api/sync/conflicts/put-back', { ids });
/** Dismisses many entries at once. */
export const dismissSyncConflicts = (ids: readonly number[]) => api.post<ConflictsBulkAnswer>('/api/sync/conflicts/dismiss', { ids });
/** The Sync page is open: the header's count of entries not seen yet goes. */
export const markSyncConflictsSeen = () => api.post<{ unseenConflicts: 0 }>('/api/sync/conflicts/seen', {});

/** Tries the stuck change again now (`mutationId`: the one shown; 409 when it is no longer the stuck one): the status after the attempt. */
export const retryStuckChange = (mutationId: number) => api.post<StuckRetryAnswer>(`/api/sync/stuck/retry?mutationId=${mutationId}`, {});
/** Drops the stuck change from this device (listed as refused, discarded by you); the changes after it are sent and the shop reloads. */
export const discardStuckChange = (mutationId: number) => api.delete<StuckDiscardAnswer>('/api/sync/stuck', { mutationId });

const SHOP_CHANGED_EVENT = 'shop-admin-sync-shop-changed';

/** Tells this tab's sync badge the device moved to another shop (or back to its own data). */
export function announceChosenShopChange() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SHOP_CHANGED_EVENT));
}

export function onChosenShopChange(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener(SHOP_CHANGED_EVENT, listener);
  return () => window.removeEventListener(SHOP_CHANGED_EVENT, listener);
}

/** A team page's `beforeLoad`: without a shop server (VITE_SHOP_SERVER_URL) its address is not found, as before it existed. */
export function requireShopServer(): void {
  if (!shopServerUrl) throw notFound();
}
