// `npm run start:team`: the app with a shop server (docs/sync.md, "Running it"):
//   PostgreSQL (DATABASE_URL, or the project's own from scripts/postgres.mjs, database shop_admin),
//   the Auth emulator with the demo account (scripts/with-auth-emulator.mjs),
//   the shop server on http://localhost:8787 (SHOP_SERVER_PORT) in emulator mode, the demo account
//   owning a seeded "Demo Shop" whose customer Kenji Watanabe is the demo customer account
//   (customer@shop-admin.test), and the app on http://localhost:4173 built to use that server.
// SHOP_SERVER_COPIES=2 (or more) runs that many server copies on the next ports, behind HAProxy on
// SHOP_SERVER_PORT (scripts/lib/haproxy.mjs; docs/deploying.md): `npm run start:cluster`.
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startHaproxy } from './lib/haproxy.mjs';
import { SERVER_NODE_ARGS } from './lib/server-command.mjs';
import { ensureDatabase, startPostgres } from './postgres.mjs';

const port = Number(process.env.SHOP_SERVER_PORT || 8787);
const copies = Math.max(1, Number(process.env.SHOP_SERVER_COPIES || 1));
const serverUrl = process.env.VITE_SHOP_SERVER_URL || `http://localhost:${port}`;

if (process.argv[2] !== '--inside') {
  const postgres = await startPostgres();
  const databaseUrl = process.env.DATABASE_URL || (await ensureDatabase(postgres.url, 'shop_admin'));
  console.log(`[start:team] PostgreSQL: ${databaseUrl}`);
  execSync('npx vite build', { stdio: 'inherit', env: { ...process.env, VITE_SHOP_SERVER_URL: serverUrl } });
  const child = spawn('node', ['scripts/with-auth-emulator.mjs', 'node scripts/start-team.mjs --inside'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl, VITE_SHOP_SERVER_URL: serverUrl },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', async (code) => {
    // The project's own PostgreSQL keeps running between runs (`node scripts/postgres.mjs stop` stops it).
    process.exit(code ?? 1);
  });
} else {
  // Inside the emulator run: FIREBASE_AUTH_EMULATOR_HOST is set by firebase emulators:exec.
  const accounts = JSON.parse(readFileSync('emulator/demo-data/auth_export/accounts.json', 'utf8')).users;
  const demo = accounts.find((account) => account.email === 'demo@shop-admin.test');
  // The demo customer signs in to the Demo Shop's portal as one of its customers (server/demo-shop.ts).
  const customer = accounts.find((account) => account.email === 'customer@shop-admin.test');
  // One copy on SHOP_SERVER_PORT; several on the ports after it, HAProxy on SHOP_SERVER_PORT in front.
  const copyPorts = copies === 1 ? [port] : Array.from({ length: copies }, (_, i) => port + 1 + i);
  const serverCopy = (copyPort, first) =>
    spawn(process.execPath, SERVER_NODE_ARGS, {
      stdio: 'inherit',
      env: {
        ...process.env,
        SHOP_SERVER_PORT: String(copyPort),
        FIREBASE_PROJECT_ID: 'demo-shop-admin',
        SHOP_SERVER_AUTH_EMULATOR: '1',
        // The Demo Shop and its customer are seeded once, by the first copy.
        ...(first ? { SHOP_SERVER_DEMO_OWNER: `${demo.localId} ${demo.email}`, SHOP_SERVER_DEMO_CUSTOMER: `${customer.localId} ${customer.email}` } : {}),
      },
    });
  // Vite itself, not through npx: a stop reaches it (npx left it serving).
  const children = [serverCopy(copyPorts[0], true), spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', '4173', '--strictPort'], { stdio: 'inherit' })];
  if (copies > 1) {
    await waitForHealth(copyPorts[0]);
    for (const copyPort of copyPorts.slice(1)) children.push(serverCopy(copyPort, false));
    await Promise.all(copyPorts.map(waitForHealth));
    const balancer = await startHaproxy({ port, copies: copyPorts.map((copyPort) => ({ port: copyPort })), host: 'localhost' });
    children.push(balancer.child);
    console.log(`[start:team] ${copies} server copies (ports ${copyPorts.join(', ')}) behind HAProxy on ${balancer.url}`);
  }
  const stop = (signal) => children.forEach((child) => child.exitCode === null && child.kill(signal));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
  for (const child of children) child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 1;
  });
}

/** Resolves once the copy on `copyPort` answers its health check. */
async function waitForHealth(copyPort) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    try {
      if ((await fetch(`http://127.0.0.1:${copyPort}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the server copy on port ${copyPort} did not start`);
}
