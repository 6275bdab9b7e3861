import type { SyncConflict } from '../../../domain/contract/sync';
import type { ShopRemoval } from '../../../domain/contract/shop-removal';
import type { Cookie, Role } from '../../../domain/contract/sync-protocol';
import type { CustomerPreview } from '../../../domain/contract/customer-preview';
import type { Preferences } from '../../../domain/schema/settings';

export type { SyncConflict };

/*
 * The rows of the sync's own tables (db.ts version 9). `syncState` holds, by key:
 * - `shop` (an account's database): the shop the account chose and its server (SyncShopRow);
 * - `client` (a shop's copy): this copy's client id, the pull cookie, the last mutation id the
 *   server answered, the last full pull's time (ClientStateRow);
 * - `removed` (an account's database): the shop the account was found removed from, its copy
 *   deleted, until the person dismisses the notice (RemovedRow);
 * - `moved` (a shop's copy): the server's ids of records this copy created with pending ids
 *   (MovedIdsRow, sw/sync/server-ids.ts), so a page open on a pending record can follow it;
 * - `pushTrouble` (a shop's copy): whole pushes failing in a row with the same oldest entry,
 *   and whether that entry is stuck (PushTroubleRow, sw/sync/stuck.ts);
 * - `conflictsSeen` (a shop's copy): the last Sync page entry the person has seen (the header
 *   counts those after it: ConflictsSeenRow, sw/sync/conflict-list.ts);
 * - `preview` (an account's database, a build without a shop server): the customer the account
 *   sees the portal as (PreviewRow, sw/sync/customer-preview.ts);
 * - `preferences` (an account's database, a build with a shop server): the account's preferences
 *   on this device, whether the server has them yet (PreferencesRow, sw/sync/account-preferences.ts).
 */

export interface SyncShopRow {
  key: 'shop';
  shopId: string;
  /** The shop server's origin; the build's VITE_SHOP_SERVER_URL when absent. */
  serverUrl?: string;
  /** The shop's name as the app knew it when choosing (the removal notice names it). */
  shopName?: string;
  /**
   * The account's role in the shop as the app knew it when choosing (`GET /v1/shops`); absent: a
   * team member (rows stored before customers). A `customer`'s writes are decided on the device by
   * the server's rule before they are made (sw/sync/outbox.ts).
   */
  role?: Role;
  /** A customer's user record in the shop (its id as text): set exactly when `role` is `customer`. */
  customerId?: string;
}

export interface RemovedRow extends ShopRemoval {
  key: 'removed';
}

export interface ClientStateRow {
  key: 'client';
  /** This copy's client id (random; a new copy is a new client). */
  clientId: string;
  /** What the last applied pull page answered (null: nothing pulled yet, or a full pull asked for). */
  cookie: Cookie;
  /** The highest mutation id the server answered (applied, skipped or refused). */
  lastMutationId: number;
  lastSyncAt?: string;
  /**
   * How many stuck entries the person discarded (sw/sync/stuck.ts): the entries after one move
   * down an id (the server takes consecutive ids), and the pending ids of a write with id `m`
   * are those of `m + pendingIdShift`, so they never repeat ids already given.
   */
  pendingIdShift?: number;
}

export interface MovedIdsRow {
  key: 'moved';
  /** `<kind> <pending id>` → the server's id, the most recent last. */
  ids: Record<string, string | number>;
}

/** Pushes failing as a whole in a row with the same oldest outbox entry (sw/sync/stuck.ts). */
export interface PushTroubleRow {
  key: 'pushTrouble';
  mutationId: number;
  name: string;
  query: Record<string, string>;
  failures: number;
  /** The first failure's time and the last one's status and message (the server's reason). */
  since: string;
  status: number;
  message: string;
  /** Sent alone it failed too: the entry is stuck (shown until sent, retried or discarded). */
  stuck: boolean;
}

/** The Sync page was opened when `lastSeenId` was the list's newest entry id (`syncConflicts` keys only grow). */
export interface ConflictsSeenRow {
  key: 'conflictsSeen';
  lastSeenId: number;
}

/** An account's database in a build without a shop server: the customer whose portal the account previews (sw/sync/customer-preview.ts). */
export interface PreviewRow extends CustomerPreview {
  key: 'preview';
}

/**
 * The account's preferences (the language) as this device has them: chosen here and not sent yet
 * (`sent: false`, `changedAt` the time of the choice), or as the shop server last answered them
 * (`sent: true`, its `changedAt`). The settings of whichever store answers the account follow it.
 */
export interface PreferencesRow {
  key: 'preferences';
  preferences: Preferences;
  changedAt: string;
  sent: boolean;
}

export type SyncStateRow = SyncShopRow | ClientStateRow | MovedIdsRow | RemovedRow | PushTroubleRow | ConflictsSeenRow | PreviewRow | PreferencesRow;

