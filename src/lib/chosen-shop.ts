import { notFound } from '@tanstack/react-router';
import type { Role } from '@domain/contract/sync-protocol/roles';
import { api, shopServerUrl } from './api-client';

/*
 * The shop this device's account works on, as start-up's route guards ask it (which shell a
 * device shows: src/lib/customer-device.ts). Apart from shop-sync.ts, whose sync screens' calls
 * and badge words would otherwise ship with the route tree at every start-up.
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

export const getChosenShop = async (signal?: AbortSignal) => (await api.get<{ shop: ChosenShop | null }>('/api/sync/shop', undefined, signal)).shop;

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
