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
//    JSON parsing excluded).
// 5. Cross-copy: an SSE client on copy B (GET /v1/shops/:id/events), BENCH_EVENTS (60) pushes on
//    copy A one at a time: push sent → `version` event for its version heard on B; p95.
// All along, both copies' resident memory is sampled from /proc/<pid>/status (VmRSS every
// 100 ms, VmHWM at the end); serverRssMB is the larger peak.
// The servers log at warn (BENCH_LOG_LEVEL): per-request info logs are not what is measured.
// BENCH_BASELINE_REF=<commit> first runs the push phase against that commit's server (its own
// database, same cluster, same settings): before/after figures from one run, in `baseline`.
// BENCH_SERVER_NODE_ARGS adds flags to the servers' node (e.g. `--cpu-prof --cpu-prof-dir=.bench`).
// Progress goes to stderr; the last line on stdout is the JSON. No assertions: goals are reported.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, startPostgres } from './postgres.mjs';
import { SERVER_NODE_ARGS } from './lib/server-command.mjs';
import { orderFactory } from './lib/generated-orders.mjs';
import { freePort } from './lib/ports.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const FULL_ROWS = Number(process.env.BENCH_FULL_ROWS ?? 100_000);
const PULLS = Number(process.env.BENCH_PULLS ?? 300);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 60);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2_000);
const PG_PORT = Number(process.env.BENCH_PG_PORT || 54329);
const PG_DATA = process.env.BENCH_PG_DATA || '.data/postgres-bench';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
const CHUNK = 5_000;
const PROJECT_ID = 'demo-shop-bench';
const MEMBERS = 10;
const GOALS = { pushPerSec: 1000, pushP99Ms: 100, pullUpToDateP95Ms: 10, fullPull100kMs: 6000, serverRssMB: 250, crossCopyEventP95Ms: 200 };

for (const [name, value] of Object.entries({ SECONDS, CLIENTS, FULL_ROWS, PULLS, EVENTS })) {
  if (!(value > 0)) throw new Error(`BENCH_${name} must be a positive number`);
}

const log = (...args) => console.error('[bench:server]', ...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 1) => (n === null || n === undefined || Number.isNaN(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits);

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---------------------------------------------------------------------------------------------
// Processes

const children = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** Spawns a child, collecting its output; resolves when `ready(output)` is true. */
async function startChild(name, command, args, env, cwd, ready, timeoutMs = 60_000) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-20_000)));
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
    if (await ready(output)) return { child, output: () => output };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start in ${timeoutMs} ms:\n${output}`);
}

async function startStub() {
  const { child, output } = await startChild('auth stand-in', process.execPath, ['scripts/lib/auth-lookup-stub.mjs'], {}, ROOT, (out) => /listening \d+/.test(out));
  return { child, host: `127.0.0.1:${/listening (\d+)/.exec(output())[1]}` };
}

async function startServer(name, databaseUrl, stubHost, cwd = ROOT) {
  const port = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    SHOP_SERVER_AUTH_EMULATOR: '1',
    FIREBASE_AUTH_EMULATOR_HOST: stubHost,
    SHOP_SERVER_PORT: String(port),
    SHOP_SERVER_HOST: '127.0.0.1',
    LOG_LEVEL,
    NODE_ENV: 'production',
  };
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS || '').split(' ').filter(Boolean);
  const { child, output } = await startChild(name, process.execPath, [...nodeArgs, ...SERVER_NODE_ARGS], env, cwd, async () => {
    try {
      const answer = await request(port, 'GET', '/healthz');
      return answer.status === 200 && JSON.parse(answer.text).database === 'up';
    } catch {
      return false;
    }
  });
  return { name, port, child, output };
}

// ---------------------------------------------------------------------------------------------
// HTTP (node:http with keep-alive: lighter than fetch, so the load costs the machine less)

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request: status, body text, ms to the last byte (the client's parsing not included). */
function request(port, method, path, token, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function api(port, method, path, user, body, expected = [200, 201]) {
  const answer = await request(port, method, path, user ? tokenFor(user) : undefined, body);
  if (!expected.includes(answer.status)) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 500)}`);
  return { ...answer, json: answer.text ? JSON.parse(answer.text) : undefined };
}

