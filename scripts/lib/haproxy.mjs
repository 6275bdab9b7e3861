// HAProxy in front of several shop-server copies (docs/deploying.md): from this machine's
// package, installing Debian's `haproxy` with apt when it is missing (as postgres.mjs does for
// PostgreSQL). Used by `npm run start:cluster` and the balancer drill (tests/server/balancer-drill.test.ts).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The haproxy binary: on PATH, else installed with apt. */
export function ensureHaproxy() {
  const found = () => spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  let bin = found();
  if (bin) return bin;
  console.error('[haproxy] missing: apt-get install -y haproxy');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit', env });
  }
  bin = found();
  if (!bin) throw new Error('haproxy still missing after apt-get install haproxy');
  return bin;
}

/** `localhost` is both loopback addresses (a browser may resolve it to either), ::1 where the machine has it. */
function bindAddresses(host) {
  if (host !== 'localhost') return [host];
  const hasIpv6Loopback = Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => address.address === '::1'));
  return hasIpv6Loopback ? ['127.0.0.1', '[::1]'] : ['127.0.0.1'];
}

/**
 * The configuration: round robin over the copies, each checked on /healthz every second (out
 * after two failures, back after one success); a request whose copy refused the connection is
 * sent to another (`redispatch`); event streams are long-lived tunnels (an hour of silence at
 * most; the server's heartbeat is every 20 s). No stickiness: any copy serves any device, each
 * copy hears the others' writes through PostgreSQL's LISTEN/NOTIFY.
 */
export function haproxyConfig({ port, copies, host = '127.0.0.1', maxconn = 9000 }) {
  return `global
  # Each connection holds two descriptors (the device's and the copy's): 9,000 fit the 20,000
  # this machine's limit allows (ulimit -n); raise both for more open event streams.
  maxconn ${maxconn}

defaults
  mode http
  timeout connect 2s
  timeout client 70s
  timeout server 70s
  timeout tunnel 1h
  timeout http-request 60s
  retries 2
  option redispatch 1

frontend shop
${bindAddresses(host).map((address) => `  bind ${address}:${port}`).join('\n')}
  default_backend copies

backend copies
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
${copies.map((copy, i) => `  server copy${i + 1} ${copy.host ?? '127.0.0.1'}:${copy.port} check`).join('\n')}
`;
}

/**
 * Starts HAProxy in the foreground (its own process, stopped with the returned `stop`) on `port`
 * in front of `copies` ([{ port }]), its configuration written to `dir`. Resolves once it accepts
 * connections.
 */
export async function startHaproxy({ port, copies, dir = resolve('.data/haproxy'), host = '127.0.0.1', maxconn = undefined }) {
  const bin = ensureHaproxy();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `haproxy-${port}.cfg`);
  writeFileSync(file, haproxyConfig({ port, copies, host, ...(maxconn ? { maxconn } : {}) }));
  const child = spawn(bin, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-20_000)));
  const url = `http://${host === 'localhost' ? '127.0.0.1' : host}:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (waited > 15_000) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not answer in 15 s:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    },
  };
}
