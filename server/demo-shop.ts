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
import { createShop, ownedShopNamed, seatCustomerByEmail } from './db/shops';
import { setShopVersion } from './db/versions';
import { scopedChanges } from './sync/scopes';

export const DEMO_SHOP_NAME = 'Demo Shop';

/** The largest number in the ids or numbers given (`INV-020` → 20, `#IN0012` → 12). */
const highest = (values: Array<string | number>): number => Math.max(0, ...values.map((value) => Number(String(value).replace(/\D/g, '')) || 0));

/** The demo customer's account (`npm run start:team`: the emulator's `customer@shop-admin.test`). */
export interface DemoCustomer {
  uid: string;
  email: string;
}

/**
 * The seed customer the demo customer signs in as: Kenji Watanabe, who has a delivered order
 * (so they may review its products), an invoice and a support ticket.
 */
export const DEMO_CUSTOMER_USER_ID = 2;

/**
 * The seed's records for the Demo Shop; with a demo customer's email, the demo customer's seed
 * record and what names them by email (their orders, invoices and tickets) carry that email
 * instead, as if they had been invited at it: their tickets are theirs by email.
 */
export function demoRecords(customerEmail?: string): Array<[SyncedKind, ShopRecord[]]> {
  const user = seedUsers.find((one) => one.id === DEMO_CUSTOMER_USER_ID)!;
  const email = customerEmail?.trim().toLowerCase();
  const was = user.email.toLowerCase();
  const tickets = seedTickets(Date.now());
  const mine = <T,>(rows: readonly T[], isTheirs: (row: T) => boolean, rewrite: (row: T) => T): T[] => rows.map((row) => (email && isTheirs(row) ? rewrite(row) : row));
  return [
    ['users', mine(seedUsers, (one) => one.id === user.id, (one) => ({ ...one, email: email! })) as unknown as ShopRecord[]],
    ['products', seedProducts as unknown as ShopRecord[]],
    ['reviews', seedReviews as unknown as ShopRecord[]],
    ['orders', mine(seedOrders, (order) => order.customer.id === user.id, (order) => ({ ...order, customer: { ...order.customer, email: email! } })) as unknown as ShopRecord[]],
    ['invoices', mine(seedInvoices, (invoice) => invoice.customer.id === user.id, (invoice) => ({ ...invoice, billingAddress: { ...invoice.billingAddress, email: email! } })) as unknown as ShopRecord[]],
    ['tickets', mine(tickets, (ticket) => ticket.email.toLowerCase() === was, (ticket) => ({ ...ticket, email: email! })) as unknown as ShopRecord[]],
  ];
}

/**
 * Gives `owner` a "Demo Shop" holding the seed data (`npm run start:team`), unless they have one;
 * `customer`, when given, is seated as the customer of the seed's Kenji Watanabe (demoRecords).
 * A bulk path: the seed records are stored as they are, at version 1, and the shop's counters
 * raised past their ids and numbers, so the next write continues from there.
 */
export async function ensureDemoShop(pool: Pool, owner: { uid: string; email: string | null }, customer?: DemoCustomer): Promise<{ shopId: string; created: boolean; customerSeated: boolean }> {
  const existing = await ownedShopNamed(pool, owner.uid, DEMO_SHOP_NAME);
  if (existing) {
    // A Demo Shop seeded before the demo customer was: seated when one of its records has the account's email.
    const customerSeated = customer ? await inTransaction(pool, (client) => seatCustomerByEmail(client, existing, customer)) : false;
    return { shopId: existing, created: false, customerSeated };
  }
  return inTransaction(pool, async (client) => {
    const shop = await createShop(client, DEMO_SHOP_NAME, owner);
    const records = demoRecords(customer?.email);
    const changes = records.flatMap(([kind, rows]) => rows.map((record) => ({ kind, id: record.id, record })));
    await setShopVersion(client, shop.id, 1);
    // Each review's product is among the changes: nothing else is read for the scope keys.
    await storeChanges(client, shop.id, 1, await scopedChanges(changes, async () => undefined), uniqueKeyOf);
    for (const [kind, rows] of records) {
      if (kind !== 'invoices') await raiseCounter(client, shop.id, kind, highest(rows.map((r) => r.id)));
    }
    await raiseCounter(client, shop.id, 'invoice-number', highest(seedInvoices.map((invoice) => invoice.id)));
    await raiseCounter(client, shop.id, 'order-number', highest(seedOrders.map((order) => order.invoiceId)));
    const customerSeated = customer ? await seatCustomerByEmail(client, shop.id, customer) : false;
    return { shopId: shop.id, created: true, customerSeated };
  });
}
