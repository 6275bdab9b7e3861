// 4b. A customer of the big shop (issue 33, "Speed"): their first pull from cookie 0 to the end
// (the server's side of their first sync; scripts/bench-sync/customer-sync.mjs times the whole),
// their up-to-date pull, and their pull after one change of one of their orders. The big shop's
// orders are the generated ones, but every (FULL_ROWS / 20)th is this customer's: about 20 of them.
import { quantile, round } from '../lib/figures.mjs';
import { giveOrdersTo } from '../lib/generated-orders.mjs';
import { api, benchUser, push, request, tokenFor } from './requests.mjs';
import { CUSTOMER_CHANGES, CUSTOMER_FIRST_PULLS, FULL_ROWS, PULLS } from './settings.mjs';

/** The customer has every EVERY-th order of the big shop: about 20. */
const EVERY = Math.max(1, Math.round(FULL_ROWS / 20));

/** The customer's account and their user record (created in the big shop before its orders, so the orders can name it). */
export async function customerRecord(port, owner, shopId) {
  const user = benchUser('customer');
  const answer = await push(port, owner, shopId, 'bench-customer-setup', [
    {
      id: 1,
      name: 'POST /api/users',
      query: {},
      body: {
        name: 'Bench Customer',
        email: user.email,
        role: 'Customer',
        status: 'verified',
        address: 'Norway',
        phone: '+47 555 01 234',
      },
    },
  ]);
  const result = answer.json.results[0];
  if (result.status !== 'applied') throw new Error(`the customer's user record: ${JSON.stringify(result).slice(0, 300)}`);
  return { user, id: result.created[0].id };
}

/** A load's orders, about 20 of them the bench customer's (`first`: the place of `orders[0]` in the load). */
export const giveCustomerOrders = (orders, first, customerId) => giveOrdersTo(orders, first, customerId, EVERY);

/** Pulls from `cookie` to the end as `user`: pages, changes, the sum of request sent → last byte. */
async function pullToEnd(port, user, shopId, clientId, cookie) {
  let pages = 0;
  let changes = 0;
  const orders = [];
  let ms = 0;
  let more = true;
  while (more) {
    const answer = await request(port, 'POST', `/v1/shops/${shopId}/pull`, tokenFor(user), { clientId, cookie });
    if (answer.status !== 200) throw new Error(`customer pull: ${answer.status} ${answer.text.slice(0, 300)}`);
    ms += answer.ms;
    const body = JSON.parse(answer.text);
    pages++;
    changes += body.changes.length;
    for (const change of body.changes) {
      if (change.kind !== 'orders' || change.deleted) continue;
      if (change.record.customer?.id !== user.customerId) throw new Error(`the customer was sent order ${change.id} of customer ${change.record.customer?.id}`);
      orders.push(change.id);
    }
    cookie = body.cookie;
    more = body.more;
  }
  return { cookie, pages, changes, orders, ms };
}

export async function customerPullPhase(port, owner, shopId, customer) {
  const invited = await api(port, 'POST', `/v1/shops/${shopId}/customers`, owner, { userId: customer.id });
  await api(port, 'POST', `/v1/invitations/${invited.json.invitation.id}/accept`, customer.user);
  const user = { ...customer.user, customerId: customer.id };

  // First syncs: each a new device (client id) from cookie 0 to the last page.
  const firstPulls = [];
  let synced;
  for (let i = 0; i < CUSTOMER_FIRST_PULLS; i++) {
    synced = await pullToEnd(port, user, shopId, `bench-customer-first-${i}`, 0);
    firstPulls.push(synced.ms);
  }
  // Their orders and their own user record, nothing else.
  if (synced.orders.length < 1 || synced.changes !== synced.orders.length + 1)
    throw new Error(`the customer's first sync answered ${synced.changes} changes, ${synced.orders.length} orders`);

  // Up to date: the last cookie, nothing new.
  const clientId = 'bench-customer-phone';
  let { cookie } = await pullToEnd(port, user, shopId, clientId, 0);
  const upToDate = [];
  for (let i = 0; i < PULLS + 20; i++) {
    const answer = await request(port, 'POST', `/v1/shops/${shopId}/pull`, tokenFor(user), { clientId, cookie });
    if (answer.status !== 200) throw new Error(`customer pull: ${answer.status} ${answer.text.slice(0, 300)}`);
    const body = JSON.parse(answer.text);
    if (body.changes.length || body.more) throw new Error("an up-to-date customer's pull answered changes");
    if (i >= 20) upToDate.push(answer.ms);
  }

  // After one change of theirs: the team edits one of their orders, then their device pulls it.
  const theirs = synced.orders;
  const afterChange = [];
  for (let i = 0; i < CUSTOMER_CHANGES + 5; i++) {
    const orderId = theirs[i % theirs.length];
    const changed = await push(port, owner, shopId, 'bench-customer-team', [
      {
        id: i + 1,
        name: 'PATCH /api/orders',
        query: { id: String(orderId) },
        body: { shipping: `${i + 1} Harbour Street, Bergen` },
      },
    ]);
    if (changed.json.results[0].status !== 'applied') throw new Error(`the change of order ${orderId}: ${JSON.stringify(changed.json.results[0]).slice(0, 300)}`);
    const answer = await request(port, 'POST', `/v1/shops/${shopId}/pull`, tokenFor(user), { clientId, cookie });
    if (answer.status !== 200) throw new Error(`customer pull: ${answer.status} ${answer.text.slice(0, 300)}`);
    const body = JSON.parse(answer.text);
    if (body.changes.length !== 1 || String(body.changes[0].id) !== String(orderId))
      throw new Error(`a customer's pull after one change answered ${JSON.stringify(body.changes).slice(0, 300)}`);
    cookie = body.cookie;
    if (i >= 5) afterChange.push(answer.ms);
  }

  return {
    customerFirstPullMs: round(quantile(firstPulls, 0.5), 1),
    customerFirstPullRuns: firstPulls.map((ms) => round(ms, 1)),
    customerFirstPullPages: synced.pages,
    customerOrders: synced.orders.length,
    customerShopOrders: FULL_ROWS,
    customerPullP50Ms: round(quantile(upToDate, 0.5), 2),
    customerPullP95Ms: round(quantile(upToDate, 0.95), 2),
    customerPullChangeP50Ms: round(quantile(afterChange, 0.5), 2),
    customerPullChangeP95Ms: round(quantile(afterChange, 0.95), 2),
  };
}
