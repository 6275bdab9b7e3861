/**
 * Hostile and broken clients against the server as `npm run server` runs it (a child process with
 * its capped heap, server-process.ts), over a fresh database. Each kind of bad request below is
 * sent by three callers of the victim's shop: a stranger (a fresh account, in no shop), a viewer
 * and a staff member. Every answer is a 4xx JSON `{ message }` (a 429 where a limit is what
 * refuses it), never a 5xx; a push the protocol takes and refuses mutation by mutation (200, each
 * result `rejected` with a 4xx code and a message, or `skipped`) is the one 2xx a member may get.
 * After each kind the database is compared with its state before: every table the same, except
 * what such refusals write (one `rejected` audit line per refused mutation, the client's last id
 * moved to it, its client row claimed on first use), which is checked line by line. Meanwhile
 * the server's resident memory is sampled (< 250 MB throughout), and honest members of another
 * shop push all along: every push applied, none refused.
 */
import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_BODY_LIMIT } from '../../domain/contract/sync-protocol';
import { PENDING_ID_BASE } from '../../domain/sync/pending';
import { freePort, ServerProcess, sleep } from './server-process';
import { freshDatabase, newUser, productBody, PROJECT_ID, startAuthEmulatorStub, tokenFor, userBody, type TestUser } from './support';

const RSS_CAP_MB = 250;

let stub: Awaited<ReturnType<typeof startAuthEmulatorStub>>;
let server: ServerProcess;
let db: pg.Pool;

// ---------------------------------------------------------------------------------------------
// Requests over node:http, one connection each: a body sent in chunks or with a length it does
// not have, bytes that are not UTF-8, and an answer read even when it comes before the body is sent.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The push's client, for a push a member sent (its refusals are accounted for). */
  clientId?: string;
}

interface Request {
  method: string;
  path: string;
  /** The Authorization header as sent (none when undefined). */
  authorization?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sent in chunks without a content-length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  /** A push's client id (see Answer). */
  clientId?: string;
}

function send(request: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
    // Keep-alive, as browsers ask: a body the server refuses unread is then read and dropped, not cut off.
    const headers: Record<string, string | number> = { connection: 'keep-alive', ...request.headers };
    if (request.authorization !== undefined) headers.authorization = request.authorization;
    if (body && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    if (body && !request.chunked) headers['content-length'] = body.length;
    const req = http.request({ host: '127.0.0.1', port: server.port, method: request.method, path: request.path, headers, agent: false });
    let answered = false;
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ...(request.clientId ? { clientId: request.clientId } : {}) });
        req.destroy();
      });
      res.on('error', (error) => {
        if (!answered) reject(error);
      });
    });
    // The server may answer and close while the body is still being sent (it reads no more of a
    // body past the limit): the connection is cut, which the kinds sending one accept (`cut`).
    req.on('error', (error) => {
      if (answered) return;
      setTimeout(() => {
        if (answered) return;
        if (request.chunked || (body?.length ?? 0) > PUSH_BODY_LIMIT) resolve({ status: 0, headers: {}, text: `cut: ${error.message}` });
        else reject(new Error(`${request.method} ${request.path.slice(0, 80)}: ${error.message} and no answer; the server said: ${server.output.slice(-1_500)}`));
      }, 500);
    });
    if (!body) return void req.end();
    if (!request.chunked) return void req.end(body);
    const CHUNK = 256 * 1024;
    let at = 0;
    const next = () => {
      while (at < body.length && !req.destroyed) {
        const more = req.write(body.subarray(at, at + CHUNK));
        at += CHUNK;
        if (!more) return void req.once('drain', next);
      }
      if (!req.destroyed) req.end();
    };
    next();
  });
}

const bearer = (user: TestUser) => `Bearer ${tokenFor(user)}`;

