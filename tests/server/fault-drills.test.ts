/**
 * Fault drills against the real server process(es) (`npm run server`'s command) and a PostgreSQL
 * of this file's own (its own data directory and port: stopping it disturbs no other test file).
 * Devices are played as the service worker behaves (drill-devices.ts): a push without an answer,
 * or answered 503, is resent as it was until it is answered 200 (what the server applied before
 * is then `skipped`); event streams are read with fetch and reopened after the server's `retry:`,
 * on the next server copy when this one refuses the connection (a load balancer's part; with a
 * real one: balancer-drill.test.ts).
 *
 * 1. PostgreSQL restarted (`pg_ctl -m immediate`, started again ~2 s later) while 100 event
 *    streams are open on one server process and 5 devices push batches of 20 mutations.
 * 2. One of two server copies on one database SIGKILLed in the middle of pushes; the devices and
 *    their streams move to the other copy.
 * 3. The database unable to take writes for a moment:
 *    - read-only (`ALTER DATABASE … SET default_transaction_read_only = on`, the server's
 *      connections terminated so that new ones are read-only), then writable again (`RESET`);
 *    - full: the shop database's tables moved to a tablespace on a small tmpfs, filled up with a
 *      file, then the file removed (needs root with CAP_SYS_ADMIN, to mount the tmpfs).
 *
 * Each drill checks every mutation applied exactly once (the clients' last ids, one audit line
 * each, one user each, the shop's version), every answer while the database was away a 503 with
 * a JSON message and Retry-After (never a 500), and the same server process working afterwards.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startPostgres, stopPostgres } from '../../scripts/postgres.mjs';
import { allAt, appliedSoFar, describeAnswer, Device, expectEachAppliedOnce, expectNothingRecordedPast, expectRetryLater, lagging, openStreams, pullAll, pushThroughAKill, RESEND_MS, send, shopVersion, sum, team, type Answer, type PushResult } from './drill-devices';
import { freePort, ServerProcess, sleep, until } from './server-process';
import { startAuthEmulatorStub } from './support';

const DATA_DIR = resolve(`.data/postgres-drills-${process.pid}`);
const DATABASE = 'drills';

let pgPort: number;
let adminUrl: string;
let databaseUrl: string;
/** The drills' own reads of the shop database (its connections die with PostgreSQL; the pool makes new ones). */
let db: pg.Pool;
let stub: Awaited<ReturnType<typeof startAuthEmulatorStub>>;
/** Two copies of the server on the one database. */
let a: ServerProcess;
let b: ServerProcess;
let tmpfsDir: string | undefined;

beforeAll(async () => {
  pgPort = await freePort();
  const postgres = (await startPostgres({ dataDir: DATA_DIR, port: pgPort, own: true })) as { url: string };
  adminUrl = postgres.url;
  pgPort = Number(new URL(adminUrl).port);
  databaseUrl = await createDatabase(adminUrl, DATABASE);
  db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  db.on('error', () => {});
  stub = await startAuthEmulatorStub();
  a = new ServerProcess(await freePort(), databaseUrl, stub.host);
  b = new ServerProcess(await freePort(), databaseUrl, stub.host);
  // Both migrate at start, one after the other under the migrations' advisory lock.
  await Promise.all([a.start(), b.start()]);
}, 120_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await db?.end().catch(() => {});
  await stub?.close();
  try {
    stopPostgres({ dataDir: DATA_DIR, mode: 'immediate' });
  } finally {
    rmSync(DATA_DIR, { recursive: true, force: true });
    if (tmpfsDir) unmount(tmpfsDir);
  }
}, 60_000);

// --- PostgreSQL's administration ---------------------------------------------------------------

