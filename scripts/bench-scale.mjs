// `npm run bench:scale` (issue 36, "Speed"; figures in docs/performance.md): one server copy
// with BENCH_SCALE_STREAMS (10,000) customers' devices, each with its event stream open, played
// by a process of their own (scripts/bench-scale/devices.mjs) on 127.0.0.1.
//   1. Streams: each device's first sync, then its stream; the copy's resident memory once all
//      are open (streamsRssMB, everything included) and its growth per stream.
//   2. Scoped writes: BENCH_SCALE_WRITES (20) changes, each to one customer's order, one at a
//      time: that customer's stream poked (push sent → event, scopedPokeP95Ms), every other
//      stream not at all (foreignPokesPerWrite).
//   3. A broadcast: a change to the product every customer sees; every stream poked and every
//      device's pull answered (push sent → pull answered, broadcastAllPulledP99Ms), the copy's
//      and PostgreSQL's CPU meanwhile.
// PostgreSQL in .data/postgres-scale on port 54328 (BENCH_SCALE_PG_DATA, BENCH_SCALE_PG_PORT).
// Progress goes to stderr; the last line on stdout is the JSON. No assertions: goals are reported.
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { quantile, round } from './lib/figures.mjs';
import { orderFactory } from './lib/generated-orders.mjs';
import { createDatabase, startPostgres } from './postgres.mjs';
import { cpuSecondsOf, statusKb } from './bench-server/memory-and-cpu.mjs';
import { startServer, startStub } from './bench-server/processes.mjs';
import { api, benchUser, push, request, tokenFor } from './bench-server/requests.mjs';
import { ROOT } from './bench-server/settings.mjs';

const STREAMS = Number(process.env.BENCH_SCALE_STREAMS ?? 10_000);
const WRITES = Number(process.env.BENCH_SCALE_WRITES ?? 20);
const PG_PORT = Number(process.env.BENCH_SCALE_PG_PORT || 54328);
const PG_DATA = process.env.BENCH_SCALE_PG_DATA || '.data/postgres-scale';
const GOALS = { streamsRssMB: 200, scopedPokeP95Ms: 50, foreignPokesPerWrite: 0, broadcastAllPulledP99Ms: 5000 };
const log = (...args) => console.error('[bench:scale]', ...args);
const METRICS_TOKEN = 'bench-scale-operator';

/** The copy's `/metrics` (server/http/metrics.ts) as name → value. */
async function metricsOf(port) {
  const answer = await request(port, 'GET', '/metrics', METRICS_TOKEN);
  const values = new Map();
  for (const line of answer.text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}
const now = () => performance.timeOrigin + performance.now();

const product = {
  title: 'Scale Jacket',
  category: 'fashion',
  code: 'SCALE-1',
  colors: ['blue'],
  sizes: ['m'],
  description: 'A jacket every customer sees.',
  discount: 0,
  featureImage: '/images/products/product-01.svg',
  features: [],
  images: ['/images/products/product-01.svg', '/images/products/product-11.svg'],
  offers: [],
  price: 79.99,
  status: 'published',
  stock: 120,
};

/** CPU seconds so far of the bench's PostgreSQL: its postmaster (in PG_DATA) and the processes it started. */
function postgresCpuSeconds() {
  let postmaster;
  try {
    postmaster = readFileSync(resolve(ROOT, PG_DATA, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
  } catch {
    return 0;
  }
  const children = readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1] === postmaster;
    } catch {
      return false;
    }
  });
  return [postmaster, ...children].reduce((n, pid) => n + cpuSecondsOf(pid), 0);
}

/** The customers' user records, a bulk import at a time: their ids. */
async function customerRecords(port, owner, shopId, count) {
  const ids = [];
  for (let from = 0, id = 1; from < count; from += 1000, id++) {
    const users = Array.from({ length: Math.min(1000, count - from) }, (_, i) => ({
      name: `Scale Customer ${from + i}`,
      email: `bench-scale-${from + i}@example.com`,
      role: 'Customer',
      status: 'verified',
      address: 'Norway',
      phone: '+47 555 01 234',
    }));
    const answer = await push(port, owner, shopId, 'scale-setup-users', [{ id, name: 'POST /api/users/bulk', query: {}, body: { users } }]);
    const result = answer.json.results[0];
    if (result.status !== 'applied') throw new Error(`customers' records: ${JSON.stringify(result).slice(0, 300)}`);
    ids.push(...result.created.map((created) => created.id));
  }
  return ids;
}

