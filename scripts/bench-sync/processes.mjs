// bench-sync's processes: the shop server and the two builds' previews, all stopped when the bench ends.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { answers, childProcesses } from '../lib/child-processes.mjs';
import { SERVER_NODE_ARGS } from '../lib/server-command.mjs';
import { EMULATOR, PROJECT_ID } from './settings.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const children = childProcesses({ exitSignal: 'SIGTERM' });
const start = (name, command, args, env, ready) => children.start(name, command, args, { env, ready, timeoutMs: 90_000, pollMs: 200 });

/** Stops the server and the previews. */
export const stopChildren = () => children.stopAll();

export async function startServer(databaseUrl, port, corsOrigins) {
  const env = {
    DATABASE_URL: databaseUrl,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    SHOP_SERVER_AUTH_EMULATOR: '1',
    SHOP_SERVER_PORT: String(port),
    SHOP_SERVER_HOST: '127.0.0.1',
    SHOP_SERVER_CORS_ORIGINS: corsOrigins.join(','),
    // The bench loads 100,000 orders in a few seconds: far past one person's fair share of body
    // bytes a minute (docs/security.md, "Limits"), which is not what it measures.
    SHOP_SERVER_BODY_BYTES_PER_MINUTE: String(2 ** 40),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    NODE_ENV: 'production',
  };
  const url = `http://127.0.0.1:${port}`;
  await start('shop server', process.execPath, SERVER_NODE_ARGS, env, async () => {
    try {
      const res = await fetch(`${url}/healthz`);
      return res.ok && (await res.json()).database === 'up';
    } catch {
      return false;
    }
  });
  return url;
}

/** `vite build` into `outDir` with these VITE_* settings (a few seconds). */
export function build(outDir, env) {
  execFileSync(`${ROOT}node_modules/.bin/vite`, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_FIREBASE_AUTH_EMULATOR_URL: EMULATOR, VITE_SHOP_SERVER_URL: '', ...env },
  });
}

export async function preview(outDir, port) {
  const url = `http://localhost:${port}`;
  await start(`vite preview of ${outDir}`, `${ROOT}node_modules/.bin/vite`, ['preview', '--outDir', outDir, '--port', String(port), '--strictPort'], {}, () => answers(url));
  return url;
}
