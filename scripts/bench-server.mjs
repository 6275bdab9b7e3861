// The shop server's benchmark (issue 22, "Speed"; figures in docs/performance.md).
//
//   npm run bench:server
//   BENCH_SECONDS=5 BENCH_FULL_ROWS=20000 npm run bench:server     (a quick run)
//
// Starts its own PostgreSQL (scripts/postgres.mjs: .data/postgres-bench, port 54329 or
// BENCH_PG_PORT; fsync off, as for the tests), a stand-in for the Auth emulator's account
// lookup (scripts/lib/auth-lookup-stub.mjs) and two copies of the shop server (server/main.ts
// under tsx, emulator mode, unsigned tokens as tests/server/support.ts mints them), each its
// own process; this process only makes the load and measures. Then:
// 1. Push: one shop, BENCH_CLIENTS (50) clients at once, each pushing one-mutation batches for
//    BENCH_SECONDS (20) — alternately its own order's status (new → pending → new …, as
//    domain/orders/transitions.ts allows) and a new user — after a short warm-up. Applied
//    mutations/s, p50/p99 latency of a push (request sent → answer read), errors (any non-200,
//    or a mutation not `applied`). Afterwards every mutation is checked applied exactly once:
//    each client's last_mutation_id, one `applied` audit line per (client, mutation id), the
//    shop's version moved by exactly the applied count, the users created, each order's status.
// 2. pgbench -b simple-update -c 50 -j 2 for the same seconds on a scratch database (pgbench -i
//    -s 10): the machine's ceiling for small write transactions, and the push's ratio to it.
// 3. An up-to-date client's pull (its latest cookie): p95 over BENCH_PULLS (300) pulls, one at a time.
// 4. A shop of BENCH_FULL_ROWS (100,000) orders, loaded through the server's own
//    POST /api/orders/bulk mutations of 5,000 (ids, numbers, totals and histories given by the
//    domain as for any import), then pulled from cookie 0 page by page: the sum over pages of
//    request sent → last byte received (the server's time plus the transfer; the client's
//    JSON parsing excluded). Every (FULL_ROWS / 20)th order names the shop's one user record (made
//    first), whose person signs in as the shop's customer (issue 33).
// 4b. That customer (scripts/bench-server/customer-pulls.mjs): BENCH_CUSTOMER_FIRST_PULLS (5)
//    first pulls from cookie 0 to the last page (the median: the server's side of a first sync;
//    bench-sync.mjs times the whole of it through the worker), BENCH_PULLS up-to-date pulls (p95),
//    and BENCH_CUSTOMER_CHANGES (100) pulls each after the team changed one of their orders (p95).
// 5. Cross-copy: an SSE client on copy B (GET /v1/shops/:id/events), BENCH_EVENTS (60) pushes on
//    copy A one at a time: push sent → `version` event for its version heard on B; p95.
// All along, both copies' resident memory is sampled from /proc/<pid>/status (VmRSS every
// 100 ms, VmHWM at the end); serverRssMB is the larger peak.
// 6. Hostile load (scripts/bench-server/hostile.mjs), on a third copy with the real request rate
//    limit, A and B stopped: 20 honest clients from 10 members, one push every 250 ms each, for
//    BENCH_HOSTILE_SECONDS (60; 0 leaves the phase out) alone, then as long with 200 hostile
//    clients in a process of their own (scripts/bench-server/hostile-load.mjs). The honest p99
//    both ways and their ratio, the copy's peak RSS, 5xx answers seen by anyone, answers by status.
// The servers log at warn (BENCH_LOG_LEVEL): per-request info logs are not what is measured.
// BENCH_BASELINE_REF=<commit> first runs the push phase against that commit's server (its own
// database, same cluster, same settings): before/after figures from one run, in `baseline`.
// BENCH_SERVER_NODE_ARGS adds flags to the servers' node (e.g. `--cpu-prof --cpu-prof-dir=.bench`).
// BENCH_ONLY_HOSTILE=1 runs phase 6 alone (its own database and copy; about two and a half minutes).
// Progress goes to stderr; the last line on stdout is the JSON. No assertions: goals are reported.
import { loadavg } from 'node:os';
import pg from 'pg';
import { round } from './lib/figures.mjs';
import { createDatabase, startPostgres } from './postgres.mjs';
import { baselinePush } from './bench-server/baseline.mjs';
import { crossCopyPhase } from './bench-server/cross-copy.mjs';
import { HOSTILE_SECONDS, hostilePhase } from './bench-server/hostile.mjs';
import { memorySampler } from './bench-server/memory-and-cpu.mjs';
import { pgbenchPhase } from './bench-server/pgbench.mjs';
import { startServer, startStub } from './bench-server/processes.mjs';
import { customerPullPhase } from './bench-server/customer-pulls.mjs';
import { fullPullPhase, upToDatePulls } from './bench-server/pulls.mjs';
import { addAdmins, pushPhase, seedClientOrders, setUpShop } from './bench-server/push.mjs';
import { agent, benchUser } from './bench-server/requests.mjs';
import { CLIENTS, FULL_ROWS, GOALS, MEMBERS, PG_DATA, PG_PORT, SECONDS, WARMUP_MS, log } from './bench-server/settings.mjs';

