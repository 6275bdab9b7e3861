// 3. firstSync100kMs, firstScreen100kMs: a new device chooses the big shop and opens /orders: the
// time from the choice to the first order row shown, and to fully synced (status pending 0 with a
// last sync, and GET /api/orders total = all orders). Then the same pages pulled again from node
// as a new client (firstSyncServerPullMs: the server's share).
import { api, chooseShop, installApi, waitSynced } from './pages.mjs';
import { ORDERS, log } from './settings.mjs';

export async function firstSync(device, shopId) {
  const started = Date.now();
  await chooseShop(device, shopId);
  await device.page.goto('/orders');
  await device.page.locator('[data-testid="order-row"]').first().waitFor({ timeout: 300_000 });
  const firstScreen = Date.now() - started;
  log(`first screen with orders: ${firstScreen} ms; waiting for the full sync…`);
  await installApi(device.page, device.token);
  let total = 0;
  await waitSynced(
    device,
    async () => {
      total = (await api(device.page, 'GET', '/api/orders?page=1&pageSize=1')).body.meta.total;
      return total === ORDERS;
    },
    600_000,
  );
  return { firstScreen100kMs: firstScreen, firstSync100kMs: Date.now() - started, firstSyncOrders: total };
}

/** Every page of the shop from cookie 0 as a new client (request sent → body read), the sum of their times. */
export async function pullEverything(serverUrl, account, shopId) {
  let cookie = 0;
  let more = true;
  let pages = 0;
  let ms = 0;
  while (more) {
    const started = performance.now();
    const res = await fetch(`${serverUrl}/v1/shops/${shopId}/pull`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'bench-sync-server-share', cookie }),
    });
    const text = await res.text();
    ms += performance.now() - started;
    if (!res.ok) throw new Error(`pull: ${res.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text);
    cookie = body.cookie;
    more = body.more;
    pages++;
  }
  return { ms: Math.round(ms), pages };
}
