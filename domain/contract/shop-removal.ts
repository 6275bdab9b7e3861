/**
 * What the worker keeps when the shop server answers that the account is no longer a member of
 * the shop this device works on: the shop's copy was deleted and the device went back to the
 * account's own store (`GET /api/sync/status` `removed`, dismissed with `DELETE /api/sync/removed`).
 */
export interface ShopRemoval {
  shopId: string;
  /** The shop's name as the device knew it when it chose the shop, when it did. */
  shopName?: string;
  at: string;
  /** Writes made on this device that had not reached the server: lost with the copy. */
  lostChanges: number;
}
