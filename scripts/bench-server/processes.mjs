// bench-server's processes: the Auth lookup stand-in and the shop servers, each its own process,
// all killed (SIGKILL) when the bench ends.
import { childProcesses } from '../lib/child-processes.mjs';
import { freePort } from '../lib/ports.mjs';
import { SERVER_NODE_ARGS } from '../lib/server-command.mjs';
import { request } from './requests.mjs';
import { LOG_LEVEL, PROJECT_ID, ROOT } from './settings.mjs';

const children = childProcesses({ exitSignal: 'SIGKILL' });

export async function startStub() {
  const { child, output } = await children.start('auth stand-in', process.execPath, ['scripts/lib/auth-lookup-stub.mjs'], { ready: (out) => /listening \d+/.test(out) });
  return { child, host: `127.0.0.1:${/listening (\d+)/.exec(output())[1]}` };
}

/** A server copy; `moreEnv` over its settings (the hostile phase's copy keeps the real rates: `SHOP_SERVER_REQUESTS_PER_MINUTE: ''`, `SHOP_SERVER_BODY_BYTES_PER_MINUTE: ''`). */
export async function startServer(name, databaseUrl, stubHost, cwd = ROOT, moreEnv = {}) {
  const port = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    SHOP_SERVER_AUTH_EMULATOR: '1',
    FIREBASE_AUTH_EMULATOR_HOST: stubHost,
    SHOP_SERVER_PORT: String(port),
    SHOP_SERVER_HOST: '127.0.0.1',
    // The bench's 10 members push as fast as 50 devices can: far past one person's fair rate
    // (docs/security.md, "Limits"), which is not what it measures.
    SHOP_SERVER_REQUESTS_PER_MINUTE: '1000000',
    // Nor its imports past one person's body bytes a minute.
    SHOP_SERVER_BODY_BYTES_PER_MINUTE: String(2 ** 40),
    LOG_LEVEL,
    NODE_ENV: 'production',
    ...moreEnv,
  };
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS || '').split(' ').filter(Boolean);
  const { child, output } = await children.start(name, process.execPath, [...nodeArgs, ...SERVER_NODE_ARGS], {
    env,
    cwd,
    ready: async () => {
      try {
        const answer = await request(port, 'GET', '/healthz');
        return answer.status === 200 && JSON.parse(answer.text).database === 'up';
      } catch {
        return false;
      }
    },
  });
  return { name, port, child, output };
}
