import type { SyncConflict } from '../../../domain/contract/sync';
import type { ShopRemoval } from '../../../domain/contract/shop-removal';
import type { Cookie } from '../../../domain/contract/sync-protocol';

export type { SyncConflict };

/*
 * The rows of the sync's own tables (db.ts version 9). `syncState` holds, by key:
 * - `shop` (an account's database): the shop the account chose and its server (SyncShopRow);
 * - `client` (a shop's copy): this copy's client id, the pull cookie, the last mutation id the
 *   server answered, the last full pull's time (ClientStateRow);
 * - `removed` (an account's database): the shop the account was found removed from, its copy
 *   deleted, until the person dismisses the notice (RemovedRow);
 * - `moved` (a shop's copy): the server's ids of records this copy created with pending ids
 *   (MovedIdsRow, sw/sync/server-ids.ts), so a page open on a pending record can follow it.
 */

export interface SyncShopRow {
  key: 'shop';
  shopId: string;
  /** The shop server's origin; the build's VITE_SHOP_SERVER_URL when absent. */
  serverUrl?: string;
  /** The shop's name as the app knew it when choosing (the removal notice names it). */
  shopName?: string;
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
}

export interface MovedIdsRow {
  key: 'moved';
  /** `<kind> <pending id>` → the server's id, the most recent last. */
  ids: Record<string, string | number>;
}

export type SyncStateRow = SyncShopRow | ClientStateRow | MovedIdsRow | RemovedRow;

