// 6. Hostile load, on a server copy of its own with the real fair-use limits (1,200 requests a
// minute per user, …): 20 honest clients, from 10 members, push one-mutation batches (alternately
// their own order's status and a new user, as the push phase does) at a device's pace, one every
// 250 ms each (480 a minute per member), for HOSTILE_SECONDS alone, then as long again with 200
// hostile clients running flat out in a process of their own (hostile-load.mjs): non-members
// hammering every route, accounts flooding past their rate, staff members sending broken and
// refused requests, owners of shops of their own pushing dense JSON near the limits, and members
// opening and dropping event streams (storms of twelve at once now and then). The honest pushes'
// p99 without and with them, the copy's peak resident memory, and every answer by status.
import { spawn } from 'node:child_process';
import { loadavg, setPriority } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { quantile, round } from '../lib/figures.mjs';
import { createDatabase } from '../postgres.mjs';
import { cpuSecondsOf, statusKb } from './memory-and-cpu.mjs';
import { startServer } from './processes.mjs';
import { addAdmins, seedClientOrders, setUpShop } from './push.mjs';
import { api, benchUser, request, tokenFor } from './requests.mjs';
import { MEMBERS, ROOT, WARMUP_MS, log } from './settings.mjs';

export const HOSTILE_SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 60);
if (!(HOSTILE_SECONDS >= 0)) throw new Error('BENCH_HOSTILE_SECONDS must be a number of seconds (0 leaves the phase out)');
/**
 * The attackers' process's niceness (0–19; 0, as the others, by default). On one machine the load
 * generator's own CPU competes with the copy's: at 19 it gets only what the copy, PostgreSQL and
 * the honest clients leave, as attackers on machines of their own would take none of it.
 */
export const HOSTILE_NICE = Number(process.env.BENCH_HOSTILE_NICE ?? 0);
if (!(Number.isInteger(HOSTILE_NICE) && HOSTILE_NICE >= 0 && HOSTILE_NICE <= 19)) throw new Error('BENCH_HOSTILE_NICE must be a whole number from 0 to 19');
export const HOSTILE_GOALS = { honestP99Ratio: 3, serverRssMB: 250, fiveXx: 0 };

const HONEST_CLIENTS = 20;
const HONEST_INTERVAL_MS = 250;
/** The attackers: 50 + 3×10 + 8×5 + 8×5 + 8×5 = 200 clients. */
const HOSTILE = { nonMembers: 50, flooders: 3, loopsPerFlooder: 10, staff: 8, loopsPerStaff: 5, denseOwners: 8, loopsPerDense: 5, viewers: 8, loopsPerViewer: 5 };

const userBody = (client, n) => ({ name: `Honest ${client}-${n}`, email: `honest.${client}.${n}@example.com`, role: 'Tester', status: 'verified', address: 'Norway', phone: '+47 555 01 234' });

/** The PostgreSQL backends serving `database` (the bench's clusters and any other on the machine left out). */
function backendsOf(database) {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(`postgres: postgres ${database} `);
      } catch {
        return false;
      }
    });
}

/** CPU seconds each group of processes spends from now until `stop()` (processes that end meanwhile leave their part out). */
function cpuMeter(groups) {
  const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]))]));
  return () =>
    Object.fromEntries(
      Object.entries(before).map(([name, pids]) => {
        let used = 0;
        for (const [pid, was] of pids) {
          const now = cpuSecondsOf(pid);
          if (now >= was) used += now - was;
        }
        return [name, round(used, 1)];
      }),
    );
}

const tally = (counts, status) => {
  const key = status === 0 ? 'network' : String(status);
  counts[key] = (counts[key] ?? 0) + 1;
};

/** Members of `shopId` in `role`, invited by the owner and accepted. */
async function addMembers(port, owner, shopId, names, role) {
  const users = names.map((name) => benchUser(name));
  for (const user of users) {
    const invited = await api(port, 'POST', `/v1/shops/${shopId}/members`, owner, { email: user.email, role });
    await api(port, 'POST', `/v1/invitations/${invited.json.invitation.id}/accept`, user);
  }
  return users;
}

/** Starts the attackers' process; resolves once its loops run, with a promise of its JSON summary. */
function startAttackers(config) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/bench-server/hostile-load.mjs'], { cwd: ROOT, env: { ...process.env, HOSTILE_LOAD: JSON.stringify(config) }, stdio: ['ignore', 'pipe', 'pipe'] });
    if (HOSTILE_NICE) setPriority(child.pid, HOSTILE_NICE);
    let output = '';
    let ready = false;
    const summary = new Promise((resolveSummary, rejectSummary) => {
      child.on('exit', (code) => {
        const last = output.trim().split('\n').pop() ?? '';
        if (code === 0 && last.startsWith('{')) resolveSummary(JSON.parse(last));
        else rejectSummary(new Error(`the attackers' process ended (${code}): ${output.slice(-2000)}`));
      });
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!ready && /^ready/m.test(output)) {
        ready = true;
        resolve({ child, summary, line: /^ready.*$/m.exec(output)[0] });
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      if (!ready) reject(new Error(`the attackers' process ended before it was ready (${code}): ${output.slice(-2000)}`));
    });
    process.on('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  });
}

