/**
 * Devices as the service worker behaves, for the fault drills (fault-drills.test.ts,
 * balancer-drill.test.ts): a push without an answer, or answered with an error, is resent as it
 * was until it is answered 200 (what the server applied before is then `skipped`); event streams
 * are read with fetch and reopened after the server's `retry:`, on the next address when this one
 * refuses the connection. And the checks that every mutation was applied exactly once.
 */
import { expect } from 'vitest';
import { pendingIdOf } from '../../domain/sync/pending';
import { serverSentEvents } from './event-stream';
import { sleep, until } from './server-process';
import { bearer, newUser, userBody, type TestUser } from './support';

/** Where a device sends its requests: a server copy, or a load balancer in front of copies. */
export interface CopyUrl {
  url: string;
}

/** What the checks read the shop database with (a pg Pool). */
export interface Queryable {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** How long a device waits before resending an unanswered (or failed) push: shorter than a real device's backoff, to keep the drills short. */
export const RESEND_MS = 100;

// --- HTTP, as devices speak it ---------------------------------------------------------------

export interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string };
  contentType: string | null;
  retryAfter: string | null;
}

export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: Answer['body'];
  try {
    body = text ? (JSON.parse(text) as Answer['body']) : {};
  } catch {
    body = { raw: text.slice(0, 300) };
  }
  return { status: response.status, body, contentType: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after') };
}

