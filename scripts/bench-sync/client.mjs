// The customer portal's first-visit JS (issue 33, `clientInitialJsGzipKB`; measured by scripts/bench/js-size.mjs):
// a shop with a customer's record and two orders of theirs, the customer invited and accepted through
// the server's /v1 API, signed in on a device that chooses the shop as its customer and syncs; then
// a fresh context with only that device's saved session opens /portal.
import { fileURLToPath } from 'node:url';
import { orderFactory } from '../lib/generated-orders.mjs';
import { measureClientJs } from '../bench/js-size.mjs';
import { createAccount, createShop, v1 } from './accounts.mjs';
import { api, signIn, waitSynced } from './pages.mjs';

const TEAM_DIST = fileURLToPath(new URL('../../dist-sync-team', import.meta.url));

/** One mutation pushed as the owner: its result (`created` ids), or an error. */
async function push(serverUrl, owner, shopId, id, name, body) {
  const answer = await v1(serverUrl, 'POST', `/v1/shops/${shopId}/push`, owner, { clientId: `bench-sync-client-${shopId.slice(0, 8)}`, mutations: [{ id, name, query: {}, body }] });
  const result = answer.results[0];
  if (result.status !== 'applied') throw new Error(`${name}: ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

export async function clientFirstVisitJs(browser, serverUrl, teamUrl, owner) {
  const customer = await createAccount('customer');
  const shopId = await createShop(serverUrl, owner, 'Bench Client Shop', []);
  const record = { name: 'Bench Customer', email: customer.email, role: 'Customer', status: 'verified', address: '1 Main Street, Springfield', phone: '+1 555 0100' };
  const userId = (await push(serverUrl, owner, shopId, 1, 'POST /api/users', record)).created[0].id;
  const order = orderFactory();
  const orders = ['new', 'shipping'].map((status, n) => ({ ...order(n, status), customer: { id: userId, name: record.name, email: record.email, phone: record.phone } }));
  await push(serverUrl, owner, shopId, 2, 'POST /api/orders/bulk', { orders });
  const { invitation } = await v1(serverUrl, 'POST', `/v1/shops/${shopId}/customers`, owner, { userId });
  await v1(serverUrl, 'POST', `/v1/invitations/${invitation.id}/accept`, customer);
  const device = await signIn(browser, teamUrl, customer);
  await api(device.page, 'PUT', '/api/sync/shop', { shopId, shopName: 'Bench Client Shop', role: 'customer', customerId: String(userId) });
  await waitSynced(device);
  const storageState = await device.context.storageState({ indexedDB: true });
  await device.context.close();
  return measureClientJs(browser, teamUrl, storageState, TEAM_DIST);
}
