// A PostgreSQL for the shop server (docs/sync.md, "Running it"): DATABASE_URL when set, else a
// server started from this machine's PostgreSQL binaries in a data directory of the project's
// (.data/postgres…, gitignored) on its own port, installing Debian's `postgresql` package when
// the binaries are missing (as ensure-browser.mjs does for Chromium). Used as a library (vitest's
// globalSetup, start-team.mjs) and from the command line:
//   node scripts/postgres.mjs start|stop|url   (PG_DATA_DIR, PG_PORT move it)
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/ports.mjs';

export const DEFAULT_DATA_DIR = resolve('.data/postgres');
export const DEFAULT_PORT = 54320;

const isRoot = () => userInfo().uid === 0;

/** The directory holding initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/N/bin (newest). */
function findBinaries() {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (onPath && existsSync(join(onPath, '..', 'initdb'))) return resolve(onPath, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

function ensureBinaries() {
  let bin = findBinaries();
  if (bin) return bin;
  console.error('[postgres] binaries missing: apt-get install -y postgresql');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'inherit', env });
  bin = findBinaries();
  if (!bin) throw new Error('PostgreSQL binaries still missing after apt-get install postgresql');
  return bin;
}

/** As root, PostgreSQL's tools refuse to run: they run as the `postgres` user, owner of the data directory. */
function run(bin, tool, args, options = {}) {
  const command = join(bin, tool);
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

function isRunning(bin, dataDir) {
  try {
    run(bin, 'pg_ctl', ['status', '-D', dataDir]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts (or reuses) the project's PostgreSQL and answers its URL (database `postgres`,
 * user `postgres`, trust auth on 127.0.0.1 only) and a stop function (a no-op for DATABASE_URL
 * or a server this call did not start).
 */
export async function startPostgres({ dataDir = process.env.PG_DATA_DIR || DEFAULT_DATA_DIR, port = Number(process.env.PG_PORT || DEFAULT_PORT), own = false } = {}) {
  // `own`: a server of this data directory even when DATABASE_URL is set (a test that stops and starts it).
  if (process.env.DATABASE_URL && !own) return { url: process.env.DATABASE_URL, started: false, stop: async () => {} };
  const bin = ensureBinaries();
  dataDir = resolve(dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // The parent stays traversable: as root, the server runs as `postgres`.
    mkdirSync(resolve(dataDir, '..'), { recursive: true, mode: 0o755 });
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (isRoot()) {
      const { uid, gid } = postgresUser();
      chownSync(dataDir, uid, gid);
    }
    run(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  }
  // Already running (an earlier run): its port is in postmaster.pid (4th line).
  if (isRunning(bin, dataDir)) {
    const running = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return { url: urlFor(running), started: false, stop: async () => {} };
  }
  // Another checkout's PostgreSQL may hold the port: then any free one.
  if (!(await isFree(port))) {
    const wanted = port;
    port = await freePort();
    console.error(`[postgres] port ${wanted} is taken: using ${port}`);
  }
  const url = urlFor(port);
  // fsync off: a test or demo database, never the server of record (that is DATABASE_URL); it
  // survives PostgreSQL's own crash or immediate stop (the OS still has the pages), not the
  // machine's. synchronous_commit stays on: a commit answered is a commit kept, even then.
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  run(bin, 'pg_ctl', ['-w', '-t', '60', '-D', dataDir, '-l', join(dataDir, 'server.log'), '-o', options, 'start']);
  return {
    url,
    started: true,
    stop: async () => stopPostgres({ dataDir }),
  };
}

const urlFor = (port) => `postgres://postgres@127.0.0.1:${port}/postgres`;

function isFree(port) {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolvePort(true)));
  });
}

export function stopPostgres({ dataDir = process.env.PG_DATA_DIR || DEFAULT_DATA_DIR, mode = 'fast' } = {}) {
  const bin = ensureBinaries();
  if (isRunning(bin, resolve(dataDir))) run(bin, 'pg_ctl', ['-w', '-D', resolve(dataDir), '-m', mode, 'stop']);
}

function postgresUser() {
  const line = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).trim();
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Creates (or recreates) database `name` on the server at `url` and answers its URL. */
export async function createDatabase(url, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Creates database `name` when it does not exist yet (kept across runs) and answers its URL. */
export async function ensureDatabase(url, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'start' || command === 'url') {
    const { url } = await startPostgres();
    console.log(url);
  } else if (command === 'stop') {
    stopPostgres();
  } else {
    console.error('usage: node scripts/postgres.mjs start|stop|url');
    process.exit(2);
  }
}