async function onAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Terminates every connection to the shop database but the caller's (the servers' pools and LISTEN connections included). */
const terminateBackends = (client: pg.Client) =>
  client.query<{ n: number }>('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [DATABASE]);

function unmount(dir: string) {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch {
    try {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    } catch {
      // Not mounted.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------

describe('drill 1: PostgreSQL restarted while 100 event streams are open and pushes are in flight', () => {
  it('every pushed mutation applied once after resends, 503s (never 500s) while it was down, every stream at the final version, the same server process', async () => {
    const pid = a.pid;
    const shop = await team(a, 'Restart drill', 4, 5);
    const streams = await openStreams(100, [a], shop.shopId, shop.members);
    const devices = [shop.owner, ...shop.admins].map((user, i) => new Device(`restart-${i + 1}`, user, shop.shopId, [a]));
    const batches = 8;
    const size = 20;
    const total = devices.length * batches * size;
    let down = false;
    try {
      const pushing = Promise.all(devices.map((d) => d.push(batches, size)));
      pushing.catch(() => {}); // Awaited below; a failure must not go unhandled meanwhile.

      // In the middle of the pushes: PostgreSQL stopped at once (no shutdown checkpoint, connections cut).
      const before = await until('a quarter of the mutations to be applied', async () => {
        const applied = await appliedSoFar(db, shop.shopId);
        return applied >= total / 4 ? applied : undefined;
      });
      stopPostgres({ dataDir: DATA_DIR, mode: 'immediate' });
      down = true;
      const stoppedAt = Date.now();

      // While it is down: reads and a new event stream are 503s with a message too.
      const probes = [
        await send(a, 'POST', `/v1/shops/${shop.shopId}/pull`, shop.owner, { clientId: 'restart-1', cookie: 0 }),
        await send(a, 'GET', '/v1/shops', shop.viewers[0]),
        await send(a, 'GET', `/v1/shops/${shop.shopId}/events`, shop.viewers[0]),
      ];
      const health = await send(a, 'GET', '/healthz');
      await sleep(Math.max(0, 2_000 - (Date.now() - stoppedAt)));
      await startPostgres({ dataDir: DATA_DIR, port: pgPort, own: true });
      down = false;
      await pushing;

      for (const [i, probe] of probes.entries()) expectRetryLater(probe, `probe ${i} while PostgreSQL was down`, /database/i);
      expect(health).toMatchObject({ status: 200, body: { ok: true, database: 'down' } });
      const failures = devices.flatMap((d) => d.failures);
      for (const failure of failures) expectRetryLater(failure, 'a push while PostgreSQL was down', /database/i);
      expect(failures.length, 'pushes answered while PostgreSQL was down').toBeGreaterThan(0);
      expect(sum(devices.map((d) => d.networkErrors)), 'pushes the server never answered').toBe(0);

      // Every mutation once, though pushes were cut and resent.
      expect(before).toBeLessThan(total);
      expect(await expectEachAppliedOnce(db, shop.shopId, devices)).toBe(total);

      // Every stream: still open (or reopened), and announced the final version, which was
      // committed after the restart (the stop came before the last quarter).
      await until('every stream to announce the final version', allAt(streams, total), 15_000).catch(() => {
        throw new Error(`streams not at ${total}: ${lagging(streams, total).join(' | ')}`);
      });
      expect(streams.filter((s) => !s.open).length, 'streams closed at the end').toBe(0);
      expect(streams.filter((s) => s.wentBack).length, 'streams whose version went back').toBe(0);

      // The server's LISTEN connection is back: a write committed by the other copy reaches all
      // 100 streams of this one only through PostgreSQL's NOTIFY.
      const witness = new Device('restart-witness', shop.owner, shop.shopId, [b]);
      await witness.push(1, 1);
      await until('every stream to hear the other copy’s write', allAt(streams, total + 1), 15_000).catch(() => {
        throw new Error(`streams not at ${total + 1}: ${lagging(streams, total + 1).join(' | ')}`);
      });

      // The same process, working.
      expect(a.pid).toBe(pid);
      expect((await send(a, 'GET', '/healthz')).body).toEqual({ ok: true, database: 'up' });
      console.info(
        `[drill 1] ${total} mutations from ${devices.length} devices, ${before} applied when PostgreSQL stopped; ` +
          `${failures.length} pushes answered 503 (statuses ${[...new Set(failures.map((f) => f.status))].join(',')}), ${sum(devices.map((d) => d.skipped))} resent mutations skipped; ` +
          `streams: ${streams.filter((s) => s.opens === 1).length} of ${streams.length} stayed open, ${sum(streams.map((s) => s.drops))} dropped and reopened, all at ${total} then ${total + 1}`,
      );
    } finally {
      if (down) await startPostgres({ dataDir: DATA_DIR, port: pgPort, own: true });
      streams.forEach((s) => s.close());
    }
  }, 120_000);
});

describe('drill 2: a server copy killed while a second copy serves the same database', () => {
  it('the devices move to the other copy, resend what was not answered and converge: every mutation once, every stream at the final version there, a full pull holds every record', async () => {
    const shop = await team(a, 'Failover drill', 4, 5);
    const streams = await openStreams(20, [a, b], shop.shopId, shop.members);
    expect(streams.every((s) => s.server === a.url)).toBe(true);
    const devices = [shop.owner, ...shop.admins].map((user, i) => new Device(`failover-${i + 1}`, user, shop.shopId, [a, b]));
    try {
      const { before, total } = await pushThroughAKill(db, shop.shopId, devices, () => a.kill());
      expect(before).toBeLessThan(total);
      const cut = sum(devices.map((d) => d.networkErrors));
      expect(cut, 'pushes cut off by the kill').toBeGreaterThan(0);
      for (const failure of devices.flatMap((d) => d.failures)) expectRetryLater(failure, 'a push answered with an error');
      expect(devices.every((d) => d.server === b)).toBe(true);
      expect(await expectEachAppliedOnce(db, shop.shopId, devices)).toBe(total);

      // Every stream reopened on B and announces the final version there.
      await until('every stream to announce the final version on the other copy', allAt(streams, total), 20_000).catch(() => {
        throw new Error(`streams not at ${total}: ${lagging(streams, total).join(' | ')}`);
      });
      expect(streams.filter((s) => !s.open || s.server !== b.url).length, 'streams not open on the other copy').toBe(0);
      expect(streams.filter((s) => s.opens < 2).length, 'streams never reopened').toBe(0);
      expect(streams.filter((s) => s.wentBack).length, 'streams whose version went back').toBe(0);

      // A new device's first pull on B: every record, at the final version.
      const pulled = await pullAll(b, shop.owner, shop.shopId, 'failover-new-device');
      expect(pulled.cookie).toBe(total);
      expect(pulled.records.filter((r) => r.kind !== 'users')).toEqual([]);
      expect(pulled.records.map((r) => (r.record as { email: string }).email).sort()).toEqual(devices.flatMap((d) => d.expectedEmails).sort());
      expect(new Set(pulled.records.map((r) => r.version)).size, 'one version per mutation').toBe(total);
      expect(pulled.lastMutationIds).toMatchObject({ 'failover-1': total / devices.length });
      console.info(
        `[drill 2] ${total} mutations from ${devices.length} devices, ${before} applied on A when it was killed; ${cut} pushes cut off and resent to B, ` +
          `${sum(devices.map((d) => d.skipped))} resent mutations skipped (applied by A before the kill); ${streams.length} streams reopened on B, all at ${total}; ` +
          `a pull from 0 on B: ${pulled.records.length} records`,
      );
    } finally {
      streams.forEach((s) => s.close());
    }
  }, 120_000);
});

describe('drill 3: the database unable to take writes for a moment', () => {
  it('read-only: pushes answered 503 with Retry-After and nothing recorded, reads still answered; writable again, the same process applies the resent pushes', async () => {
    const pid = b.pid;
    const shop = await team(b, 'Read-only drill', 1, 1);
    const device = new Device('read-only-1', shop.admins[0]!, shop.shopId, [b]);
    await device.push(1, 5);
    const [stream] = await openStreams(1, [b], shop.shopId, [shop.viewers[0]!]);
    const mutations = device.batch(6, 5);
    let readOnly = false;
    try {
      await onAdmin(adminUrl, async (client) => {
        await client.query(`ALTER DATABASE ${DATABASE} SET default_transaction_read_only = on`);
        await terminateBackends(client);
      });
      readOnly = true;
      // A new session is read-only now.
      expect(await onAdmin(databaseUrl, async (client) => (await client.query<{ r: string }>("SELECT current_setting('default_transaction_read_only') AS r")).rows[0]!.r)).toBe('on');

      // Pushes: the first may meet a connection the termination cut (503 too); then read-only ones.
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i++) answers.push(await send(b, 'POST', `/v1/shops/${shop.shopId}/push`, shop.admins[0], { clientId: device.clientId, mutations }));
      for (const answer of answers) expectRetryLater(answer, 'a push while the database is read-only');
      // The server met the read-only refusal itself (not only cut connections): its log says so.
      await until('the server to log the read-only refusal', async () => (/read-only transaction/.test(b.output) ? true : undefined), 5_000);
      // Not recorded, as applied or as refused: the mutations are still to be applied.
      await expectNothingRecordedPast(db, shop.shopId, [{ clientId: device.clientId, next: 6 }]);
      // A shop cannot be created either; the same answer.
      expectRetryLater(await send(b, 'POST', '/v1/shops', shop.owner, { name: 'While read-only' }), 'a new shop while the database is read-only');

      // Reads are answered.
      const pulled = await send(b, 'POST', `/v1/shops/${shop.shopId}/pull`, shop.admins[0], { clientId: device.clientId, cookie: 0 });
      expect(pulled.status, describeAnswer(pulled)).toBe(200);
      expect(pulled.body).toMatchObject({ cookie: 5, more: false, lastMutationIds: { [device.clientId]: 5 } });
      expect((pulled.body.changes as unknown[]).length).toBe(5);
      const shops = await send(b, 'GET', '/v1/shops', shop.owner);
      expect(shops.status, describeAnswer(shops)).toBe(200);
      const members = await send(b, 'GET', `/v1/shops/${shop.shopId}/members`, shop.owner);
      expect(members.status, describeAnswer(members)).toBe(200);
      expect((members.body.members as unknown[]).length).toBe(3);
      const audit = await send(b, 'GET', `/v1/shops/${shop.shopId}/audit`, shop.owner);
      expect(audit.status, describeAnswer(audit)).toBe(200);
      const [reader] = await openStreams(1, [b], shop.shopId, [shop.viewers[0]!]);
      expect(reader!.max).toBe(5);
      reader!.close();
      expect((await send(b, 'GET', '/healthz')).body).toEqual({ ok: true, database: 'up' });

      // Writable again (for new sessions: as after the moment it took): the resent push applies, in the same process.
      await onAdmin(adminUrl, (client) => client.query(`ALTER DATABASE ${DATABASE} RESET default_transaction_read_only`));
      readOnly = false;
      const resent: Answer[] = [];
      const again = await until(
        'the resent push to be applied',
        async () => {
          const answer = await send(b, 'POST', `/v1/shops/${shop.shopId}/push`, shop.admins[0], { clientId: device.clientId, mutations });
          if (answer.status === 200) return answer;
          resent.push(answer);
          return undefined;
        },
        10_000,
        RESEND_MS,
      ).catch(() => undefined);
      expect
        .soft(again, `the resent push, ${resent.length} times answered: ${[...new Set(resent.map(describeAnswer))].join(' | ')}`)
        .toBeDefined();
      if (!again) {
        // Carry on as an operator would (the server's connections cut), to check the rest.
        await onAdmin(adminUrl, terminateBackends);
      }
      const applied = again ?? (await until('the resent push to be applied', async () => {
        const answer = await send(b, 'POST', `/v1/shops/${shop.shopId}/push`, shop.admins[0], { clientId: device.clientId, mutations });
        return answer.status === 200 ? answer : undefined;
      }));
      expect((applied.body.results as PushResult[]).map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
      const { rows } = await db.query<{ results: string[] }>('SELECT array_agg(result ORDER BY mutation_id) AS results FROM audit WHERE shop_id = $1 AND client_id = $2', [shop.shopId, device.clientId]);
      expect(rows[0]!.results).toEqual(Array(10).fill('applied'));
      expect(await shopVersion(db, shop.shopId)).toBe(10);
      // The stream opened before is still open and hears the new version.
      await until('the stream to announce version 10', async () => (stream!.max === 10 ? true : undefined), 10_000);
      expect(stream!.opens).toBe(1);
      expect(b.pid).toBe(pid);
      console.info(`[drill 3, read-only] ${answers.length} pushes answered ${[...new Set(answers.map((x) => x.status))].join(',')}; reads 200; after: ${resent.length} resends refused before one applied`);
    } finally {
      if (readOnly) await onAdmin(adminUrl, (client) => client.query(`ALTER DATABASE ${DATABASE} RESET default_transaction_read_only`));
      stream?.close();
    }
  }, 60_000);

  it('full (its tables on a full tmpfs): pushes answered 503 with Retry-After and nothing recorded, reads still answered; with space again, the same process applies the resent pushes', async () => {
    const pid = b.pid;
    // A clean start: the server's connections made afresh (none left from the read-only drill).
    await onAdmin(adminUrl, terminateBackends);
    await until('the server to reach the database', async () => ((await send(b, 'GET', '/healthz')).body.database === 'up' ? true : undefined));
    const shop = await team(b, 'Disk-full drill', 1, 1);
    const device = new Device('full-1', shop.admins[0]!, shop.shopId, [b]);
    await device.push(1, 5);

    // A tmpfs of 32 MB for a tablespace, owned by PostgreSQL's user (the data directory's owner: `postgres` when we are root).
    tmpfsDir = resolve(`/tmp/shop-drills-full-${process.pid}`);
    mkdirSync(tmpfsDir, { recursive: true });
    const { uid, gid } = statSync(DATA_DIR);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=32m,mode=0700,uid=${uid},gid=${gid}`, 'tmpfs', tmpfsDir], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`The database full cannot be simulated here: mounting a tmpfs needs root with CAP_SYS_ADMIN (${String(error)})`, { cause: error });
    }
    const filler = resolve(tmpfsDir, 'filler');
    let tablespace = false;
    try {
      await onAdmin(adminUrl, (client) => client.query(`CREATE TABLESPACE drill_full LOCATION '${tmpfsDir}'`));
      tablespace = true;
      // Every table of the shop database moves there (its indexes stay).
      await onAdmin(databaseUrl, (client) => client.query('ALTER TABLE ALL IN TABLESPACE pg_default SET TABLESPACE drill_full'));
      // Then the disk fills up: a file takes every byte left.
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(4096, 1);
      let filled = 0;
      try {
        for (;;) filled += writeSync(fd, chunk);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        closeSync(fd);
      }

      // Pushes until one needs a page the disk has not got (the tables' last pages have some room).
      let failed: Answer | undefined;
      for (let attempt = 0; attempt < 50 && !failed; attempt++) {
        const answer = await send(b, 'POST', `/v1/shops/${shop.shopId}/push`, device.user, { clientId: device.clientId, mutations: device.batch(device.next, 20) });
        if (answer.status !== 200) {
          failed = answer;
          break;
        }
        expect((answer.body.results as PushResult[]).map((r) => r.status)).toEqual(Array(20).fill('applied'));
        device.applied += 20;
        device.next += 20;
      }
      if (!failed) throw new Error('50 pushes of 20 mutations found room on the full disk');
      expectRetryLater(failed, 'a push while the disk is full');
      await until('the server to log the full disk', async () => (/No space left on device/.test(b.output) ? true : undefined), 5_000);
      // The mutations the push applied before the one that failed are kept; the rest is not recorded at all.
      device.next = (await appliedSoFar(db, shop.shopId)) + 1;
      device.applied = device.next - 1;
      await expectNothingRecordedPast(db, shop.shopId, [device]);
      // Resent while the disk is still full: the same answer, still nothing recorded.
      const resent = await send(b, 'POST', `/v1/shops/${shop.shopId}/push`, device.user, { clientId: device.clientId, mutations: device.batch(device.next, 20) });
      expectRetryLater(resent, 'a push resent while the disk is full');
      await expectNothingRecordedPast(db, shop.shopId, [device]);

      // Reads are answered.
      const pulled = await send(b, 'POST', `/v1/shops/${shop.shopId}/pull`, device.user, { clientId: device.clientId, cookie: 0 });
      expect(pulled.status, describeAnswer(pulled)).toBe(200);
      expect((pulled.body.changes as unknown[]).length).toBe(device.next - 1);
      expect((await send(b, 'GET', `/v1/shops/${shop.shopId}/members`, shop.owner)).status).toBe(200);

      // Space again: the device's resends apply, in the same process.
      rmSync(filler);
      const waiting = device.next;
      await device.push(1, 20);
      expect(device.next).toBe(waiting + 20);
      expect(await expectEachAppliedOnce(db, shop.shopId, [device])).toBe(device.next - 1);
      expect(b.pid).toBe(pid);
      console.info(
        `[drill 3, full] disk full after ${filled} bytes of filler: a push answered ${failed.status} after ${waiting - 6} more mutations were applied; resent: ${resent.status}; ${device.next - 1} mutations applied once`,
      );
    } finally {
      rmSync(filler, { force: true });
      if (tablespace) {
        await onAdmin(databaseUrl, (client) => client.query('ALTER TABLE ALL IN TABLESPACE drill_full SET TABLESPACE pg_default'));
        await onAdmin(adminUrl, (client) => client.query('DROP TABLESPACE drill_full'));
      }
    }
  }, 60_000);
});
