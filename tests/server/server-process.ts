import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_ARGS } from '../../scripts/lib/server-command.mjs';
import { PROJECT_ID, tokenFor, type TestUser } from './support';

export { freePort } from '../../scripts/lib/ports.mjs';

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The shop server as `npm run server` runs it (server/main.ts), in emulator mode, as a child process. */
export class ServerProcess {
  readonly url: string;
  private child: ChildProcess | undefined;
  output = '';
  constructor(
    readonly port: number,
    private readonly databaseUrl: string,
    private readonly authEmulatorHost: string,
    /** More settings of its environment (SHOP_SERVER_REQUESTS_PER_MINUTE, say), over the ones above. */
    private readonly env: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start() {
    this.output = '';
    const child = spawn(process.execPath, SERVER_NODE_ARGS, {
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        FIREBASE_PROJECT_ID: PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: this.authEmulatorHost,
        SHOP_SERVER_AUTH_EMULATOR: '1',
        SHOP_SERVER_PORT: String(this.port),
        SHOP_SERVER_HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (this.output += chunk));
    child.stderr!.on('data', (chunk) => (this.output += chunk));
    this.child = child;
    await until('the server to listen', async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${this.output}`);
      const response = await fetch(`${this.url}/healthz`);
      return response.ok ? true : undefined;
    });
  }

  /** The process's id while it runs (a drill checks the same process served before and after a fault). */
  get pid(): number | undefined {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  /** SIGKILL: no graceful stop, requests in flight cut off. */
  async kill() {
    const child = this.child!;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
  }

  async request(method: string, path: string, user?: TestUser, body?: unknown): Promise<{ status: number; body: Record<string, unknown> & { message?: string } }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { ...(user ? { authorization: `Bearer ${tokenFor(user)}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
}