// ---------------------------------------------------------------------------------------------
// Tokens: unsigned, as the Auth emulator makes them (tests/server/support.ts); accepted only in
// emulator mode. Minted once per user (valid an hour).

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokens = new Map();
function tokenFor(user) {
  let token = tokens.get(user.uid);
  if (!token) {
    const now = Math.floor(Date.now() / 1000);
    token = [
      b64({ alg: 'none', typ: 'JWT' }),
      b64({
        iss: `https://securetoken.google.com/${PROJECT_ID}`,
        aud: PROJECT_ID,
        auth_time: now - 10,
        user_id: user.uid,
        sub: user.uid,
        iat: now - 10,
        exp: now + 3600,
        email: user.email,
        email_verified: true,
        firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
      }),
      '',
    ].join('.');
    tokens.set(user.uid, token);
  }
  return token;
}

const benchUser = (name) => ({ uid: `bench-${name}`, email: `bench-${name}@example.com` });

// ---------------------------------------------------------------------------------------------
// Memory

function statusKb(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far (user + system) by each named group of processes: the push's cost by process. */
function cpuSeconds(groups) {
  const ticks = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const postgresPids = () =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres');
        } catch {
          return false;
        }
      });
  const out = {};
  for (const [name, pids] of Object.entries(groups)) out[name] = (pids === 'postgres' ? postgresPids() : pids).reduce((n, pid) => n + ticks(pid), 0) / 100;
  return out;
}