export async function hostilePhase(adminUrl, stubHost) {
  const databaseUrl = await createDatabase(adminUrl, 'shop_bench_hostile');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {});
  // The real rates (unset: 1,200 requests and 96 MiB of body estimate a minute per user), unlike the other copies.
  const server = await startServer('server H (hostile phase)', databaseUrl, stubHost, ROOT, { SHOP_SERVER_REQUESTS_PER_MINUTE: '', SHOP_SERVER_BODY_BYTES_PER_MINUTE: '' });
  const pid = server.child.pid;
  let rssPeakKb = 0;
  const sampler = setInterval(() => (rssPeakKb = Math.max(rssPeakKb, statusKb(pid, 'VmRSS'))), 100);
  let attackers;
  try {
    const owner = benchUser('hostile-owner');
    const shopId = await setUpShop(server.port, owner, 'Bench Hostile Shop');
    const members = [owner, ...(await addAdmins(server.port, owner, shopId, MEMBERS - 1))];
    const orderIds = await seedClientOrders(server.port, owner, shopId, HONEST_CLIENTS);
    const staff = await addMembers(server.port, owner, shopId, Array.from({ length: HOSTILE.staff }, (_, i) => `hostile-staff-${i}`), 'staff');
    const viewers = await addMembers(server.port, owner, shopId, Array.from({ length: HOSTILE.viewers }, (_, i) => `hostile-viewer-${i}`), 'viewer');
    const denseOwners = [];
    for (let i = 0; i < HOSTILE.denseOwners; i++) {
      const user = benchUser(`hostile-dense-${i}`);
      denseOwners.push({ user, shopId: await setUpShop(server.port, user, `Dense ${i}`) });
    }

    // The honest clients, all along; a push's latency counted in a window when it starts and ends in it.
    const clients = Array.from({ length: HONEST_CLIENTS }, (_, i) => ({ clientId: `honest-${i}`, user: members[i % members.length], orderId: orderIds[i], status: 'new', next: 1 }));
    const windows = { unloaded: { latencies: [], answers: {}, applied: 0 }, loaded: { latencies: [], answers: {}, applied: 0 } };
    const honestAnswers = {};
    const honestProblems = [];
    let window = null;
    let stop = false;
    const honest = async (c) => {
      while (!stop) {
        const started = performance.now();
        const id = c.next;
        const isStatus = id % 2 === 1;
        const to = c.status === 'new' ? 'pending' : 'new';
        const mutation = isStatus ? { id, name: 'PATCH /api/orders', query: { id: String(c.orderId) }, body: { status: to } } : { id, name: 'POST /api/users', query: {}, body: userBody(c.clientId, id) };
        const current = window && windows[window];
        let answer;
        try {
          answer = await request(server.port, 'POST', `/v1/shops/${shopId}/push`, tokenFor(c.user), { clientId: c.clientId, mutations: [mutation] });
        } catch (error) {
          answer = { status: 0, text: error.message, ms: performance.now() - started };
        }
        tally(honestAnswers, answer.status);
        if (current && current === (window && windows[window])) {
          current.latencies.push(answer.ms);
          tally(current.answers, answer.status);
        }
        if (answer.status === 200) {
          // Answered: the next id comes next whatever the outcome, as a device does.
          c.next++;
          const result = JSON.parse(answer.text).results[0];
          if (result?.status === 'applied') {
            if (isStatus) c.status = to;
            if (current) current.applied++;
          } else honestProblems.push(`${c.clientId}#${id}: ${JSON.stringify(result).slice(0, 200)}`);
        } else honestProblems.push(`${c.clientId}#${id}: ${answer.status} ${answer.text.slice(0, 200)}`);
        const wait = HONEST_INTERVAL_MS - (performance.now() - started);
        if (wait > 0) await sleep(wait);
      }
    };
    const running = clients.map(honest);

    log(`hostile: ${HONEST_CLIENTS} honest clients alone for ${HOSTILE_SECONDS} s`);
    await sleep(WARMUP_MS);
    window = 'unloaded';
    await sleep(HOSTILE_SECONDS * 1000);
    window = null;
    // The machine's one-minute load average at the end of each window (other work on it shows here).
    const loadAverage = { unloaded: round(loadavg()[0], 2), loaded: 0 };

    const config = {
      port: server.port,
      shopId,
      ownerUid: owner.uid,
      // Run until the loaded window has ended: warm-up, the window, a second to spare.
      seconds: WARMUP_MS / 1000 + HOSTILE_SECONDS + 1,
      nonMembers: Array.from({ length: HOSTILE.nonMembers }, (_, i) => benchUser(`stranger-${i}`)),
      flooders: Array.from({ length: HOSTILE.flooders }, (_, i) => benchUser(`flooder-${i}`)),
      loopsPerFlooder: HOSTILE.loopsPerFlooder,
      staff,
      loopsPerStaff: HOSTILE.loopsPerStaff,
      denseOwners,
      loopsPerDense: HOSTILE.loopsPerDense,
      viewers,
      loopsPerViewer: HOSTILE.loopsPerViewer,
    };
    attackers = await startAttackers(config);
    log(`hostile: attackers ${attackers.line}; the honest clients with them for ${HOSTILE_SECONDS} s`);
    await sleep(WARMUP_MS);
    window = 'loaded';
    const cpu = cpuMeter({ server: [pid], postgres: backendsOf('shop_bench_hostile'), honestClients: [process.pid], hostileClients: [attackers.child.pid] });
    await sleep(HOSTILE_SECONDS * 1000);
    const cpuUsed = cpu();
    window = null;
    loadAverage.loaded = round(loadavg()[0], 2);
    const summary = await attackers.summary;
    stop = true;
    await Promise.all(running);

    // The honest clients' writes, against the database: each client's last id is what it was answered.
    const last = await db.query('SELECT client_id, last_mutation_id FROM clients WHERE shop_id = $1 AND client_id LIKE $2', [shopId, 'honest-%']);
    const lastById = new Map(last.rows.map((r) => [r.client_id, Number(r.last_mutation_id)]));
    for (const c of clients) if ((lastById.get(c.clientId) ?? 0) !== c.next - 1) honestProblems.push(`${c.clientId}: last_mutation_id ${lastById.get(c.clientId)} ≠ ${c.next - 1} answered`);

    const hostileAnswers = {};
    for (const byStatus of Object.values(summary.byKind)) for (const [status, n] of Object.entries(byStatus)) hostileAnswers[status] = (hostileAnswers[status] ?? 0) + n;
    const fiveXx = [honestAnswers, hostileAnswers].reduce((n, answers) => n + Object.entries(answers).reduce((m, [status, k]) => m + (Number(status) >= 500 ? k : 0), 0), 0);
    const p99 = (name) => round(quantile(windows[name].latencies, 0.99));
    const p50 = (name) => round(quantile(windows[name].latencies, 0.5));
    const ratio = p99('unloaded') ? round(p99('loaded') / p99('unloaded'), 2) : null;
    clearInterval(sampler);
    const rssMB = round(Math.max(rssPeakKb, statusKb(pid, 'VmHWM')) / 1024);
    const exited = server.child.exitCode !== null || server.child.signalCode !== null;
    if (exited) log(`hostile: the server copy ended during the phase (${server.child.exitCode ?? server.child.signalCode}):`, server.output().slice(-3000));
    if (honestProblems.length) log('hostile: honest problems:', honestProblems.slice(0, 5));
    return {
      hostileHonestP99UnloadedMs: p99('unloaded'),
      hostileHonestP99LoadedMs: p99('loaded'),
      hostileHonestP99Ratio: ratio,
      hostileHonestP50UnloadedMs: p50('unloaded'),
      hostileHonestP50LoadedMs: p50('loaded'),
      hostileServerRssMB: rssMB,
      hostile5xx: fiveXx,
      hostileServerEnded: exited,
      hostileHonestApplied: { unloaded: windows.unloaded.applied, loaded: windows.loaded.applied },
      hostileHonestErrors: honestProblems.length,
      hostileHonestErrorSamples: honestProblems.slice(0, 3),
      hostileAnswers: { honest: honestAnswers, hostile: hostileAnswers, hostileByKind: summary.byKind },
      // During the loaded window: the copy, its database's backends, this process (the honest clients), the attackers' process.
      hostileCpuSeconds: cpuUsed,
      hostileClients: summary.clients,
      hostileRequests: Object.values(hostileAnswers).reduce((sum, n) => sum + n, 0),
      hostileAttackersNice: HOSTILE_NICE,
      hostileLoadAverage: loadAverage,
      hostileSeconds: HOSTILE_SECONDS,
      hostileGoalsMet: {
        honestP99Ratio: ratio !== null && ratio <= HOSTILE_GOALS.honestP99Ratio,
        serverRssMB: rssMB <= HOSTILE_GOALS.serverRssMB,
        no5xx: fiveXx === HOSTILE_GOALS.fiveXx,
        honestErrors: honestProblems.length === 0,
        serverUp: !exited,
      },
    };
  } finally {
    clearInterval(sampler);
    if (attackers?.child.exitCode === null) attackers.child.kill('SIGKILL');
    server.child.kill('SIGTERM');
    await db.end();
  }
}
