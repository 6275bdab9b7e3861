// 5. customerFirstSyncMs (issue 33): a customer of the big shop, about 20 of its orders theirs,
// signs in on a fresh device of the team build and chooses the shop as its customer
// (PUT /api/sync/shop { shopId, role: 'customer', customerId }): the time from that choice to
// fully synced (status pending 0 with a last sync, and GET /api/orders answering their orders).
import { setTimeout as sleep } from 'node:timers/promises';
import { giveOrdersTo } from '../lib/generated-orders.mjs';
import { createAccount, v1 } from './accounts.mjs';
import { api, signIn } from './pages.mjs';
import { ORDERS } from './settings.mjs';

/** The customer has every EVERY-th order of the big shop: about 20. */
const EVERY = Math.max(1, Math.round(ORDERS / 20));

/** The customer's account and their user record in the shop (made before the orders, so the orders can name it). */
export async function customerOfShop(serverUrl, owner, shopId) {
  const account = await createAccount('customer');
  const body = { name: 'Bench Customer', email: account.email, role: 'Customer', status: 'verified', address: 'Norway', phone: '+47 555 01 234' };
  const answer = await v1(serverUrl, 'POST', `/v1/shops/${shopId}/push`, owner, { clientId: 'bench-sync-customer-setup', mutations: [{ id: 1, name: 'POST /api/users', query: {}, body }] });
  const result = answer.results[0];
  if (result.status !== 'applied') throw new Error(`the customer's user record: ${JSON.stringify(result).slice(0, 300)}`);
  return { account, userId: result.created[0].id };
}

/** A load's orders, about 20 of them `customer`'s (`first`: the place of `orders[0]` in the load). */
export const withCustomers = (customer) => (orders, first) => giveOrdersTo(orders, first, customer.userId, EVERY);

/** Invites the customer, signs them in on a new device and times their first sync. */
export async function customerFirstSync(browser, teamUrl, serverUrl, owner, shopId, customer) {
  const { invitation } = await v1(serverUrl, 'POST', `/v1/shops/${shopId}/customers`, owner, { userId: customer.userId });
  await v1(serverUrl, 'POST', `/v1/invitations/${invitation.id}/accept`, customer.account);
  const expected = Math.ceil(ORDERS / EVERY);
  const device = await signIn(browser, teamUrl, customer.account);
  try {
    const started = Date.now();
    await api(device.page, 'PUT', '/api/sync/shop', { shopId, role: 'customer', customerId: String(customer.userId) });
    let status;
    let total = 0;
    // Asked every 20 ms: the goal is 1.5 s, the team's first sync's 200 ms steps would be most of it.
    for (;;) {
      status = (await api(device.page, 'GET', '/api/sync/status')).body;
      if (status.pending === 0 && status.lastSyncAt) {
        total = (await api(device.page, 'GET', '/api/orders?page=1&pageSize=1')).body.meta.total;
        if (total >= expected) break;
      }
      if (Date.now() - started > 120_000) throw new Error(`the customer is not synced after 120 s: ${JSON.stringify(status)}, ${total} orders`);
      await sleep(20);
    }
    const customerFirstSyncMs = Date.now() - started;
    const users = (await api(device.page, 'GET', '/api/users?page=1&pageSize=1')).body.meta.total;
    if (total !== expected || users !== 1) throw new Error(`the customer's device holds ${total} orders and ${users} users, not ${expected} and 1`);
    return { customerFirstSyncMs, customerOrders: total, customerShopOrders: ORDERS };
  } finally {
    await device.context.close();
  }
}
