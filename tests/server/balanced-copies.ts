import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startHaproxy } from '../../scripts/lib/haproxy.mjs';
import { createDatabase, startPostgres, stopPostgres } from '../../scripts/postgres.mjs';
import { freePort, ServerProcess } from './server-process';
import { startAuthEmulatorStub } from './support';

/** Two server copies on one PostgreSQL behind HAProxy, with a pool of its own on that database. */
export interface BalancedCopies {
  db: pg.Pool;
  a: ServerProcess;
  b: ServerProcess;
  balancer: Awaited<ReturnType<typeof startHaproxy>>;
}

/**
 * Starts, for the test file that calls it, a PostgreSQL of its own (`.data/postgres-<name>-<pid>`),
 * an Auth emulator stub, two server copies and HAProxy in front of them (scripts/lib/haproxy.mjs,
 * as `npm run start:cluster` runs them), and stops and removes them all after the file. The
 * returned object is filled in once `beforeAll` has run.
 */
export function useBalancedCopies(name: string, startTimeoutMs = 120_000): BalancedCopies {
  const dataDir = resolve(`.data/postgres-${name}-${process.pid}`);
  const haproxyDir = resolve(`.data/haproxy-${name}-${process.pid}`);
  const copies = {} as BalancedCopies;
  let stub: Awaited<ReturnType<typeof startAuthEmulatorStub>> | undefined;

  beforeAll(async () => {
    const postgres = (await startPostgres({ dataDir, port: await freePort(), own: true })) as { url: string };
    const databaseUrl = await createDatabase(postgres.url, name);
    copies.db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    copies.db.on('error', () => {});
    stub = await startAuthEmulatorStub();
    copies.a = new ServerProcess(await freePort(), databaseUrl, stub.host);
    copies.b = new ServerProcess(await freePort(), databaseUrl, stub.host);
    await Promise.all([copies.a.start(), copies.b.start()]);
    copies.balancer = await startHaproxy({ port: await freePort(), copies: [{ port: copies.a.port }, { port: copies.b.port }], dir: haproxyDir });
  }, startTimeoutMs);

  afterAll(async () => {
    await copies.balancer?.stop();
    await copies.a?.stop();
    await copies.b?.stop();
    await copies.db?.end().catch(() => {});
    await stub?.close();
    try {
      stopPostgres({ dataDir, mode: 'immediate' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(haproxyDir, { recursive: true, force: true });
    }
  }, 60_000);

  return copies;
}