/** A request that must succeed (the set-up), its JSON answer. */
async function api(method: string, path: string, user: TestUser, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await send({ method, path, authorization: bearer(user), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.text ? (JSON.parse(answer.text) as Record<string, unknown>) : {};
}

// ---------------------------------------------------------------------------------------------
// The shops. The victim's: a team, a pending invitation, records, and a history of writes from
// each of its clients. The honest one: two members pushing all along.

const ticketBody = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', category: 'orders', subject: 'Late parcel', message: 'Where is it?' };

interface Victim {
  shopId: string;
  owner: TestUser;
  admin: TestUser;
  staff: TestUser;
  viewer: TestUser;
  invitationId: string;
}
let victim: Victim;
let honestShopId: string;
/** Admins of the honest shop: each pushes new users all along. */
let honestMembers: TestUser[];
let databaseUrl: string;

async function setUpVictim(): Promise<Victim> {
  const owner = newUser('owner');
  const shopId = ((await api('POST', '/v1/shops', owner, { name: 'Victim shop' })).shop as { id: string }).id;
  const team = { admin: newUser('admin'), staff: newUser('staff'), viewer: newUser('viewer') };
  for (const [role, user] of Object.entries(team)) {
    const invited = await api('POST', `/v1/shops/${shopId}/members`, owner, { email: user.email, role });
    await api('POST', `/v1/invitations/${(invited.invitation as { id: string }).id}/accept`, user);
  }
  const pending = await api('POST', `/v1/shops/${shopId}/members`, owner, { email: 'pending@example.com', role: 'staff' });
  // Records, and a history for each client the senders use (replays need one).
  await api('POST', `/v1/shops/${shopId}/push`, team.admin, {
    clientId: 'victim-laptop',
    mutations: [
      { id: 1, name: 'POST /api/users', query: {}, body: userBody('Ann', 'ann@example.com') },
      { id: 2, name: 'POST /api/products', query: {}, body: productBody('LAMP-1') },
    ],
  });
  const staffPush = await api('POST', `/v1/shops/${shopId}/push`, team.staff, { clientId: 'staff-phone', mutations: [{ id: 1, name: 'POST /api/tickets', query: {}, body: ticketBody }] });
  expect((staffPush.results as Array<{ status: string }>)[0]!.status).toBe('applied');
  await api('POST', `/v1/shops/${shopId}/push`, team.viewer, { clientId: 'viewer-phone', mutations: [{ id: 1, name: 'POST /api/tickets', query: {}, body: ticketBody }] });
  return { shopId, owner, ...team, invitationId: (pending.invitation as { id: string }).id };
}

// ---------------------------------------------------------------------------------------------
// What is watched all along: the server's resident memory, and honest members' pushes.

function statusKb(field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

let rssPeakKb = 0;
/** The peak during the kind being sent (reset for each). */
let rssKindKb = 0;
let rssSamples = 0;
let sampler: NodeJS.Timeout | undefined;

interface HonestLoop {
  stop: () => Promise<void>;
  applied: number;
  problems: string[];
  latencies: number[];
}

/** A member pushing one new user at a time, as a device does; each push must be applied. */
function honestLoop(user: TestUser, shopId: string, clientId: string): HonestLoop {
  const loop: HonestLoop = { stop: async () => {}, applied: 0, problems: [], latencies: [] };
  let stopped = false;
  const running = (async () => {
    for (let id = 1; !stopped; id++) {
      const started = performance.now();
      const body = JSON.stringify({ clientId, mutations: [{ id, name: 'POST /api/users', query: {}, body: userBody(`Honest ${id}`, `honest.${clientId}.${id}@example.com`) }] });
      let answer: Answer;
      try {
        answer = await send({ method: 'POST', path: `/v1/shops/${shopId}/push`, authorization: bearer(user), body });
      } catch (error) {
        loop.problems.push(`#${id}: ${(error as Error).message}`);
        return;
      }
      loop.latencies.push(performance.now() - started);
      const result = answer.status === 200 ? (JSON.parse(answer.text) as { results: Array<{ status: string }> }).results[0] : undefined;
      if (result?.status !== 'applied') {
        loop.problems.push(`#${id}: ${answer.status} ${answer.text.slice(0, 200)}`);
        return;
      }
      loop.applied++;
      // A device syncs a few times a second, not flat out: the server's two cores are shared with the attack.
      await sleep(20);
    }
  })();
  loop.stop = async () => {
    stopped = true;
    await running;
  };
  return loop;
}

// ---------------------------------------------------------------------------------------------
// The database's state, without the honest shop (its members write all along).

const TABLES = ['shops', 'members', 'invitations', 'shop_versions', 'records', 'pending_ids', 'counters', 'audit'] as const;

interface State {
  digests: Record<string, string>;
  /** Every client row, by `shop client`. */
  clients: Map<string, { uid: string; last: number; text: string }>;
  /** The last audit line's seq when the state was taken. */
  auditSeq: number;
}

async function state(auditSeq?: number): Promise<State> {
  const seq = auditSeq ?? Number((await db.query<{ m: string }>('SELECT coalesce(max(seq), 0) AS m FROM audit')).rows[0]!.m);
  const { rows } = await db.query<{ t: string; d: string }>(
    TABLES.map(
      (table) =>
        `SELECT '${table}' AS t, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM ${table} x WHERE shop_id <> $1${table === 'audit' ? ` AND seq <= ${seq}` : ''}`,
    ).join(' UNION ALL '),
    [honestShopId],
  );
  const clients = await db.query<{ shop_id: string; client_id: string; uid: string; last_mutation_id: string; text: string }>(
    'SELECT shop_id, client_id, uid, last_mutation_id, x::text AS text FROM clients x WHERE shop_id <> $1',
    [honestShopId],
  );
  return {
    digests: Object.fromEntries(rows.map((row) => [row.t, row.d])),
    clients: new Map(clients.rows.map((row) => [`${row.shop_id} ${row.client_id}`, { uid: row.uid, last: Number(row.last_mutation_id), text: row.text }])),
    auditSeq: seq,
  };
}

// ---------------------------------------------------------------------------------------------
// The senders, and the kinds of bad requests.

type SenderName = 'stranger' | 'viewer' | 'staff';

interface Who {
  name: SenderName;
  user: TestUser;
  /** The sender's own client in the victim's shop, and its last mutation id now (0 for a stranger). */
  clientId: string;
  last: number;
  /** The first id this sender's next mutation would have. */
  next: number;
}

interface Kind {
  name: string;
  requests: (who: Who) => Request[] | Promise<Request[]>;
  /** A member's push may be taken and refused mutation by mutation (200, each result rejected or skipped). */
  push?: boolean;
  /** Opens event streams (members may have some open before a limit refuses one). */
  streams?: boolean;
}

const victimPath = (rest: string) => `/v1/shops/${victim.shopId}${rest}`;

/** A push to the victim's shop from the sender's client. */
const push = (who: Who, mutations: unknown[], clientId = who.clientId): Request => ({
  method: 'POST',
  path: victimPath('/push'),
  authorization: bearer(who.user),
  body: JSON.stringify({ clientId, mutations }),
  clientId,
});

/** A push of raw JSON text: the envelope around `mutationsText`. */
const pushText = (who: Who, mutationsText: string): Request => ({
  method: 'POST',
  path: victimPath('/push'),
  authorization: bearer(who.user),
  body: `{"clientId":"${who.clientId}","mutations":${mutationsText}}`,
  clientId: who.clientId,
});

const ticket = (id: number, body: unknown = ticketBody, extra: Record<string, unknown> = {}) => ({ id, name: 'POST /api/tickets', query: {}, body, ...extra });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const pull = (who: Who, cookie: unknown, clientId = who.clientId): Request => ({
  method: 'POST',
  path: victimPath('/pull'),
  authorization: bearer(who.user),
  body: JSON.stringify({ clientId, cookie }),
});

/** An unsigned token of the sender's with its claims changed (the Auth emulator's shape, tests/server/support.ts). */
function tokenWith(user: TestUser, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const base = { iss: `https://securetoken.google.com/${PROJECT_ID}`, aud: PROJECT_ID, auth_time: now - 10, iat: now - 10, exp: now + 3600, sub: user.uid, user_id: user.uid, email: user.email, email_verified: true };
  return [b64({ alg: 'none', typ: 'JWT' }), b64({ ...base, ...claims }), ''].join('.');
}

const bulk = (count: number, text: string) => `[${`${text},`.repeat(count - 1)}${text}]`;
const MB = 1024 * 1024;

const kinds: Kind[] = [
  // Bodies built to cost the server memory or time.
  { name: 'push of many tiny values ([[],[],…], 6 MB)', requests: (who) => [pushText(who, bulk(2 * MB, '[]'))] },
  { name: 'push of many tiny objects ({},{},…, 3 MB) as mutations', requests: (who) => [pushText(who, bulk(MB, '{}'))] },
  { name: 'a body under the density limit but 8 MB of it (padded empty objects)', push: true, requests: (who) => [pushText(who, `[${JSON.stringify(ticket(who.next, null)).replace('"body":null', `"body":[${'{}   ,'.repeat(1_400_000)}{}]`)}]`)] },
  { name: 'nesting 100,000 levels deep', requests: (who) => [pushText(who, `[${JSON.stringify(ticket(who.next)).slice(0, -1)},"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}]`)] },
  { name: 'nesting past what the database stores (35 levels in a body)', push: true, requests: (who) => [push(who, [ticket(who.next, { ...ticketBody, deep: JSON.parse(`${'['.repeat(35)}1${']'.repeat(35)}`) })])] },
  { name: 'a body of a million small numbers (2 MB)', push: true, requests: (who) => [pushText(who, `[${JSON.stringify(ticket(who.next, null)).replace('"body":null', `"body":${bulk(1_000_000, '1')}`)}]`)] },
  {
    name: 'a body with 300,000 keys',
    push: true,
    requests: (who) => {
      const keys = Array.from({ length: 300_000 }, (_, i) => `"k${i}":0`).join(',');
      return [pushText(who, `[${JSON.stringify(ticket(who.next, null)).replace('"body":null', `"body":{${keys}}`)}]`)];
    },
  },
  {
    name: 'a query of 300,000 parameters that are not strings',
    requests: (who) => {
      const keys = Array.from({ length: 300_000 }, (_, i) => `"k${i}":0`).join(',');
      return [pushText(who, `[{"id":${who.next},"name":"PATCH /api/orders","query":{${keys}},"body":{}}]`)];
    },
  },
  {
    name: 'queries of 1,000 parameters that are not strings, in each of 300 mutations',
    requests: (who) => {
      const keys = Array.from({ length: 1_000 }, (_, i) => `"k${i}":0`).join(',');
      return [pushText(who, `[${Array.from({ length: 300 }, (_, m) => `{"id":${who.next + m},"name":"PATCH /api/orders","query":{${keys}},"body":{}}`).join(',')}]`)];
    },
  },
  { name: '21 query parameters, a base of 201 fields', requests: (who) => [push(who, [{ ...ticket(who.next), query: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`q${i}`, '1'])) }]), push(who, [{ id: who.next, name: 'PATCH /api/orders', query: { id: '1' }, body: { status: 'pending' }, base: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, 1])) }])] },
  { name: 'a string of 4 MB', push: true, requests: (who) => [push(who, [ticket(who.next, { ...ticketBody, subject: 'x'.repeat(4 * MB) })])] },
  { name: 'a mutation name, a client id and a pending id too long', requests: (who) => [push(who, [{ ...ticket(who.next), name: 'POST /api/tickets'.padEnd(1_000_000, 'x') }]), push(who, [ticket(1)], 'c'.repeat(10_000)), push(who, [ticket(who.next, ticketBody, { pendingIds: ['p'.repeat(101)] })])] },
  {
    name: 'numbers like 1e400 (a body value, a base, an id)',
    push: true,
    requests: (who) => [
      pushText(who, `[{"id":${who.next},"name":"POST /api/tickets","query":{},"body":{"subject":1e400,"message":-1e400}}]`),
      pushText(who, `[{"id":${who.next + 1},"name":"PATCH /api/orders","query":{"id":"1"},"body":{"status":"pending"},"base":{"status":1e400}}]`),
      pushText(who, `[{"id":1e400,"name":"POST /api/tickets","query":{},"body":{}}]`),
    ],
  },
  // Text the database cannot store, keys JavaScript treats specially.
  { name: 'a NUL in a string', push: true, requests: (who) => [push(who, [ticket(who.next, { ...ticketBody, subject: 'Late\u0000parcel' })])] },
  { name: 'a NUL in a key', push: true, requests: (who) => [push(who, [ticket(who.next, { ...ticketBody, ['sub\u0000ject']: 'x' })])] },
  { name: 'a NUL in a query id', push: true, requests: (who) => [push(who, [{ id: who.next, name: 'PATCH /api/orders', query: { id: '1\u0000' }, body: { status: 'pending' } }])] },
  { name: 'a NUL in a base', push: true, requests: (who) => [push(who, [{ id: who.next, name: 'PATCH /api/orders', query: { id: '1' }, body: { status: 'pending' }, base: { status: 'new\u0000' } }])] },
  { name: 'a NUL in a mutation name and a client id', requests: (who) => [push(who, [{ ...ticket(who.next), name: 'POST /api/tickets\u0000' }]), push(who, [ticket(1)], 'client\u0000id')] },
  {
    name: 'a NUL in a shop name, an email, a member uid, an invitation id',
    requests: (who) => [
      { method: 'POST', path: '/v1/shops', authorization: bearer(who.user), body: JSON.stringify({ name: 'Shop\u0000' }) },
      { method: 'POST', path: victimPath('/members'), authorization: bearer(who.user), body: JSON.stringify({ email: 'a\u0000@example.com', role: 'staff' }) },
      { method: 'PATCH', path: victimPath('/members/u%00id'), authorization: bearer(who.user), body: JSON.stringify({ role: 'viewer' }) },
      { method: 'POST', path: '/v1/invitations/%00/accept', authorization: bearer(who.user) },
    ],
  },
  { name: 'lone surrogates (in a value, a key, a query id)', push: true, requests: (who) => [push(who, [ticket(who.next, { ...ticketBody, subject: 'Late \ud800 parcel', ['k\udc00']: 1 })]), push(who, [{ id: who.next + 1, name: 'PATCH /api/orders', query: { id: '\udfff' }, body: { status: 'pending' } }])] },
  { name: 'bytes that are not UTF-8', push: true, requests: (who) => [{ ...push(who, []), body: Buffer.concat([Buffer.from(`{"clientId":"${who.clientId}","mutations":[{"id":${who.next},"name":"PATCH /api/orders","query":{"id":"999999"},"body":{"status":"`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}}]}')]) }] },
  { name: '__proto__ and constructor keys', requests: (who) => [pushText(who, `[${JSON.stringify(ticket(who.next)).slice(0, -1)},"body":{"__proto__":{"role":"owner"}}}]`), pushText(who, `[{"id":${who.next},"name":"POST /api/tickets","query":{},"body":{"constructor":{"prototype":{"role":"owner"}}}}]`), { method: 'POST', path: '/v1/shops', authorization: bearer(who.user), body: '{"name":"x","__proto__":{"admin":true}}' }] },
  // Bodies that are not what the route reads.
  {
    name: 'a wrong content-type, or a compressed body',
    requests: (who) => {
      const valid = push(who, [ticket(who.next)]);
      return [
        ...['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json'].map((type) => ({ ...valid, headers: { 'content-type': type } })),
        { ...valid, headers: { 'content-encoding': 'gzip' }, body: gzipSync(valid.body as string) },
      ];
    },
  },
  { name: 'invalid JSON', requests: (who) => ['{clientId: x}', "{'a': 1}", '{"clientId":"a",}', 'NaN', '\u0000', '[1,2', '{"a":01}'].map((body) => ({ ...push(who, []), body })) },
  { name: 'truncated JSON', requests: (who) => [0.2, 0.5, 0.99].map((share) => { const full = push(who, [ticket(who.next), ticket(who.next + 1)]).body as string; return { ...push(who, []), body: full.slice(0, Math.floor(full.length * share)) }; }) },
  { name: 'an empty body, no body, a body that is not an object', requests: (who) => [{ ...push(who, []), body: '' }, { method: 'POST', path: victimPath('/push'), authorization: bearer(who.user) }, ...['null', '"push"', '42', '[]', 'true'].map((body) => ({ ...push(who, []), body }))] },
  { name: 'a body over the push limit, its length declared', requests: (who) => [{ ...push(who, []), body: `{"clientId":"${who.clientId}","mutations":[{"id":${who.next},"name":"POST /api/tickets","query":{},"body":"${'x'.repeat(PUSH_BODY_LIMIT)}"}]}` }] },
  { name: 'a body over the push limit, sent in chunks (no length)', requests: (who) => [{ ...push(who, []), chunked: true, body: `{"clientId":"${who.clientId}","mutations":[{"id":${who.next},"name":"POST /api/tickets","query":{},"body":"${'x'.repeat(PUSH_BODY_LIMIT + MB)}"}]}` }] },
  {
    name: 'a body of 100 KB to the team routes',
    requests: (who) => {
      const big = 'x'.repeat(100 * 1024);
      return [
        { method: 'POST', path: '/v1/shops', authorization: bearer(who.user), body: JSON.stringify({ name: big }) },
        { method: 'POST', path: victimPath('/members'), authorization: bearer(who.user), body: JSON.stringify({ email: `${big}@example.com`, role: 'staff' }) },
        { method: 'PATCH', path: victimPath(`/members/${who.user.uid}`), authorization: bearer(who.user), body: JSON.stringify({ role: 'owner', pad: big }) },
        { method: 'POST', path: victimPath('/pull'), authorization: bearer(who.user), chunked: true, body: JSON.stringify({ clientId: who.clientId, cookie: big }) },
        { method: 'POST', path: `/v1/invitations/${victim.invitationId}/accept`, authorization: bearer(who.user), body: JSON.stringify({ pad: big }) },
      ];
    },
  },
  // Batches the protocol refuses whole.
  { name: 'unknown mutation names', requests: (who) => ['DROP TABLE records', 'GET /api/users', 'POST /api/shops', '__proto__', 'constructor', 'post /api/tickets'].map((name) => push(who, [ticket(who.next), { ...ticket(who.next + 1), name }])) },
  { name: 'ids that are not consecutive (out of order, repeated, not whole numbers)', requests: (who) => [push(who, [ticket(who.next), ticket(who.next + 2)]), push(who, [ticket(who.next + 1), ticket(who.next)]), push(who, [ticket(who.next), ticket(who.next)]), push(who, [ticket(0)]), push(who, [ticket(-1)]), push(who, [ticket(1.5)]), push(who, [ticket(2 ** 53 + 2)])] },
  { name: 'a gap (ids after the next one)', requests: (who) => [push(who, [ticket(who.next + 5)]), push(who, [ticket(who.next + 1_000_000), ticket(who.next + 1_000_001)])] },
  { name: 'replayed ids', push: true, requests: (who) => [push(who, Array.from({ length: Math.max(1, who.last) }, (_, i) => ticket(i + 1, { ...ticketBody, subject: 'Replayed' })))] },
  { name: '501 mutations', requests: (who) => [push(who, Array.from({ length: 501 }, (_, i) => ticket(who.next + i)))] },
  { name: 'huge pendingIds (1,001 of them)', requests: (who) => [push(who, [ticket(who.next, ticketBody, { pendingIds: Array.from({ length: 1_001 }, (_, i) => PENDING_ID_BASE + i) })])] },
  { name: 'pendingIds that are not pending ids', push: true, requests: (who) => [push(who, [ticket(who.next, ticketBody, { pendingIds: [5] }), ticket(who.next + 1, ticketBody, { pendingIds: ['INV-001'] })])] },
  { name: "another user's client id (push and pull)", requests: (who) => [push(who, [ticket(1)], 'victim-laptop'), push(who, [ticket(3)], 'victim-laptop'), pull(who, 0, 'victim-laptop')] },
  // Paths, ids and cookies.
  {
    name: 'a path parameter of 10,000 characters',
    requests: (who) => {
      const long = 'a'.repeat(10_000);
      return [
        { method: 'POST', path: `/v1/shops/${long}/push`, authorization: bearer(who.user), body: JSON.stringify({ clientId: who.clientId, mutations: [] }) },
        { method: 'PATCH', path: victimPath(`/members/${long}`), authorization: bearer(who.user), body: JSON.stringify({ role: 'viewer' }) },
        { method: 'DELETE', path: victimPath(`/invitations/${long}`), authorization: bearer(who.user) },
        { method: 'POST', path: `/v1/invitations/${long}/accept`, authorization: bearer(who.user) },
        { method: 'GET', path: `/v1/shops/${long}/events`, authorization: bearer(who.user) },
      ];
    },
  },
  {
    name: 'bad shop ids (not a UUID, SQL-looking, nil, no such shop)',
    requests: (who) =>
      ["not-a-uuid", "1' OR '1'='1", "'; DROP TABLE shops; --", '00000000-0000-0000-0000-000000000000', '%2e%2e', `${victim.shopId}'--`, 'ffffffff-ffff-ffff-ffff-ffffffffffff'].flatMap((shopId) => [
        { method: 'POST', path: `/v1/shops/${encodeURIComponent(shopId)}/push`, authorization: bearer(who.user), body: JSON.stringify({ clientId: who.clientId, mutations: [ticket(1)] }) },
        { method: 'GET', path: `/v1/shops/${encodeURIComponent(shopId)}/members`, authorization: bearer(who.user) },
      ]),
  },
  {
    name: 'bad cookies (garbage, forged c1. of other shapes, NUL in one, ahead of the shop)',
    requests: (who) =>
      [
        'garbage',
        'c1.',
        'c1.!!!',
        `c1.${b64({ version: 1 })}`,
        `c1.${b64([1, 2, 3])}`,
        `c1.${b64([-1, 'users', '1'])}`,
        `c1.${b64([1.5, 'users', '1'])}`,
        `c1.${b64([1, 'users'])}`,
        `c1.${b64([1, 'users\u0000', '1'])}`,
        `c1.${b64([1, 'users', '\u0000'])}`,
        `c1.${b64([1e300, 'users', '1'])}`,
        `c1.${b64([1_000_000, 'users', '1'])}`,
        1_000_000_000,
        Number.MAX_SAFE_INTEGER,
        -1,
        1.5,
        'x'.repeat(1_001),
      ].map((cookie) => pull(who, cookie)),
  },
  {
    name: 'audit query abuse',
    requests: (who) =>
      ['?limit=1000000', '?limit=0', '?before=-1', '?before=99999999999999999999', '?limit=abc', '?limit=1&limit=2', '?x=1', `?before=${'9'.repeat(2_000)}`, '?limit=%00', '?before[]=1'].map((query) => ({ method: 'GET', path: victimPath(`/audit${query}`), authorization: bearer(who.user) })),
  },
  {
    name: 'bad invitation ids (not a UUID, no such one, one sent to another email)',
    requests: (who) => [
      ...['not-a-uuid', '00000000-0000-4000-8000-000000000000', victim.invitationId, `${victim.invitationId}'--`].map((id) => ({ method: 'POST', path: `/v1/invitations/${encodeURIComponent(id)}/accept`, authorization: bearer(who.user) })),
      { method: 'DELETE', path: victimPath(`/invitations/${victim.invitationId}`), authorization: bearer(who.user) },
      { method: 'DELETE', path: victimPath('/invitations/not-a-uuid'), authorization: bearer(who.user) },
    ],
  },
  {
    name: 'role escalation (own role to owner, inviting, removing or demoting the owner)',
    requests: (who) => [
      { method: 'PATCH', path: victimPath(`/members/${encodeURIComponent(who.user.uid)}`), authorization: bearer(who.user), body: JSON.stringify({ role: 'owner' }) },
      { method: 'POST', path: victimPath('/members'), authorization: bearer(who.user), body: JSON.stringify({ email: who.user.email, role: 'owner' }) },
      { method: 'POST', path: victimPath('/members'), authorization: bearer(who.user), body: JSON.stringify({ email: 'friend@example.com', role: 'admin' }) },
      { method: 'DELETE', path: victimPath(`/members/${encodeURIComponent(victim.owner.uid)}`), authorization: bearer(who.user) },
      { method: 'PATCH', path: victimPath(`/members/${encodeURIComponent(victim.owner.uid)}`), authorization: bearer(who.user), body: JSON.stringify({ role: 'viewer' }) },
      { method: 'PATCH', path: victimPath(`/members/${encodeURIComponent(victim.admin.uid)}`), authorization: bearer(who.user), body: JSON.stringify({ role: 'staff' }) },
    ],
  },
  { name: 'writes above the role (a viewer writing; staff sending admin writes)', push: true, requests: (who) => [push(who, [{ id: who.next, name: 'POST /api/users', query: {}, body: userBody('Mallory', 'mallory@example.com') }, { id: who.next + 1, name: 'DELETE /api/users', query: { id: '1' }, body: null }, { id: who.next + 2, name: 'DELETE /api/products', query: { id: '1' }, body: null }])] },
  {
    name: 'bearer tokens: garbage, missing, another project’s, expired, no subject, a subject too long, another scheme, 12 KB',
    requests: (who) =>
      [
        'Bearer garbage',
        'Bearer ',
        undefined,
        `Bearer ${tokenFor(who.user, 'demo-another-project')}`,
        `Bearer ${tokenFor(who.user, 'shop-admin-prod')}`,
        `Bearer ${tokenFor(who.user, PROJECT_ID, -3600)}`,
        `Bearer ${tokenWith(who.user, { sub: '', user_id: '' })}`,
        `Bearer ${tokenWith(who.user, { sub: 'x'.repeat(200), user_id: 'x'.repeat(200) })}`,
        `Basic ${Buffer.from(`${who.user.uid}:x`).toString('base64')}`,
        `Bearer ${'x'.repeat(12_000)}`,
      ].map((authorization) => ({ ...push(who, [ticket(who.next)]), authorization })),
  },
  { name: 'routes and methods that do not exist, a URL not encoded right', requests: (who) => [{ method: 'PUT', path: victimPath('/push'), authorization: bearer(who.user), body: '{}' }, { method: 'GET', path: victimPath('/records'), authorization: bearer(who.user) }, { method: 'GET', path: '/v1/shops/%E0%A4%A/members', authorization: bearer(who.user) }, { method: 'GET', path: '/v1/../v1/shops', authorization: 'Bearer x' }] },
  {
    name: 'more event streams at once than allowed (11), all dropped',
    streams: true,
    requests: (who) => Array.from({ length: 11 }, () => ({ method: 'GET', path: victimPath('/events'), authorization: bearer(who.user) })),
  },
];

/** Opens an event stream and keeps it open (its headers are the answer); `drop` closes it. */
function openStream(request: Request): Promise<Answer & { drop: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method: 'GET', path: request.path, headers: request.authorization ? { authorization: request.authorization } : {}, agent: false });
    req.on('response', (res) => {
      if (res.statusCode === 200) return resolve({ status: 200, headers: res.headers, text: '', drop: () => req.destroy() });
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), drop: () => req.destroy() }));
    });
    req.on('error', reject);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  stub = await startAuthEmulatorStub();
  // Hundreds of requests a minute from each sender: the rate limit would answer 429 before the checks under test.
  databaseUrl = await freshDatabase();
  // Refusals held 0.3 s (1 s when deployed): the kinds meet the hold, and the test stays short.
  server = new ServerProcess(await freePort(), databaseUrl, stub.host, { SHOP_SERVER_REQUESTS_PER_MINUTE: '1000000', SHOP_SERVER_REFUSAL_HOLD_MS: '300' });
  await server.start();
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  victim = await setUpVictim();
  const honestOwner = newUser('honest-owner');
  honestShopId = ((await api('POST', '/v1/shops', honestOwner, { name: 'Honest shop' })).shop as { id: string }).id;
  honestMembers = [newUser('honest-a'), newUser('honest-b')];
  for (const member of honestMembers) {
    const invited = await api('POST', `/v1/shops/${honestShopId}/members`, honestOwner, { email: member.email, role: 'admin' });
    await api('POST', `/v1/invitations/${(invited.invitation as { id: string }).id}/accept`, member);
  }
  sampler = setInterval(() => {
    const kb = statusKb('VmRSS');
    rssPeakKb = Math.max(rssPeakKb, kb);
    rssKindKb = Math.max(rssKindKb, kb);
    rssSamples++;
  }, 25);
}, 60_000);

