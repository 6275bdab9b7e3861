import { useEffect, useState } from 'react';
import { onAnyChange } from '@/pwa/live-refresh';
import { shopServerUrl } from './api-client';
import { customerPreviewAvailable } from './customer-preview';
import { getChosenShop, onChosenShopChange, type ChosenShop } from './chosen-shop';

/*
 * Which shell the signed-in account sees on this device: a shop's customer (the chosen shop's
 * role `customer`, docs/sync.md "Customers") sees the customer portal under `/portal` and no
 * admin screen; everyone else the team's dashboard. The route guards ask `chosenShopOf` (one
 * worker call, then kept until the choice or the shop's data changes); screens use `useChosenShop`.
 */

/** The chosen shop of a customer: tied to their `users` record. */
export type CustomerShop = ChosenShop & { role: 'customer'; customerId: string };

/** Whether the device works on a shop as one of its customers. */
export const isCustomerShop = (shop: ChosenShop | null | undefined): shop is CustomerShop => shop?.role === 'customer' && typeof shop.customerId === 'string';

/** The two shells: the customer portal (`/portal`) and the team's dashboard (every other signed-in screen). */
export type Shell = 'portal' | 'team';

/** The shell of a device that works on `shop` (null: the account's own data, a team of one). */
export const shellFor = (shop: ChosenShop | null | undefined): Shell => (isCustomerShop(shop) ? 'portal' : 'team');

/**
 * Where a signed-in visit to a screen of `area` goes instead, or null to stay: a customer's
 * device has the portal only, anyone else's no portal (its screens read a customer's slice).
 */
export function shellRedirect(area: Shell, shop: ChosenShop | null | undefined): '/portal' | '/dashboard' | null {
  const shell = shellFor(shop);
  if (shell === area) return null;
  return shell === 'portal' ? '/portal' : '/dashboard';
}

let cached: { uid: string; shop: Promise<ChosenShop | null> } | null = null;
let listening = false;

/** Forgets the kept answer: the next guard asks the worker again. */
export function forgetChosenShop(): void {
  cached = null;
}

/**
 * The account's chosen shop on this device, kept per account until a shop switch or any
 * change the worker announces (a removal drops the shop and announces everything). Without a
 * shop server nothing is asked (there are no customers), but in the static demo, whose worker may
 * be previewing the portal as a customer. A failed answer counts as no shop and
 * is not kept.
 */
export function chosenShopOf(uid: string): Promise<ChosenShop | null> {
  // The static demo has no server but may preview the portal as a customer (src/lib/customer-preview.ts).
  if (!shopServerUrl && !customerPreviewAvailable) return Promise.resolve(null);
  if (!listening) {
    listening = true;
    onChosenShopChange(forgetChosenShop);
    onAnyChange(forgetChosenShop);
  }
  if (cached?.uid !== uid) {
    const entry = {
      uid,
      shop: getChosenShop().catch(() => {
        if (cached === entry) cached = null;
        return null;
      }),
    };
    cached = entry;
  }
  return cached.shop;
}

/** A route guard's question: where the account's visit to a screen of `area` goes instead on this device, or null. */
export const redirectFrom = async (area: Shell, uid: string) => shellRedirect(area, await chosenShopOf(uid));

/** The chosen shop, read again on a shop switch and on any change (undefined until the first answer). */
export function useChosenShop(uid: string | undefined): ChosenShop | null | undefined {
  const [state, setState] = useState<{ uid: string | undefined; shop: ChosenShop | null } | undefined>(undefined);
  useEffect(() => {
    if (!uid) return;
    let live = true;
    const read = () => {
      forgetChosenShop();
      void chosenShopOf(uid).then((shop) => {
        if (live) setState({ uid, shop });
      });
    };
    read();
    const stopShop = onChosenShopChange(read);
    const stopChanges = onAnyChange(read);
    return () => {
      live = false;
      stopShop();
      stopChanges();
    };
  }, [uid]);
  return state !== undefined && state.uid === uid ? state.shop : undefined;
}
