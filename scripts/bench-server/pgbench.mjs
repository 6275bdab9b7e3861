// 2. pgbench -b simple-update on a scratch database: the machine's ceiling for small write
// transactions, which the push is compared with.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { round } from '../lib/figures.mjs';
import { createDatabase } from '../postgres.mjs';
import { CLIENTS, SECONDS } from './settings.mjs';

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

export async function pgbenchPhase(adminUrl) {
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
