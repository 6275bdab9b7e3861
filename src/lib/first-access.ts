import type { MyInvitation, MyShops, Shop } from '@domain/contract/sync-protocol';
import { shopServerUrl } from './api-client';
import { chosenShopOf } from './customer-device';

/*
 * An account's first screen on a team build's device that works on no shop yet (docs/sync.md,
 * "Customers"). A shop's customer must not meet the team's dashboard (with the account's own
 * sample data) before they are in the portal, and a stranger must not think they are in a shop:
 * - someone of a shop's team (a member or invited as one), or who chose on this device to run a
 *   shop of their own: the team's dashboard, as always;
 * - a shop's customer (invited, or joined on another device): `/welcome`, the portal's accept
 *   step (Accept, or Open the portal);
 * - neither: `/welcome` says so plainly (ask the shop for an invitation at this email; or start
 *   a shop of your own).
 * Offline, or when the server cannot answer, nothing is decided: the dashboard, as before.
 */

/** What the account has on the shop server: the shops and invitations as the team and as a customer. */
export interface AccountAccess {
  team: boolean;
  customerShops: Shop[];
  customerInvitations: MyInvitation[];
}

export function accountAccessOf(mine: MyShops): AccountAccess {
  return {
    team: mine.shops.some((shop) => shop.role !== 'customer') || mine.invitations.some((invitation) => invitation.role !== 'customer'),
    customerShops: mine.shops.filter((shop) => shop.role === 'customer'),
    customerInvitations: mine.invitations.filter((invitation) => invitation.role === 'customer'),
  };
}

const ownShopKey = (uid: string) => `shop-admin:runs-own-shop:${uid}`;

/** Whether the account chose, on this device, to run a shop of its own (the dashboard with its own data). */
export function runsOwnShop(uid: string): boolean {
  try {
    return localStorage.getItem(ownShopKey(uid)) === '1';
  } catch {
    return false;
  }
}

/** The welcome page's "Start a shop of my own": the dashboard from now on, on this device. */
export function chooseOwnShop(uid: string): void {
  try {
    localStorage.setItem(ownShopKey(uid), '1');
  } catch {
    // Storage refused (a private window's quota): the choice lasts this page's life only.
  }
  teamAccounts.add(uid);
}

/** Accounts known to have the dashboard (team access does not go away by itself within a page's life). */
const teamAccounts = new Set<string>();

/**
 * The `_authenticated` guard's question: `/welcome` when the account, on a device that works on
 * no shop, has no team access on the server (and did not choose to run a shop); else null.
 */
export async function welcomeRedirect(uid: string): Promise<'/welcome' | null> {
  if (!shopServerUrl || teamAccounts.has(uid) || runsOwnShop(uid)) return null;
  if (await chosenShopOf(uid)) return null;
  let access: AccountAccess;
  try {
    // Loaded only here (a device that works on no shop yet): the customers' calls stay out of
    // the route tree's chunk, which every start-up fetches.
    const { getMyShops } = await import('./customer-portal');
    // A slow server does not hold the screen long: undecided after 5 s, as offline.
    access = accountAccessOf(await getMyShops(AbortSignal.timeout(5_000)));
  } catch {
    return null;
  }
  if (access.team) {
    teamAccounts.add(uid);
    return null;
  }
  return '/welcome';
}