/** One order of each customer: their ids, in the customers' order. */
async function customerOrders(port, owner, shopId, customerIds) {
  const order = orderFactory(0x5ca1e);
  const ids = [];
  for (let from = 0, id = 1; from < customerIds.length; from += 2000, id++) {
    const orders = customerIds.slice(from, from + 2000).map((customerId, i) => {
      const made = order(from + i, 'new');
      made.customer.id = customerId;
      return made;
    });
    const answer = await push(port, owner, shopId, 'scale-setup-orders', [{ id, name: 'POST /api/orders/bulk', query: {}, body: { orders } }]);
    const result = answer.json.results[0];
    if (result.status !== 'applied') throw new Error(`customers' orders: ${JSON.stringify(result).slice(0, 300)}`);
    ids.push(...result.created.map((created) => created.id));
  }
  return ids;
}

/** Each customer invited and signed in (their invitation accepted), a few at a time: the owner's invitations stay within one account's places at the copy (8 at work, 32 waiting: server/http/admission.ts). */
async function signInCustomers(port, owner, shopId, customerIds) {
  const users = customerIds.map((_, i) => benchUser(`scale-${i}`));
  for (let i = 0; i < users.length; i += 32) {
    await Promise.all(
      users.slice(i, i + 32).map(async (user, j) => {
        const invited = await api(port, 'POST', `/v1/shops/${shopId}/customers`, owner, { userId: customerIds[i + j] });
        await api(port, 'POST', `/v1/invitations/${invited.json.invitation.id}/accept`, user);
      }),
    );
  }
  return users;
}