export async function send(server: CopyUrl | string, method: string, path: string, user?: TestUser, body?: unknown): Promise<Answer> {
  const base = typeof server === 'string' ? server : server.url;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(user ? bearer(user) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return answerOf(response);
}

export const describeAnswer = (answer: Answer) => `${answer.status} ${answer.contentType ?? ''} retry-after=${answer.retryAfter ?? '-'} ${JSON.stringify(answer.body).slice(0, 300)}`;

/** The answer owed while the database cannot take the request: 503, JSON `{ message }`, Retry-After (the client retries; nothing was recorded). */
export function expectRetryLater(answer: Answer, what: string, message: RegExp = /./) {
  const label = `${what}: ${describeAnswer(answer)}`;
  expect.soft(answer.status, label).toBe(503);
  expect.soft(answer.contentType, label).toMatch(/^application\/json/);
  expect.soft(answer.body.message, label).toEqual(expect.stringMatching(message));
  expect.soft(Number(answer.retryAfter), label).toBeGreaterThan(0);
}

/** A shop with an owner, `admins` admins and `viewers` viewers (invited and accepted through the server). */
export async function team(server: CopyUrl, name: string, admins: number, viewers: number) {
  const owner = newUser('owner');
  const created = await send(server, 'POST', '/v1/shops', owner, { name });
  expect(created.status, describeAnswer(created)).toBe(201);
  const shopId = (created.body.shop as { id: string }).id;
  const join = async (role: 'admin' | 'viewer') => {
    const user = newUser(role);
    const invited = await send(server, 'POST', `/v1/shops/${shopId}/members`, owner, { email: user.email, role });
    expect(invited.status, describeAnswer(invited)).toBe(201);
    const accepted = await send(server, 'POST', `/v1/invitations/${(invited.body.invitation as { id: string }).id}/accept`, user);
    expect(accepted.status, describeAnswer(accepted)).toBe(200);
    return user;
  };
  const adminUsers = await Promise.all(Array.from({ length: admins }, () => join('admin')));
  const viewerUsers = await Promise.all(Array.from({ length: viewers }, () => join('viewer')));
  return { shopId, owner, admins: adminUsers, viewers: viewerUsers, members: [owner, ...adminUsers, ...viewerUsers] };
}

// --- A device's event stream -------------------------------------------------------------------

/**
 * `GET /v1/shops/:shopId/events` read with fetch, as the worker reads it: reopened `retry:` ms
 * after it ends (or a refused open), at once on the next server copy when the connection itself
 * is refused (that copy is gone).
 */
export class LiveStream {
  /** The highest version announced, and every announced version in order. */
  max = -1;
  readonly versions: number[] = [];
  /** Successful opens (1 = never reconnected), ends of an open stream, opens answered with something else, connections refused. */
  opens = 0;
  drops = 0;
  /** When each successful open came (ms since the epoch): how long a stream was away after a copy died. */
  readonly openedAt: number[] = [];
  readonly refusals: Answer[] = [];
  connectionsRefused = 0;
  /** The copy serving it now, and whether it is open right now. */
  server: string;
  open = false;
  private retryMs = 1_000;
  private index = 0;
  private closed = false;
  private readonly controller = new AbortController();

  constructor(
    private readonly servers: string[],
    private readonly shopId: string,
    private readonly user: TestUser,
  ) {
    this.server = servers[0]!;
    void this.run();
  }

  close() {
    this.closed = true;
    this.controller.abort();
  }

  private async run() {
    let refusedInARow = 0;
    while (!this.closed) {
      const server = this.servers[this.index]!;
      let response: Response;
      try {
        response = await fetch(`${server}/v1/shops/${this.shopId}/events`, { headers: bearer(this.user), signal: this.controller.signal });
      } catch {
        if (this.closed) return;
        this.connectionsRefused++;
        this.index = (this.index + 1) % this.servers.length;
        // Every copy refused: wait as after any failure.
        if (++refusedInARow >= this.servers.length) {
          refusedInARow = 0;
          await sleep(this.retryMs);
        }
        continue;
      }
      refusedInARow = 0;
      if (response.status !== 200) {
        this.refusals.push(await answerOf(response));
        await sleep(this.retryMs);
        continue;
      }
      this.opens++;
      this.openedAt.push(Date.now());
      this.server = server;
      this.open = true;
      try {
        await this.read(response.body!);
      } catch {
        // Cut off (the copy died) or aborted.
      }
      this.open = false;
      if (this.closed) return;
      this.drops++;
      await sleep(this.retryMs);
    }
  }

  private async read(body: ReadableStream<Uint8Array>) {
    for await (const event of serverSentEvents(body)) {
      if (event.retryMs !== undefined) this.retryMs = event.retryMs;
      if (event.event === 'version' && event.data) {
        const version = (JSON.parse(event.data) as { version: number }).version;
        this.versions.push(version);
        this.max = Math.max(this.max, version);
      }
    }
  }

  /** Whether the versions announced ever went back (a stream only moves forward, reconnections included). */
  get wentBack(): boolean {
    return this.versions.some((version, i) => i > 0 && version < this.versions[i - 1]!);
  }
}

export async function openStreams(count: number, servers: CopyUrl[], shopId: string, members: TestUser[]) {
  const streams = Array.from({ length: count }, (_, i) => new LiveStream(servers.map((s) => s.url), shopId, members[i % members.length]!));
  await until(`${count} event streams to open`, async () => (streams.every((s) => s.max >= 0) ? true : undefined));
  return streams;
}

export const allAt = (streams: LiveStream[], version: number) => async () => (streams.every((s) => s.max === version) ? true : undefined);
export const lagging = (streams: LiveStream[], version: number) =>
  streams
    .filter((s) => s.max !== version)
    .map((s) => `max ${s.max} open ${s.open} opens ${s.opens} refusals ${s.refusals.map(describeAnswer).join('; ')}`)
    .slice(0, 5);

// --- A device's pushes -------------------------------------------------------------------------

export interface PushResult {
  id: number;
  status: string;
  code?: number;
  message?: string;
}

/** One client (an install) of one member: mutations 1, 2, 3… (`POST /api/users`, one user each, named by client and id). */
export class Device {
  /** The next mutation id; all before it are answered (applied or skipped). */
  next = 1;
  /** Every answer other than 200, and pushes that got no answer at all. */
  readonly failures: Answer[] = [];
  networkErrors = 0;
  applied = 0;
  skipped = 0;
  readonly rejected: PushResult[] = [];
  private index = 0;

  constructor(
    readonly clientId: string,
    readonly user: TestUser,
    readonly shopId: string,
    private readonly servers: CopyUrl[],
  ) {}

  get server(): CopyUrl {
    return this.servers[this.index]!;
  }

  /** The user mutation `id` creates (its email names it). */
  emailOf(id: number) {
    return `${this.clientId}-${id}@example.com`;
  }

  get expectedEmails(): string[] {
    return Array.from({ length: this.next - 1 }, (_, i) => this.emailOf(i + 1));
  }

  /** Mutations first…first+count-1, as the device sends them (each user with its pending id). */
  batch(first: number, count: number) {
    return Array.from({ length: count }, (_, i) => {
      const id = first + i;
      return { id, name: 'POST /api/users', query: {}, body: userBody(`${this.clientId} ${id}`, this.emailOf(id)), pendingIds: [pendingIdOf(id, 0)] };
    });
  }

  /** `batches` pushes of `size` mutations, each resent until answered 200. */
  async push(batches: number, size: number, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (let batch = 0; batch < batches; batch++) {
      const mutations = this.batch(this.next, size);
      for (;;) {
        if (Date.now() > deadline) {
          throw new Error(`${this.clientId}: mutations ${this.next}… still not applied; last answers: ${this.failures.slice(-3).map(describeAnswer).join(' | ')}`);
        }
        let answer: Answer;
        try {
          answer = await send(this.server, 'POST', `/v1/shops/${this.shopId}/push`, this.user, { clientId: this.clientId, mutations });
        } catch {
          // No answer: what the copy applied is unknown, so all of it is resent, to the next copy when there is one.
          this.networkErrors++;
          this.index = (this.index + 1) % this.servers.length;
          await sleep(RESEND_MS);
          continue;
        }
        if (answer.status !== 200) {
          this.failures.push(answer);
          await sleep(RESEND_MS);
          continue;
        }
        const results = answer.body.results as PushResult[];
        expect(results.map((r) => r.id)).toEqual(mutations.map((m) => m.id));
        for (const result of results) {
          if (result.status === 'applied') this.applied++;
          else if (result.status === 'skipped') this.skipped++;
          else this.rejected.push(result);
        }
        break;
      }
      this.next += size;
    }
  }
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export async function appliedSoFar(db: Queryable, shopId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT coalesce(sum(last_mutation_id), 0) AS n FROM clients WHERE shop_id = $1', [shopId]);
  return Number(rows[0]!.n);
}

export async function shopVersion(db: Queryable, shopId: string): Promise<number> {
  const { rows } = await db.query<{ version: string }>('SELECT version FROM shop_versions WHERE shop_id = $1', [shopId]);
  return Number(rows[0]!.version);
}

/**
 * Every mutation the devices sent (1…next-1 each) applied exactly once: the server's last id of
 * each client, one `applied` audit line per mutation, one user per mutation (by its email), one
 * pending id mapped per mutation, and the shop's version (one per mutation: each creates a user).
 */
export async function expectEachAppliedOnce(db: Queryable, shopId: string, devices: Device[]) {
  const total = sum(devices.map((d) => d.next - 1));
  for (const device of devices) expect(device.rejected, device.clientId).toEqual([]);
  // What the devices were told, each mutation in the one 200 answer of its batch: applied, or
  // skipped when an earlier try had applied it but its answer never came (a cut push).
  expect(sum(devices.map((d) => d.applied + d.skipped))).toBe(total);

  const clients = await db.query<{ client_id: string; last: string }>('SELECT client_id, last_mutation_id AS last FROM clients WHERE shop_id = $1', [shopId]);
  expect(Object.fromEntries(clients.rows.map((r) => [r.client_id, Number(r.last)]))).toEqual(Object.fromEntries(devices.map((d) => [d.clientId, d.next - 1])));

  const audit = await db.query<{ client_id: string; mutation_id: string; n: number; results: string[] }>(
    `SELECT client_id, mutation_id, count(*)::int AS n, array_agg(result) AS results FROM audit
     WHERE shop_id = $1 AND client_id IS NOT NULL GROUP BY client_id, mutation_id`,
    [shopId],
  );
  expect(audit.rows.filter((r) => r.n !== 1 || r.results[0] !== 'applied')).toEqual([]);
  for (const device of devices) {
    const ids = audit.rows
      .filter((r) => r.client_id === device.clientId)
      .map((r) => Number(r.mutation_id))
      .sort((x, y) => x - y);
    expect(ids, device.clientId).toEqual(Array.from({ length: device.next - 1 }, (_, i) => i + 1));
  }

  const users = await db.query<{ email: string; n: number }>(
    "SELECT record->>'email' AS email, count(*)::int AS n FROM records WHERE shop_id = $1 AND kind = 'users' AND NOT deleted GROUP BY 1",
    [shopId],
  );
  expect(users.rows.filter((r) => r.n !== 1)).toEqual([]);
  expect(users.rows.map((r) => r.email).sort()).toEqual(devices.flatMap((d) => d.expectedEmails).sort());

  const pending = await db.query<{ n: number; ids: number }>('SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM pending_ids WHERE shop_id = $1', [shopId]);
  expect(pending.rows[0]).toEqual({ n: total, ids: total });

  expect(await shopVersion(db, shopId)).toBe(total);
  return total;
}

/** Nothing of a failed push was recorded: each client's last id is `next - 1`, no audit line past it, no refusal. */
export async function expectNothingRecordedPast(db: Queryable, shopId: string, devices: Array<{ clientId: string; next: number }>) {
  for (const device of devices) {
    const { rows } = await db.query<{ last: string; beyond: number; refused: number }>(
      `SELECT (SELECT last_mutation_id FROM clients WHERE shop_id = $1 AND client_id = $2) AS last,
              (SELECT count(*)::int FROM audit WHERE shop_id = $1 AND client_id = $2 AND mutation_id >= $3) AS beyond,
              (SELECT count(*)::int FROM audit WHERE shop_id = $1 AND client_id = $2 AND result <> 'applied') AS refused`,
      [shopId, device.clientId, device.next],
    );
    expect({ ...rows[0], last: Number(rows[0]!.last) }, device.clientId).toEqual({ last: device.next - 1, beyond: 0, refused: 0 });
  }
}

/** A pull from cookie 0, page after page: every record of the shop, and the cookie it ends at. */
export async function pullAll(server: CopyUrl, user: TestUser, shopId: string, clientId: string) {
  const records: Array<{ kind: string; id: unknown; version: number; record?: Record<string, unknown> }> = [];
  let cookie: number | string = 0;
  for (let page = 0; page < 100; page++) {
    const answer = await send(server, 'POST', `/v1/shops/${shopId}/pull`, user, { clientId, cookie });
    expect(answer.status, describeAnswer(answer)).toBe(200);
    records.push(...(answer.body.changes as typeof records));
    cookie = answer.body.cookie as number | string;
    if (!answer.body.more) return { records, cookie, lastMutationIds: answer.body.lastMutationIds as Record<string, number> };
  }
  throw new Error('the pull never ended');
}


/**
 * `devices` each push `batches` batches of `size` mutations; once a quarter of them are applied,
 * `kill` runs (a copy dies); resolves when every device was answered for all of them, with how
 * many were applied before the kill.
 */
export async function pushThroughAKill(db: Queryable, shopId: string, devices: Device[], kill: () => Promise<void>, batches = 5, size = 20): Promise<{ before: number; total: number }> {
  const total = devices.length * batches * size;
  const pushing = Promise.all(devices.map((d) => d.push(batches, size)));
  pushing.catch(() => {});
  const before = await until('a quarter of the mutations to be applied', async () => {
    const applied = await appliedSoFar(db, shopId);
    return applied >= total / 4 ? applied : undefined;
  });
  await kill();
  await pushing;
  return { before, total };
}
