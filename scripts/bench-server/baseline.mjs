// A baseline: the push phase against another commit's server, in the same run (before/after).
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { createDatabase } from '../postgres.mjs';
import { startServer } from './processes.mjs';
import { addAdmins, pushPhase, seedClientOrders, setUpShop } from './push.mjs';
import { benchUser } from './requests.mjs';
import { CLIENTS, MEMBERS, ROOT, SECONDS, log } from './settings.mjs';

/** server/, domain/ and seed/ of `ref` (git archive; the repository is not changed), runnable with this checkout's node_modules. */
function checkoutBaseline(ref) {
  const dir = `${ROOT}.bench/baseline`;
  execFileSync('rm', ['-rf', dir]);
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} server domain seed package.json tsconfig.base.json | tar -x -C ${JSON.stringify(dir)}`], { cwd: ROOT });
  execFileSync('ln', ['-s', `${ROOT}node_modules`, `${dir}/node_modules`]);
  return dir;
}

export async function baselinePush(ref, adminUrl, stubHost, cpuGroupsFor) {
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
