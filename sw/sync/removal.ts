import type { ShopDb } from '../api/storage/db';
import type { RemovedRow, SyncShopRow } from '../api/storage/sync-tables';
import type { ShopRemoval } from '../../domain/contract/shop-removal';
import { withStoreLock } from '../api/storage/sync-write';

/*
 * A removed member's device drops the shop's copy on its next contact with the server (the
 * server answers push, pull and events with 403 "not a member"): the copy is deleted, the account
 * goes back to its own store, and a notice stays until the person dismisses it. Writes that had
 * not reached the server are lost with the copy (the server would refuse them); the notice counts them.
 */

export interface RemovalStores {
  /** The account's own database (its choice of shop, the notice). */
  account: ShopDb;
  /** The shop's copy on this device. */
  copy: ShopDb;
  /** Deletes the copy's database (AccountDatabases.removeShopCopy). */
  deleteCopy: () => Promise<void>;
}

/** Deletes the copy (under its lock: no write lands meanwhile), clears the choice when it is still this shop, keeps the notice. */
export async function dropRemovedCopy({ account, copy, deleteCopy }: RemovalStores, shop: SyncShopRow): Promise<ShopRemoval> {
  const lostChanges = await withStoreLock(copy, async () => {
    const waiting = await copy.outbox.count();
    await deleteCopy();
    return waiting;
  });
  const notice: RemovedRow = { key: 'removed', shopId: shop.shopId, ...(shop.shopName ? { shopName: shop.shopName } : {}), at: new Date().toISOString(), lostChanges };
  await account.transaction('rw', account.syncState, async () => {
    const chosen = (await account.syncState.get('shop')) as SyncShopRow | undefined;
    if (chosen?.shopId === shop.shopId) await account.syncState.delete('shop');
    await account.syncState.put(notice);
  });
  const { key: _key, ...removal } = notice;
  return removal;
}

/** The notice kept for the account, if any. */
export async function removalNotice(account: ShopDb): Promise<ShopRemoval | undefined> {
  const row = (await account.syncState.get('removed')) as RemovedRow | undefined;
  if (!row) return undefined;
  const { key: _key, ...removal } = row;
  return removal;
}

/** The person read the notice (`DELETE /api/sync/removed`), or chose a shop again. */
export const dismissRemoval = (account: ShopDb): Promise<void> => account.syncState.delete('removed');