afterAll(async () => {
  clearInterval(sampler);
  await db?.end();
  await server?.stop();
  await stub?.close();
});

/** The answer is a 4xx (or a 429) JSON with a message. */
function expectRefusal(answer: Answer, label: string) {
  const text = `${label}: ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, text).toBeGreaterThanOrEqual(400);
  expect(answer.status, text).toBeLessThan(500);
  expect(answer.headers['content-type'], text).toMatch(/^application\/json/);
  const message = (JSON.parse(answer.text) as { message?: unknown }).message;
  expect(typeof message, text).toBe('string');
  expect((message as string).length, text).toBeGreaterThan(0);
}

interface PushResult {
  id: number;
  status: string;
  code?: number;
  message?: string;
}

describe('hostile clients: a stranger, a viewer and a staff member of the victim’s shop', () => {
  it('every kind is refused (4xx JSON with a message, or each mutation refused), nothing else changes, memory stays bounded, honest pushes go on', async () => {
    const honest = honestMembers.map((member, i) => honestLoop(member, honestShopId, `honest-device-${i}`));
    const statuses: Record<string, Record<SenderName, number[]>> = {};
    const rssByKind: Record<string, Partial<Record<SenderName, number>>> = {};
    const msByKind: Record<string, number> = {};
    const clientOf = { stranger: 'stranger-device', viewer: 'viewer-phone', staff: 'staff-phone' } as const;
    let requests = 0;
    let cut = 0;
    try {
      for (const kind of kinds) {
        statuses[kind.name] = { stranger: [], viewer: [], staff: [] };
        for (const name of ['stranger', 'viewer', 'staff'] as const) {
          const user = name === 'stranger' ? newUser('stranger') : victim[name];
          const before = await state();
          const clientId = clientOf[name];
          const last = before.clients.get(`${victim.shopId} ${clientId}`)?.last ?? 0;
          const who: Who = { name, user, clientId, last, next: last + 1 };
          const label = `${kind.name} (${name})`;
          rssKindKb = statusKb('VmRSS');
          const started = performance.now();
          const sent = await kind.requests(who);
          const answers: Answer[] = [];
          const open: Array<() => void> = [];
          if (kind.streams) {
            const opened = await Promise.all(sent.map(openStream));
            answers.push(...opened);
            open.push(...opened.map((stream) => stream.drop));
          } else {
            for (const request of sent) answers.push(await send(request));
          }
          requests += sent.length;
          statuses[kind.name]![name] = answers.map((answer) => answer.status);
          (rssByKind[kind.name] ??= {})[name] = Math.round(rssKindKb / 1024);
          msByKind[kind.name] = (msByKind[kind.name] ?? 0) + performance.now() - started;

          // Each answer: a refusal, or (a member's) a push refused mutation by mutation, or a stream a member may open.
          const refusedPushes: Array<{ clientId: string; results: PushResult[] }> = [];
          for (const [i, answer] of answers.entries()) {
            const what = `${label} #${i + 1}`;
            if (answer.status === 200 && kind.streams && name !== 'stranger') {
              expect(answer.headers['content-type'], what).toMatch(/^text\/event-stream/);
              continue;
            }
            if (answer.status === 200 && kind.push && name !== 'stranger' && answer.clientId) {
              const { results } = JSON.parse(answer.text) as { results: PushResult[] };
              for (const result of results) {
                expect(['rejected', 'skipped'], `${what}: ${JSON.stringify(result).slice(0, 300)}`).toContain(result.status);
                if (result.status === 'rejected') {
                  expect(result.code, what).toBeGreaterThanOrEqual(400);
                  expect(result.code, what).toBeLessThan(500);
                  expect(result.message, what).toEqual(expect.any(String));
                }
              }
              refusedPushes.push({ clientId: answer.clientId, results });
              continue;
            }
            // A body past the push limit: the server answered 413 and stopped reading, and the connection was cut under the sender.
            if (answer.status === 0 && kind.name.includes('over the push limit')) {
              cut++;
              continue;
            }
            expectRefusal(answer, what);
          }
          if (kind.streams && name !== 'stranger') {
            // Ten a user at once (the default): the eleventh is refused, 429.
            expect(answers.filter((a) => a.status === 200).length, label).toBe(10);
            expect(answers.filter((a) => a.status === 429).length, label).toBe(1);
          }
          for (const drop of open) drop();

          // The database: as before, but for what the refusals write.
          const after = await state(before.auditSeq);
          expect(after.digests, label).toEqual(before.digests);
          const rejected = refusedPushes.flatMap(({ clientId: pushed, results }) => results.filter((r) => r.status === 'rejected').map((r) => ({ clientId: pushed, ...r })));
          const lines = await db.query<{ client_id: string; uid: string; mutation_id: string; result: string; message: string }>(
            'SELECT client_id, uid, mutation_id, result, message FROM audit WHERE seq > $1 AND shop_id <> $2 ORDER BY seq',
            [before.auditSeq, honestShopId],
          );
          expect(
            lines.rows.map((line) => ({ clientId: line.client_id, uid: line.uid, id: Number(line.mutation_id), result: line.result, message: line.message })),
            label,
          ).toEqual(rejected.map((r) => ({ clientId: r.clientId, uid: user.uid, id: r.id, result: 'rejected', message: r.message })));
          const moved = new Map<string, number>();
          for (const r of rejected) moved.set(`${victim.shopId} ${r.clientId}`, Math.max(moved.get(`${victim.shopId} ${r.clientId}`) ?? 0, r.id));
          for (const key of new Set([...before.clients.keys(), ...after.clients.keys()])) {
            const was = before.clients.get(key);
            const now = after.clients.get(key);
            if (!moved.has(key)) {
              expect(now?.text, `${label}: client ${key}`).toBe(was?.text);
              continue;
            }
            // Claimed by the sender on first use, its last id now the last refused one.
            expect(now, `${label}: client ${key}`).toMatchObject({ uid: user.uid, last: moved.get(key) });
            if (was) expect(was.uid, `${label}: client ${key}`).toBe(user.uid);
          }
        }
      }
      // Still up, and it answers honestly.
      expect((await send({ method: 'GET', path: '/healthz' })).status).toBe(200);
    } finally {
      await Promise.all(honest.map((loop) => loop.stop()));
      const peakMb = Math.max(rssPeakKb, statusKb('VmHWM')) / 1024;
      const latencies = honest.flatMap((loop) => loop.latencies).sort((a, b) => a - b);
      const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0);
      console.info(
        `hostile clients: ${kinds.length} kinds × 3 senders, ${requests} requests (${cut} cut off while sending a body past the limit); server RSS peak ${peakMb.toFixed(0)} MB (${rssSamples} samples + VmHWM); ` +
          `honest pushes applied ${honest.reduce((n, loop) => n + loop.applied, 0)} (p50 ${at(0.5)} ms, p99 ${at(0.99)} ms)`,
      );
      console.info(
        Object.entries(statuses)
          .map(([kind, by]) => `  ${kind}: ${Object.entries(by).map(([who, s]) => `${who} ${[...new Set(s)].join('/')}`).join(', ')}; RSS ≤ ${Object.values(rssByKind[kind] ?? {}).join('/')} MB; ${Math.round(msByKind[kind] ?? 0)} ms`)
          .join('\n'),
      );
    }
    expect(server.pid, `the server process ended: ${server.output.slice(-2_000)}`).toBeDefined();
    expect(server.output, 'the server logged an unexpected error').not.toMatch(/unexpected error/);
    expect(Math.max(rssPeakKb, statusKb('VmHWM')) / 1024).toBeLessThan(RSS_CAP_MB);
    for (const loop of honest) {
      expect(loop.problems, 'honest pushes').toEqual([]);
      expect(loop.applied).toBeGreaterThan(20);
    }
    const stored = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE shop_id = $1 AND kind = 'users'", [honestShopId]);
    expect(stored.rows[0]!.n).toBe(honest.reduce((n, loop) => n + loop.applied, 0));
  }, 180_000);
});
