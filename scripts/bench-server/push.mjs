// 1. Push: one shop, CLIENTS clients at once, each pushing one-mutation batches for SECONDS
// (alternately its own order's status and a new user) after a warm-up: applied mutations/s, push
// latency, errors; then every mutation checked applied exactly once against the database.
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile, round } from '../lib/figures.mjs';
import { orderFactory } from '../lib/generated-orders.mjs';
import { cpuSeconds } from './memory-and-cpu.mjs';
import { api, benchUser, push, request, tokenFor } from './requests.mjs';
import { CLIENTS, SECONDS, WARMUP_MS } from './settings.mjs';

const userBody = (client, n) => ({
  name: `Bench User ${client}-${n}`,
  email: `bench.user.${client}.${n}@example.com`,
  role: 'Tester',
  status: 'verified',
  address: 'Norway',
  phone: '+47 555 01 234',
});

export async function setUpShop(port, owner, name) {
  const created = await api(port, 'POST', '/v1/shops', owner, { name });
  return created.json.shop.id;
}

export async function addAdmins(port, owner, shopId, count) {
  const admins = [];
  for (let i = 1; i <= count; i++) {
    const admin = benchUser(`admin-${i}`);
    const invited = await api(port, 'POST', `/v1/shops/${shopId}/members`, owner, { email: admin.email, role: 'admin' });
    await api(port, 'POST', `/v1/invitations/${invited.json.invitation.id}/accept`, admin);
    admins.push(admin);
  }
  return admins;
}

/** Each client's own order (status new), created by one bulk import. */
export async function seedClientOrders(port, owner, shopId, count) {
  const order = orderFactory(0x1234567);
  const orders = Array.from({ length: count }, (_, i) => order(i, 'new'));
  const answer = await push(port, owner, shopId, 'bench-seed', [{ id: 1, name: 'POST /api/orders/bulk', query: {}, body: { orders } }]);
  const result = answer.json.results[0];
  if (result.status !== 'applied') throw new Error(`seeding the clients' orders: ${JSON.stringify(result)}`);
  return result.created.map((c) => c.id);
}

