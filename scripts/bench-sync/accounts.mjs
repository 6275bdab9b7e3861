// Accounts (the Auth emulator's REST API) and shops, members and orders through the server's /v1 API.
import { orderChunks } from '../lib/generated-orders.mjs';
import { API_KEY, CHUNK, EMULATOR, PASSWORD, PROJECT_ID } from './settings.mjs';

async function emulatorCall(path, body, headers = {}) {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A new account, its email marked verified (invitations go to verified emails), and a fresh ID token saying so. */
export async function createAccount(name) {
  const email = `bench-sync-${name}-${Date.now().toString(36)}@example.com`;
  const made = await emulatorCall(`accounts:signUp?key=${API_KEY}`, { email, password: PASSWORD, displayName: `Bench ${name}`, returnSecureToken: true });
  await emulatorCall(`projects/${PROJECT_ID}/accounts:update`, { localId: made.localId, emailVerified: true }, { authorization: 'Bearer owner' });
  const signedIn = await emulatorCall(`accounts:signInWithPassword?key=${API_KEY}`, { email, password: PASSWORD, returnSecureToken: true });
  return { email, uid: made.localId, idToken: signedIn.idToken };
}

export async function v1(serverUrl, method, path, account, body) {
  const res = await fetch(`${serverUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${account.idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

export async function createShop(serverUrl, owner, name, members) {
  const { shop } = await v1(serverUrl, 'POST', '/v1/shops', owner, { name });
  for (const member of members) {
    const { invitation } = await v1(serverUrl, 'POST', `/v1/shops/${shop.id}/members`, owner, { email: member.email, role: 'admin' });
    await v1(serverUrl, 'POST', `/v1/invitations/${invitation.id}/accept`, member);
  }
  return shop.id;
}

/**
 * `count` generated orders pushed to the shop as POST /api/orders/bulk mutations of 5,000 (the
 * server gives ids and numbers); `shape(orders, first)` may change each chunk first (`first`: the
 * place of its first order in the load).
 */
export async function loadOrdersOnServer(serverUrl, owner, shopId, count, fixedStatus, shape = (orders) => orders) {
  const created = [];
  let id = 0;
  let first = 0;
  for (const generated of orderChunks(count, CHUNK, fixedStatus)) {
    const orders = shape(generated, first);
    first += generated.length;
    const answer = await v1(serverUrl, 'POST', `/v1/shops/${shopId}/push`, owner, { clientId: `bench-sync-load-${shopId.slice(0, 8)}`, mutations: [{ id: ++id, name: 'POST /api/orders/bulk', query: {}, body: { orders } }] });
    const result = answer.results[0];
    if (result.status !== 'applied') throw new Error(`loading orders: ${JSON.stringify(result).slice(0, 300)}`);
    created.push(...result.created.map((c) => c.id));
  }
  return created;
}
