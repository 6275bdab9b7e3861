import { uniqueKeyOf } from '../domain/sync/apply-mutation';
import type { ShopRecord, SyncedKind } from '../domain/contract/sync-protocol';
import { seedInvoices } from '../seed/invoices';
import { seedOrders } from '../seed/orders';
import { seedProducts } from '../seed/products';
import { seedReviews } from '../seed/reviews';
import { seedTickets } from '../seed/tickets';
import { seedUsers } from '../seed/users';
import { inTransaction, type Pool } from './db/pool';
import { raiseCounter, storeChanges } from './db/shop-records';
import { createShop, ownedShopNamed } from './db/shops';
import { setShopVersion } from './db/versions';
import { scopedChanges } from './sync/scopes';

export const DEMO_SHOP_NAME = 'Demo Shop';

/** The largest number in the ids or numbers given (`INV-020` → 20, `#IN0012` → 12). */
const highest = (values: Array<string | number>): number => Math.max(0, ...values.map((value) => Number(String(value).replace(/\D/g, '')) || 0));

/**
 * Gives `owner` a "Demo Shop" holding the seed data (`npm run start:team`), unless they have one.
 * A bulk path: the seed records are stored as they are, at version 1, and the shop's counters
 * raised past their ids and numbers, so the next write continues from there.
 */
export async function ensureDemoShop(pool: Pool, owner: { uid: string; email: string | null }): Promise<{ shopId: string; created: boolean }> {
  const existing = await ownedShopNamed(pool, owner.uid, DEMO_SHOP_NAME);
  if (existing) return { shopId: existing, created: false };
  return inTransaction(pool, async (client) => {
    const shop = await createShop(client, DEMO_SHOP_NAME, owner);
    const records: Array<[SyncedKind, ShopRecord[]]> = [
      ['users', seedUsers as unknown as ShopRecord[]],
      ['products', seedProducts as unknown as ShopRecord[]],
      ['reviews', seedReviews as unknown as ShopRecord[]],
      ['orders', seedOrders as unknown as ShopRecord[]],
      ['invoices', seedInvoices as unknown as ShopRecord[]],
      ['tickets', seedTickets(Date.now()) as unknown as ShopRecord[]],
    ];
    const changes = records.flatMap(([kind, rows]) => rows.map((record) => ({ kind, id: record.id, record })));
    await setShopVersion(client, shop.id, 1);
    // Each review's product is among the changes: nothing else is read for the scope keys.
    await storeChanges(client, shop.id, 1, await scopedChanges(changes, async () => undefined), uniqueKeyOf);
    for (const [kind, rows] of records) {
      if (kind !== 'invoices') await raiseCounter(client, shop.id, kind, highest(rows.map((r) => r.id)));
    }
    await raiseCounter(client, shop.id, 'invoice-number', highest(seedInvoices.map((invoice) => invoice.id)));
    await raiseCounter(client, shop.id, 'order-number', highest(seedOrders.map((order) => order.invoiceId)));
    return { shopId: shop.id, created: true };
  });
}