function memorySampler(servers) {
  const peak = Object.fromEntries(servers.map((s) => [s.name, 0]));
  // The first copy's peak in each phase: which one needs the memory.
  const byPhase = {};
  let phase = 'start';
  const timer = setInterval(() => {
    for (const s of servers) peak[s.name] = Math.max(peak[s.name], statusKb(s.child.pid, 'VmRSS'));
    byPhase[phase] = Math.max(byPhase[phase] ?? 0, statusKb(servers[0].child.pid, 'VmRSS'));
  }, 100);
  return {
    phase(name) {
      phase = name;
    },
    byPhase: () => Object.fromEntries(Object.entries(byPhase).map(([name, kb]) => [name, round(kb / 1024)])),
    stop() {
      clearInterval(timer);
      for (const s of servers) peak[s.name] = Math.max(peak[s.name], statusKb(s.child.pid, 'VmHWM'));
      return Object.fromEntries(Object.entries(peak).map(([name, kb]) => [name, round(kb / 1024)]));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Data

const userBody = (client, n) => ({
  name: `Bench User ${client}-${n}`,
  email: `bench.user.${client}.${n}@example.com`,
  role: 'Tester',
  status: 'verified',
  address: 'Norway',
  phone: '+47 555 01 234',
});

async function push(port, user, shopId, clientId, mutations) {
  return api(port, 'POST', `/v1/shops/${shopId}/push`, user, { clientId, mutations });
}

// ---------------------------------------------------------------------------------------------
// 1. Push

async function setUpShop(port, owner, name) {
  const created = await api(port, 'POST', '/v1/shops', owner, { name });
  return created.json.shop.id;
}

async function addAdmins(port, owner, shopId, count) {
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
async function seedClientOrders(port, owner, shopId, count) {
  const order = orderFactory(0x1234567);
  const orders = Array.from({ length: count }, (_, i) => order(i, 'new'));
  const answer = await push(port, owner, shopId, 'bench-seed', [{ id: 1, name: 'POST /api/orders/bulk', query: {}, body: { orders } }]);
  const result = answer.json.results[0];
  if (result.status !== 'applied') throw new Error(`seeding the clients' orders: ${JSON.stringify(result)}`);
  return result.created.map((c) => c.id);
}

async function pushPhase(port, shopId, users, orderIds, db, cpuGroups) {
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
    pushP50Ms: round(percentile(latencies, 50)),
    pushP99Ms: round(percentile(latencies, 99)),
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

// ---------------------------------------------------------------------------------------------
// 2. pgbench

function pgbenchBin() {
  for (const dir of ['/usr/lib/postgresql/15/bin', ...(existsSync('/usr/lib/postgresql') ? readdirVersions() : [])]) {
    if (existsSync(`${dir}/pgbench`)) return `${dir}/pgbench`;
  }
  return 'pgbench';
}

function readdirVersions() {
  return execFileSync('ls', ['/usr/lib/postgresql'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((v) => `/usr/lib/postgresql/${v}/bin`);
}

async function pgbenchPhase(adminUrl) {
  const url = await createDatabase(adminUrl, 'pgbench_scratch');
  const { hostname, port, pathname } = new URL(url);
  const conn = ['-h', hostname, '-p', port, '-U', 'postgres'];
  const bin = pgbenchBin();
  execFileSync(bin, ['-i', '-s', '10', '-q', ...conn, pathname.slice(1)], { stdio: ['ignore', 'ignore', 'pipe'] });
  const out = execFileSync(bin, ['-b', 'simple-update', '-c', String(CLIENTS), '-j', '2', '-T', String(Math.max(1, Math.round(SECONDS))), ...conn, pathname.slice(1)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  const latency = /latency average = ([\d.]+) ms/.exec(out);
  return { pgbenchTps: tps ? round(Number(tps[1]), 0) : null, pgbenchLatencyAvgMs: latency ? round(Number(latency[1]), 2) : null };
}

// ---------------------------------------------------------------------------------------------
// 3, 4. Pull

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

async function upToDatePulls(port, user, shopId) {
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
  return { pullUpToDateP50Ms: round(percentile(times, 50), 2), pullUpToDateP95Ms: round(percentile(times, 95), 2) };
}

async function fullPullPhase(port, owner, db, memory) {
  const shopId = await setUpShop(port, owner, 'Bench Big Shop');
  const order = orderFactory();
  const started = performance.now();
  let id = 0;
  for (let from = 0; from < FULL_ROWS; from += CHUNK) {
    const orders = [];
    for (let n = from; n < Math.min(FULL_ROWS, from + CHUNK); n++) orders.push(order(n));
    const answer = await push(port, owner, shopId, 'bench-load', [{ id: ++id, name: 'POST /api/orders/bulk', query: {}, body: { orders } }]);
    if (answer.json.results[0].status !== 'applied') throw new Error(`bulk load: ${JSON.stringify(answer.json.results[0]).slice(0, 300)}`);
  }
  const loadMs = performance.now() - started;
  const stored = Number((await db.query(`SELECT count(*) AS n FROM records WHERE shop_id = $1 AND kind = 'orders'`, [shopId])).rows[0].n);
  if (stored !== FULL_ROWS) throw new Error(`${stored} orders stored, ${FULL_ROWS} sent`);
  log(`loaded ${FULL_ROWS} orders through POST /api/orders/bulk in ${Math.round(loadMs)} ms`);
  memory.phase('fullPullPages');
  const full = await pullAll(port, owner, shopId, 'bench-full');
  if (full.changes !== FULL_ROWS) throw new Error(`full pull answered ${full.changes} changes, ${FULL_ROWS} stored`);
  return { fullPull100kMs: round(full.ms, 0), fullPullRows: FULL_ROWS, fullPullPages: full.pages, fullPullLoadMs: round(loadMs, 0) };
}

// ---------------------------------------------------------------------------------------------
// 5. Cross-copy events

function openEvents(port, user, shopId) {
  return new Promise((resolve, reject) => {
    const heard = new Map();
    const waiters = [];
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: `/v1/shops/${shopId}/events`, headers: { authorization: `Bearer ${tokenFor(user)}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`events: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (/^event: version$/m.test(block) && data) {
            const version = JSON.parse(data[1]).version;
            heard.set(version, at);
            for (const waiter of [...waiters]) if (version >= waiter.version) waiter.resolve(at);
          }
        }
      });
      resolve({
        /** When a version ≥ `version` was heard (at once when it already was). */
        when(version) {
          for (const [v, at] of heard) if (v >= version) return Promise.resolve(at);
          return new Promise((resolveWait, rejectWait) => {
            const waiter = {
              version,
              resolve: (at) => {
                clearTimeout(timer);
                waiters.splice(waiters.indexOf(waiter), 1);
                resolveWait(at);
              },
            };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              rejectWait(new Error(`version ${version} not heard in 5 s`));
            }, 5_000);
            waiters.push(waiter);
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function crossCopyPhase(portA, portB, user, shopId, orderId) {
  const events = await openEvents(portB, user, shopId);
  const clientId = 'bench-cross';
  const delays = [];
  let missed = 0;
  let status = 'new';
  for (let id = 1; id <= EVENTS + 3; id++) {
    const to = status === 'new' ? 'pending' : 'new';
    const sentAt = performance.now();
    const answer = await push(portA, user, shopId, clientId, [{ id, name: 'PATCH /api/orders', query: { id: String(orderId) }, body: { status: to } }]);
    const result = answer.json.results[0];
    if (result.status !== 'applied') throw new Error(`cross-copy push: ${JSON.stringify(result)}`);
    status = to;
    try {
      const heardAt = await events.when(result.version);
      if (id > 3) delays.push(heardAt - sentAt);
    } catch {
      missed++;
    }
    await sleep(20 + Math.random() * 30);
  }
  events.close();
  return { crossCopyEventP50Ms: round(percentile(delays, 50), 1), crossCopyEventP95Ms: round(percentile(delays, 95), 1), crossCopyEvents: delays.length, crossCopyMissed: missed };
}

// ---------------------------------------------------------------------------------------------
// A baseline: the push phase against another commit's server, in the same run (before/after).

/** server/, domain/ and seed/ of `ref` (git archive; the repository is not changed), runnable with this checkout's node_modules. */
function checkoutBaseline(ref) {
  const dir = `${ROOT}.bench/baseline`;
  execFileSync('rm', ['-rf', dir]);
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} server domain seed package.json tsconfig.base.json | tar -x -C ${JSON.stringify(dir)}`], { cwd: ROOT });
  execFileSync('ln', ['-s', `${ROOT}node_modules`, `${dir}/node_modules`]);
  return dir;
}

async function baselinePush(ref, adminUrl, stubHost, cpuGroupsFor) {
  const dir = checkoutBaseline(ref);
  const databaseUrl = await createDatabase(adminUrl, 'shop_bench_baseline');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {}); // an idle connection ended by PostgreSQL's stop: the pool makes a new one if asked
  const server = await startServer('baseline server', databaseUrl, stubHost, dir);
  try {
    const owner = benchUser('owner');
    const shopId = await setUpShop(server.port, owner, 'Bench Baseline Shop');
    const users = [owner, ...(await addAdmins(server.port, owner, shopId, MEMBERS - 1))];
    const orderIds = await seedClientOrders(server.port, owner, shopId, CLIENTS + 1);
    log(`baseline (${ref}) push: ${CLIENTS} clients for ${SECONDS} s`);
    const { clients: _clients, pushErrorSamples: _samples, exactlyOnceProblems: _problems, ...pushed } = await pushPhase(server.port, shopId, users, orderIds, db, cpuGroupsFor(server));
    log(`baseline push: ${pushed.pushPerSec}/s, p99 ${pushed.pushP99Ms} ms`);
    return { ref, ...pushed };
  } finally {
    server.child.kill('SIGTERM');
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
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
    const full = await fullPullPhase(serverA.port, owner, db, memory);
    log(`full pull of ${FULL_ROWS} orders: ${full.fullPull100kMs} ms in ${full.fullPullPages} pages`);

    const rss = memory.stop();
    const { clients: _clients, ...push } = pushed;
    const result = {
      ...push,
      pgbenchTps: pgbench.pgbenchTps,
      pushToPgbenchRatio: pgbench.pgbenchTps ? round(push.pushPerSec / pgbench.pgbenchTps, 3) : null,
      pgbenchLatencyAvgMs: pgbench.pgbenchLatencyAvgMs,
      ...pulled,
      ...full,
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
      },
      ...(baseline ? { baseline } : {}),
      date: new Date().toISOString(),
      runSeconds: round((Date.now() - runStarted) / 1000, 0),
    };
    for (const server of [serverA, serverB]) server.child.kill('SIGTERM');
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
