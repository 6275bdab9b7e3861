// The shop server of the e2e project "team" (a Playwright webServer, inside the Auth emulator's
// run): PostgreSQL from scripts/postgres.mjs in a data directory and on a port of its own, a
// database made afresh, and the shop server (server/main.ts, scripts/server-copy.mjs) in emulator mode, allowing the
// team build's origin. SIGTERM/SIGINT stop the server, then the PostgreSQL this run started.
import { spawn } from 'node:child_process';
import { SERVER_NODE_ARGS } from './lib/server-command.mjs';
import { TEAM_APP_ORIGINS, TEAM_DATABASE, TEAM_PG_DATA_DIR, TEAM_PG_PORT, TEAM_SERVER_PORT } from './lib/e2e-team.mjs';
import { createDatabase, startPostgres } from './postgres.mjs';

if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error('[e2e-shop-server] FIREBASE_AUTH_EMULATOR_HOST is not set: run it inside node scripts/with-auth-emulator.mjs');
  process.exit(2);
}

// `own`: this run's PostgreSQL even when DATABASE_URL is set (that one may be a real server).
const postgres = await startPostgres({ dataDir: TEAM_PG_DATA_DIR, port: TEAM_PG_PORT, own: true });
const databaseUrl = await createDatabase(postgres.url, TEAM_DATABASE);

const server = spawn(process.execPath, SERVER_NODE_ARGS, {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SHOP_SERVER_PORT: String(TEAM_SERVER_PORT),
    SHOP_SERVER_CORS_ORIGINS: TEAM_APP_ORIGINS.join(','),
    FIREBASE_PROJECT_ID: 'demo-shop-admin',
    SHOP_SERVER_AUTH_EMULATOR: '1',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  },
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await postgres.stop();
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(0));
server.on('exit', (code) => void stop(code ?? 1));