async function main() {
  const started = Date.now();
  const postgres = await startPostgres({ dataDir: PG_DATA, port: PG_PORT });
  const databaseUrl = await createDatabase(postgres.url, 'shop_scale');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {});
  const stub = await startStub();
  const server = await startServer('server', databaseUrl, stub.host, ROOT, { SHOP_SERVER_METRICS_TOKEN: METRICS_TOKEN });
  const pid = server.child.pid;
  const rssMB = () => round(statusKb(pid, 'VmRSS') / 1024, 1);
  const devices = fork('scripts/bench-scale/devices.mjs', { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  process.on('exit', () => devices.exitCode === null && devices.kill('SIGKILL'));
  try {
    const owner = benchUser('scale-owner');
    const shopId = (await api(server.port, 'POST', '/v1/shops', owner, { name: 'Scale Shop' })).json.shop.id;
    const productAnswer = await push(server.port, owner, shopId, 'scale-setup-product', [{ id: 1, name: 'POST /api/products', query: {}, body: product }]);
    if (productAnswer.json.results[0].status !== 'applied') throw new Error(`the product: ${JSON.stringify(productAnswer.json.results[0]).slice(0, 300)}`);
    const productId = productAnswer.json.results[0].created[0].id;
    log(`${STREAMS} customers: records, orders, invitations`);
    const customerIds = await customerRecords(server.port, owner, shopId, STREAMS);
    const orderIds = await customerOrders(server.port, owner, shopId, customerIds);
    const users = await signInCustomers(server.port, owner, shopId, customerIds);

    // 1. Every device's first sync and stream.
    const rssBefore = rssMB();
    const events = { poked: [], pulled: [], errors: [] };
    let opened;
    devices.on('message', (message) => {
      if (message.type === 'opened') opened?.(message);
      else if (message.type === 'poked') events.poked.push(message);
      else if (message.type === 'pulled') events.pulled.push(message);
      else if (message.type === 'error') events.errors.push(message);
    });
    const openedCount = new Promise((resolve) => (opened = resolve));
    const openStarted = Date.now();
    devices.send({ type: 'open', port: server.port, shopId, devices: users.map((user, index) => ({ index, token: tokenFor(user) })) });
    const { count, indexes: openIndexes, retries } = await openedCount;
    const openSeconds = round((Date.now() - openStarted) / 1000, 1);
    await sleep(3_000);
    const rssStreams = rssMB();
    // Where the resident memory is: V8's heap (committed and used) and memory outside it.
    const memory = await metricsOf(server.port);
    const mb = (name) => round((memory.get(name) ?? 0) / 1048576, 1);
    const streamsMemoryMB = { heapTotal: mb('shop_server_nodejs_heap_size_total_bytes'), heapUsed: mb('shop_server_nodejs_heap_size_used_bytes'), external: mb('shop_server_nodejs_external_memory_bytes') };
    log(`streams: ${count} of ${STREAMS} open in ${openSeconds} s (${retries} first-sync pulls tried again after a 429 or 503); RSS ${rssBefore} → ${rssStreams} MB (heap ${streamsMemoryMB.heapUsed} MB used of ${streamsMemoryMB.heapTotal}, external ${streamsMemoryMB.external})`);

    // 2. Scoped writes, one at a time.
    let mutationId = 1;
    const scoped = [];
    let foreign = 0;
    for (let w = 0; w < WRITES; w++) {
      const index = openIndexes[Math.floor(((w + 0.5) * openIndexes.length) / WRITES)];
      const pokedBefore = events.poked.length;
      const sent = now();
      const answer = await push(server.port, owner, shopId, 'scale-team', [{ id: mutationId++, name: 'PATCH /api/orders', query: { id: String(orderIds[index]) }, body: { status: w % 2 ? 'new' : 'pending' } }]);
      if (answer.json.results[0].status !== 'applied') throw new Error(`scoped write: ${JSON.stringify(answer.json.results[0])}`);
      const version = answer.json.results[0].version;
      const deadline = Date.now() + 5_000;
      let mine;
      while (!(mine = events.poked.find((e) => e.index === index && e.version >= version)) && Date.now() < deadline) await sleep(2);
      // A moment for any other stream's event to arrive too.
      await sleep(200);
      const during = events.poked.slice(pokedBefore);
      foreign += during.filter((e) => e.index !== index).length;
      scoped.push(mine ? mine.at - sent : Infinity);
    }
    log(`scoped: poke p95 ${round(quantile(scoped, 0.95), 1)} ms, ${foreign} foreign pokes in ${WRITES} writes`);

    // 3. A change every customer sees.
    const pulledBefore = events.pulled.length;
    const pokedBefore = events.poked.length;
    const cpuBefore = { server: cpuSecondsOf(pid), postgres: postgresCpuSeconds(), devices: cpuSecondsOf(devices.pid), auth: cpuSecondsOf(stub.child.pid) };
    const metricsBefore = await metricsOf(server.port);
    const sent = now();
    const answer = await push(server.port, owner, shopId, 'scale-team', [{ id: mutationId++, name: 'PUT /api/products', query: { id: String(productId) }, body: { ...product, price: 74.99 } }]);
    const result = answer.json.results[0];
    if (result.status !== 'applied') throw new Error(`broadcast write: ${JSON.stringify(result)}`);
    const deadline = Date.now() + 120_000;
    const pulledBy = () => new Set(events.pulled.slice(pulledBefore).filter((e) => e.version >= result.version).map((e) => e.index));
    while (pulledBy().size < count && Date.now() < deadline) await sleep(50);
    const pulls = events.pulled.slice(pulledBefore).filter((e) => e.version >= result.version);
    const firstPullOf = new Map();
    for (const e of pulls) if (!firstPullOf.has(e.index)) firstPullOf.set(e.index, e.at - sent);
    const allPulled = [...firstPullOf.values()];
    const firstPokeOf = new Map();
    for (const e of events.poked.slice(pokedBefore)) if (e.version >= result.version && !firstPokeOf.has(e.index)) firstPokeOf.set(e.index, e.at - sent);
    const allPoked = [...firstPokeOf.values()];
    const serverCpu = round(cpuSecondsOf(pid) - cpuBefore.server, 1);
    const postgresCpu = round(postgresCpuSeconds() - cpuBefore.postgres, 1);
    const devicesCpu = round(cpuSecondsOf(devices.pid) - cpuBefore.devices, 1);
    // The Auth stand-in answers the token checks the copy makes (a token verified over a minute ago is checked again).
    const authCpu = round(cpuSecondsOf(stub.child.pid) - cpuBefore.auth, 1);
    const metricsAfter = await metricsOf(server.port);
    const grew = (name) => (metricsAfter.get(name) ?? 0) - (metricsBefore.get(name) ?? 0);
    const broadcastPulls = { shared: grew('shop_server_pulls_total{page="shared"}'), own: grew('shop_server_pulls_total{page="own"}'), refused: grew('shop_server_pulls_refused_total'), factStatements: grew('shop_server_pull_fact_statements_total'), accountLookups: grew('shop_server_account_lookups_total') };
    log(`broadcast pulls: ${broadcastPulls.shared} from a shared page (their facts in ${broadcastPulls.factStatements} statements), ${broadcastPulls.own} read their own, ${broadcastPulls.refused} refused (503); ${broadcastPulls.accountLookups} account lookups at the Auth service`);
    log(`broadcast: ${allPulled.length} of ${count} devices pulled, p99 ${round(quantile(allPulled, 0.99))} ms; CPU: server ${serverCpu} s, PostgreSQL ${postgresCpu} s, devices ${devicesCpu} s, Auth stand-in ${authCpu} s`);

    const figures = {
      streams: STREAMS,
      streamsOpen: count,
      streamsOpenSeconds: openSeconds,
      firstSyncRetries: retries,
      serverRssBeforeStreamsMB: rssBefore,
      streamsRssMB: rssStreams,
      rssPerStreamKB: count ? round(((rssStreams - rssBefore) * 1024) / count, 1) : null,
      streamsMemoryMB,
      scopedPokeP50Ms: round(quantile(scoped, 0.5), 1),
      scopedPokeP95Ms: round(quantile(scoped, 0.95), 1),
      foreignPokesPerWrite: round(foreign / WRITES, 2),
      broadcastPokedP50Ms: round(quantile(allPoked, 0.5)),
      broadcastPokedP99Ms: round(quantile(allPoked, 0.99)),
      broadcastDevicesPulled: allPulled.length,
      broadcastAllPulledP50Ms: round(quantile(allPulled, 0.5)),
      broadcastAllPulledP99Ms: allPulled.length === count ? round(quantile(allPulled, 0.99)) : null,
      broadcastServerCpuSeconds: serverCpu,
      broadcastPostgresCpuSeconds: postgresCpu,
      broadcastDevicesCpuSeconds: devicesCpu,
      broadcastAuthCpuSeconds: authCpu,
      broadcastPulls,
      deviceErrors: events.errors.length,
      deviceErrorSamples: events.errors.slice(0, 3),
    };
    const goalsMet = {
      streamsRssMB: figures.streamsRssMB <= GOALS.streamsRssMB,
      scopedPokeP95Ms: figures.scopedPokeP95Ms <= GOALS.scopedPokeP95Ms,
      foreignPokesPerWrite: figures.foreignPokesPerWrite === GOALS.foreignPokesPerWrite,
      broadcastAllPulledP99Ms: figures.broadcastAllPulledP99Ms !== null && figures.broadcastAllPulledP99Ms <= GOALS.broadcastAllPulledP99Ms,
    };
    console.log(JSON.stringify({ ...figures, goalsMet, date: new Date().toISOString(), runSeconds: Math.round((Date.now() - started) / 1000) }));
  } finally {
    devices.kill('SIGKILL');
    // Its graceful stop is waited for (a little): a --cpu-prof in BENCH_SERVER_NODE_ARGS is written then.
    const stopped = new Promise((done) => server.child.once('exit', done));
    server.child.kill('SIGTERM');
    await Promise.race([stopped, sleep(10_000)]);
    stub.child.kill('SIGKILL');
    await db.end();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
