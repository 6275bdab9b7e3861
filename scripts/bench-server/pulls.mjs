// 3, 4. Pulls: an up-to-date client's pull (p95), and a full pull of a FULL_ROWS-order shop from cookie 0.
import { quantile, round } from '../lib/figures.mjs';
import { orderChunks } from '../lib/generated-orders.mjs';
import { customerRecord, giveCustomerOrders } from './customer-pulls.mjs';
import { setUpShop } from './push.mjs';
import { push, request, tokenFor } from './requests.mjs';
import { CHUNK, FULL_ROWS, PULLS, log } from './settings.mjs';

async function pullAll(port, user, shopId, clientId, cookie = 0) {
  let pages = 0;
  let changes = 0;
  let serverMs = 0;
  let more = true;
  while (more) {
    const answer = await request(port, 'POST', `/v1/shops/${shopId}/pull`, tokenFor(user), { clientId, cookie });
    if (answer.status !== 200) throw new Error(`pull: ${answer.status} ${answer.text.slice(0, 300)}`);
    serverMs += answer.ms;
    const body = JSON.parse(answer.text);
    pages++;
    changes += body.changes.length;
    cookie = body.cookie;
    more = body.more;
  }
  return { cookie, pages, changes, ms: serverMs };
}

export async function upToDatePulls(port, user, shopId) {
  const clientId = 'bench-pull';
  const { cookie } = await pullAll(port, user, shopId, clientId);
  const times = [];
  for (let i = 0; i < PULLS + 20; i++) {
    const answer = await request(port, 'POST', `/v1/shops/${shopId}/pull`, tokenFor(user), { clientId, cookie });
    if (answer.status !== 200) throw new Error(`pull: ${answer.status} ${answer.text.slice(0, 300)}`);
    const body = JSON.parse(answer.text);
    if (body.changes.length || body.more) throw new Error('an up-to-date pull answered changes');
    if (i >= 20) times.push(answer.ms);
  }
  return { pullUpToDateP50Ms: round(quantile(times, 0.5), 2), pullUpToDateP95Ms: round(quantile(times, 0.95), 2) };
}

/**
 * The big shop: one user record (the customer of customer-pulls.mjs) and FULL_ROWS orders, about
 * 20 of them that customer's, then pulled whole by a team member. Answers the shop and its
 * customer with the figures.
 */
export async function fullPullPhase(port, owner, db, memory) {
  const shopId = await setUpShop(port, owner, 'Bench Big Shop');
  const customer = await customerRecord(port, owner, shopId);
  const started = performance.now();
  let id = 0;
  let loaded = 0;
  for (const orders of orderChunks(FULL_ROWS, CHUNK)) {
    giveCustomerOrders(orders, loaded, customer.id);
    loaded += orders.length;
    const answer = await push(port, owner, shopId, 'bench-load', [{ id: ++id, name: 'POST /api/orders/bulk', query: {}, body: { orders } }]);
    if (answer.json.results[0].status !== 'applied') throw new Error(`bulk load: ${JSON.stringify(answer.json.results[0]).slice(0, 300)}`);
  }
  const loadMs = performance.now() - started;
  const stored = Number((await db.query(`SELECT count(*) AS n FROM records WHERE shop_id = $1 AND kind = 'orders'`, [shopId])).rows[0].n);
  if (stored !== FULL_ROWS) throw new Error(`${stored} orders stored, ${FULL_ROWS} sent`);
  log(`loaded ${FULL_ROWS} orders through POST /api/orders/bulk in ${Math.round(loadMs)} ms`);
  memory.phase('fullPullPages');
  const full = await pullAll(port, owner, shopId, 'bench-full');
  if (full.changes !== FULL_ROWS + 1) throw new Error(`full pull answered ${full.changes} changes, ${FULL_ROWS} orders and 1 user stored`);
  return { shopId, customer, figures: { fullPull100kMs: round(full.ms, 0), fullPullRows: FULL_ROWS, fullPullPages: full.pages, fullPullLoadMs: round(loadMs, 0) } };
}