export async function pushPhase(port, shopId, users, orderIds, db, cpuGroups) {
  const clients = Array.from({ length: CLIENTS }, (_, i) => ({
    clientId: `bench-push-${i}`,
    user: users[i % users.length],
    orderId: orderIds[i],
    status: 'new',
    next: 1,
    users: 0,
    statusChanges: 0,
  }));
  const versionBefore = Number((await db.query('SELECT version FROM shop_versions WHERE shop_id = $1', [shopId])).rows[0].version);
  const latencies = [];
  const errors = [];
  let applied = 0;
  let measuring = false;
  let stop = false;

  const one = async (c) => {
    const id = c.next;
    const isStatus = id % 2 === 1;
    const to = c.status === 'new' ? 'pending' : 'new';
    const mutation = isStatus
      ? { id, name: 'PATCH /api/orders', query: { id: String(c.orderId) }, body: { status: to } }
      : { id, name: 'POST /api/users', query: {}, body: userBody(c.clientId, id) };
    let answer;
    try {
      answer = await request(port, 'POST', `/v1/shops/${shopId}/push`, tokenFor(c.user), { clientId: c.clientId, mutations: [mutation] });
    } catch (error) {
      errors.push(`network: ${error.message}`);
      await sleep(50);
      return;
    }
    if (measuring) latencies.push(answer.ms);
    if (answer.status !== 200) {
      errors.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      await sleep(50);
      return;
    }
    const result = JSON.parse(answer.text).results[0];
    // Sent once and answered: the next id comes next whatever the outcome (a refusal counts as processed).
    c.next++;
    if (result?.status !== 'applied') {
      errors.push(`mutation ${c.clientId}#${id}: ${JSON.stringify(result).slice(0, 200)}`);
      return;
    }
    if (isStatus) {
      c.status = to;
      c.statusChanges++;
    } else c.users++;
    if (measuring) applied++;
  };

  const loop = async (c) => {
    while (!stop) await one(c);
  };
  const running = clients.map(loop);
  await sleep(WARMUP_MS);
  measuring = true;
  const cpuBefore = cpuSeconds(cpuGroups);
  const started = performance.now();
  await sleep(SECONDS * 1000);
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(cpuGroups);
  // CPU ms each process group spent per applied mutation (postgres: every backend of this cluster, pgbench not running).
  const cpuMsPerMutation = Object.fromEntries(Object.keys(cpuAfter).map((name) => [name, round(((cpuAfter[name] - cpuBefore[name]) * 1000) / Math.max(1, applied), 2)]));
  const machineBusy = round(Object.values(cpuAfter).reduce((n, v) => n + v, 0) - Object.values(cpuBefore).reduce((n, v) => n + v, 0), 1);
  stop = true;
  await Promise.all(running);

  // Exactly once: the server's records against what the clients were told.
  const sent = clients.reduce((n, c) => n + (c.next - 1), 0);
  const appliedTotal = clients.reduce((n, c) => n + c.users + c.statusChanges, 0);
  const problems = [];
  const last = await db.query('SELECT client_id, last_mutation_id FROM clients WHERE shop_id = $1 AND client_id LIKE $2', [shopId, 'bench-push-%']);
  const lastById = new Map(last.rows.map((r) => [r.client_id, Number(r.last_mutation_id)]));
  const audit = await db.query(
    `SELECT client_id, count(*) AS lines, count(DISTINCT mutation_id) AS ids, min(mutation_id) AS first, max(mutation_id) AS last,
            count(*) FILTER (WHERE result = 'applied') AS applied
     FROM audit WHERE shop_id = $1 AND client_id LIKE $2 GROUP BY client_id`,
    [shopId, 'bench-push-%'],
  );
  const auditById = new Map(audit.rows.map((r) => [r.client_id, r]));
  const orders = await db.query(`SELECT id, record->>'status' AS status FROM records WHERE shop_id = $1 AND kind = 'orders' AND id = ANY($2::text[])`, [
    shopId,
    clients.map((c) => String(c.orderId)),
  ]);
  const orderStatus = new Map(orders.rows.map((r) => [Number(r.id), r.status]));
  for (const c of clients) {
    const n = c.next - 1;
    if ((lastById.get(c.clientId) ?? 0) !== n) problems.push(`${c.clientId}: last_mutation_id ${lastById.get(c.clientId)} ≠ ${n} sent`);
    const a = auditById.get(c.clientId);
    if (!a || Number(a.lines) !== n || Number(a.ids) !== n || Number(a.first) !== 1 || Number(a.last) !== n || Number(a.applied) !== c.users + c.statusChanges) {
      problems.push(`${c.clientId}: audit ${JSON.stringify(a)} for ${n} sent, ${c.users + c.statusChanges} applied`);
    }
    if (orderStatus.get(c.orderId) !== c.status) problems.push(`${c.clientId}: order ${c.orderId} is ${orderStatus.get(c.orderId)}, expected ${c.status}`);
  }
  const userCount = Number(
    (await db.query(`SELECT count(*) AS n FROM records WHERE shop_id = $1 AND kind = 'users' AND record->>'email' LIKE 'bench.user.bench-push-%'`, [shopId])).rows[0].n,
  );
  const usersExpected = clients.reduce((n, c) => n + c.users, 0);
  if (userCount !== usersExpected) problems.push(`users: ${userCount} stored, ${usersExpected} created`);
  const versionAfter = Number((await db.query('SELECT version FROM shop_versions WHERE shop_id = $1', [shopId])).rows[0].version);
  if (versionAfter - versionBefore !== appliedTotal) problems.push(`shop version moved ${versionAfter - versionBefore}, ${appliedTotal} applied`);

  return {
    pushPerSec: round(applied / elapsed, 0),
    pushP50Ms: round(quantile(latencies, 0.5)),
    pushP99Ms: round(quantile(latencies, 0.99)),
    pushMaxMs: round(Math.max(...latencies)),
    pushErrors: errors.length,
    pushCpuMsPerMutation: cpuMsPerMutation,
    pushCpuSeconds: machineBusy,
    pushErrorSamples: errors.slice(0, 3),
    pushSent: sent,
    exactlyOnce: problems.length === 0,
    exactlyOnceProblems: problems.slice(0, 5),
    clients,
  };
}