/** Phase 6 alone: PostgreSQL, the Auth stand-in and the hostile phase's own copy. */
async function hostileOnly() {
  const runStarted = Date.now();
  log(`PostgreSQL in ${PG_DATA} on port ${PG_PORT}; the hostile phase alone`);
  const postgres = await startPostgres({ dataDir: PG_DATA, port: PG_PORT });
  try {
    const stub = await startStub();
    const hostile = await hostilePhase(postgres.url, stub.host);
    log(`hostile: honest p99 ${hostile.hostileHonestP99UnloadedMs} ms alone, ${hostile.hostileHonestP99LoadedMs} ms under attack (×${hostile.hostileHonestP99Ratio}); load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    stub.child.kill('SIGTERM');
    console.log(JSON.stringify({ ...hostile, loadAverage: loadavg().map((n) => round(n, 2)), date: new Date().toISOString(), runSeconds: round((Date.now() - runStarted) / 1000, 0) }));
  } finally {
    agent.destroy();
    await postgres.stop();
  }
}

async function main() {
  if (process.env.BENCH_ONLY_HOSTILE === '1') return hostileOnly();
  const runStarted = Date.now();
  log(`PostgreSQL in ${PG_DATA} on port ${PG_PORT}`);
  const postgres = await startPostgres({ dataDir: PG_DATA, port: PG_PORT });
  const adminUrl = postgres.url;
  const databaseUrl = await createDatabase(adminUrl, 'shop_bench');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {}); // an idle connection ended by PostgreSQL's stop: the pool makes a new one if asked
  try {
    const stub = await startStub();
    // A copies' migrations wait for each other's lock; A first anyway, so B starts on a migrated database.
    const serverA = await startServer('server A', databaseUrl, stub.host);
    const serverB = await startServer('server B', databaseUrl, stub.host);
    log(`servers on ${serverA.port} (A) and ${serverB.port} (B); Auth stand-in on ${stub.host}`);
    const memory = memorySampler([serverA, serverB]);
    const cpuGroupsFor = (server) => ({ server: [server.child.pid], authStub: [stub.child.pid], bench: [process.pid], postgres: 'postgres' });
    const baseline = process.env.BENCH_BASELINE_REF ? await baselinePush(process.env.BENCH_BASELINE_REF, adminUrl, stub.host, cpuGroupsFor) : undefined;

    const owner = benchUser('owner');
    const shopId = await setUpShop(serverA.port, owner, 'Bench Shop');
    const users = [owner, ...(await addAdmins(serverA.port, owner, shopId, MEMBERS - 1))];
    const orderIds = await seedClientOrders(serverA.port, owner, shopId, CLIENTS + 1);

    memory.phase('push');
    log(`push: ${CLIENTS} clients for ${SECONDS} s (after ${WARMUP_MS} ms of warm-up)`);
    const pushed = await pushPhase(serverA.port, shopId, users, orderIds, db, cpuGroupsFor(serverA));
    log(`push: ${pushed.pushPerSec}/s, p99 ${pushed.pushP99Ms} ms, ${pushed.pushErrors} errors, exactly once: ${pushed.exactlyOnce}`);
    if (pushed.pushErrorSamples.length) log('push errors:', pushed.pushErrorSamples);
    if (pushed.exactlyOnceProblems.length) log('exactly-once problems:', pushed.exactlyOnceProblems);

    memory.phase('pgbench');
    log(`pgbench -b simple-update -c ${CLIENTS} -j 2 -T ${Math.round(SECONDS)}`);
    const pgbench = await pgbenchPhase(adminUrl);
    log(`pgbench: ${pgbench.pgbenchTps} tps`);

    memory.phase('pull');
    const pulled = await upToDatePulls(serverA.port, owner, shopId);
    log(`pull (up to date): p95 ${pulled.pullUpToDateP95Ms} ms`);

    memory.phase('crossCopy');
    const crossed = await crossCopyPhase(serverA.port, serverB.port, owner, shopId, orderIds[CLIENTS]);
    log(`cross-copy event: p95 ${crossed.crossCopyEventP95Ms} ms`);

    memory.phase('fullPullLoad');
    const big = await fullPullPhase(serverA.port, owner, db, memory);
    const full = big.figures;
    log(`full pull of ${FULL_ROWS} orders: ${full.fullPull100kMs} ms in ${full.fullPullPages} pages`);

    memory.phase('customer');
    const customer = await customerPullPhase(serverA.port, owner, big.shopId, big.customer);
    log(
      `customer (${customer.customerOrders} of ${FULL_ROWS} orders): first pull (cookie 0 to the end) ${customer.customerFirstPullMs} ms, ` +
        `up-to-date pull p95 ${customer.customerPullP95Ms} ms, pull after a change p95 ${customer.customerPullChangeP95Ms} ms`,
    );

    const rss = memory.stop();
    for (const server of [serverA, serverB]) server.child.kill('SIGTERM');

    let hostile;
    if (HOSTILE_SECONDS > 0) {
      hostile = await hostilePhase(adminUrl, stub.host);
      log(
        `hostile: honest p99 ${hostile.hostileHonestP99UnloadedMs} ms alone, ${hostile.hostileHonestP99LoadedMs} ms under attack (×${hostile.hostileHonestP99Ratio}); ` +
          `RSS ${hostile.hostileServerRssMB} MB; 5xx ${hostile.hostile5xx}; honest errors ${hostile.hostileHonestErrors}; attackers' answers ${JSON.stringify(hostile.hostileAnswers.hostile)}`,
      );
    }
    const { clients: _clients, ...push } = pushed;
    const result = {
      ...push,
      pgbenchTps: pgbench.pgbenchTps,
      pushToPgbenchRatio: pgbench.pgbenchTps ? round(push.pushPerSec / pgbench.pgbenchTps, 3) : null,
      pgbenchLatencyAvgMs: pgbench.pgbenchLatencyAvgMs,
      ...pulled,
      ...full,
      ...customer,
      serverRssMB: Math.max(...Object.values(rss)),
      serverRssMBByCopy: rss,
      serverRssMBByPhase: memory.byPhase(),
      ...crossed,
      clients: CLIENTS,
      seconds: SECONDS,
      goalsMet: {
        pushPerSec: push.pushPerSec >= GOALS.pushPerSec,
        pushP99Ms: push.pushP99Ms <= GOALS.pushP99Ms,
        pushErrors: push.pushErrors === 0 && push.exactlyOnce,
        pullUpToDateP95Ms: pulled.pullUpToDateP95Ms <= GOALS.pullUpToDateP95Ms,
        fullPull100kMs: full.fullPull100kMs <= GOALS.fullPull100kMs,
        serverRssMB: Math.max(...Object.values(rss)) <= GOALS.serverRssMB,
        crossCopyEventP95Ms: crossed.crossCopyEventP95Ms <= GOALS.crossCopyEventP95Ms,
        customerPullP95Ms: customer.customerPullP95Ms <= GOALS.customerPullP95Ms,
        customerPullChangeP95Ms: customer.customerPullChangeP95Ms <= GOALS.customerPullChangeP95Ms,
      },
      ...(baseline ? { baseline } : {}),
      ...(hostile ?? {}),
      date: new Date().toISOString(),
      runSeconds: round((Date.now() - runStarted) / 1000, 0),
    };
    stub.child.kill('SIGTERM');
    console.log(JSON.stringify(result));
  } finally {
    await db.end();
    agent.destroy();
    await postgres.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
