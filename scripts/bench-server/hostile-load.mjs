// The hostile phase's attackers (scripts/bench-server/hostile.mjs), as a process of their own so
// that their work does not delay the honest clients' event loop (it still shares the machine's
// cores with the server, PostgreSQL and the honest clients).
//   HOSTILE_LOAD='{"port":…,"seconds":…,"shopId":…,…}' node scripts/bench-server/hostile-load.mjs
// Prints `ready` once its bodies are built, then, after `seconds`, one JSON line: answers by kind
// of attacker and status (`network` for a connection that failed without an answer).
import http from 'node:http';
import { tokenFor } from './requests.mjs';

const config = JSON.parse(process.env.HOSTILE_LOAD);
const { port, seconds, shopId } = config;
const MB = 1024 * 1024;

// Keep-alive, as browsers and the worker ask (a refused body is then read and dropped, not cut off).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** One request; resolves with its status (0 when the connection failed without an answer). */
function send({ method = 'POST', path, token, body, type = 'application/json', headers = {} }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
    const all = { ...headers };
    if (token !== undefined) all.authorization = token.startsWith('Bearer ') || token.startsWith('Basic ') ? token : `Bearer ${token}`;
    if (payload) {
      all['content-type'] = type;
      all['content-length'] = payload.length;
    }
    let done = false;
    const finish = (status, text = '') => {
      if (done) return;
      done = true;
      resolve({ status, text });
    };
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: all, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => finish(res.statusCode, Buffer.concat(chunks).toString('utf8')));
      res.on('error', () => finish(0));
    });
    req.on('error', () => finish(0));
    req.end(payload);
  });
}

/** An event stream opened and dropped: its status (200 once the first event came). */
function streamOnce(token, holdMs) {
  return new Promise((resolve) => {
    let done = false;
    const finish = (status) => {
      if (done) return;
      done = true;
      resolve(status);
    };
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: `/v1/shops/${shopId}/events`, headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', () => finish(res.statusCode));
        return;
      }
      res.once('data', () => setTimeout(() => {
        req.destroy();
        finish(200);
      }, holdMs));
    });
    req.on('error', () => finish(0));
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Bodies, built once.

const ticket = { firstName: 'Eve', lastName: 'Hostile', email: 'eve@example.com', category: 'orders', subject: 'x', message: 'y' };
const envelope = (clientId, mutations) => JSON.stringify({ clientId, mutations });
const mutation = (id, extra = {}) => ({ id, name: 'POST /api/tickets', query: {}, body: ticket, ...extra });
/** A push whose one mutation's body is `bodyText` (raw JSON). */
const rawPush = (clientId, id, bodyText) => Buffer.from(`{"clientId":"${clientId}","mutations":[{"id":${id},"name":"POST /api/tickets","query":{},"body":${bodyText}}]}`);
// Dense JSON near the limits (server/http/json-cost.ts): just over the density limit (refused
// unparsed), just under it and under the heap cap per body (parsed, then refused by the ticket's
// schema), and 8 MB under the density limit but past the heap cap (refused unparsed).
const overDensity = `[${'{}  ,'.repeat(200_000)}{}]`;
const underDensity = `[${'{}   ,'.repeat(500_000)}{}]`;
const pastHeapCap = `[${'{}   ,'.repeat(1_400_000)}{}]`;

// ---------------------------------------------------------------------------------------------
// The attackers: each a loop until the end, counting answers by status.

const counts = {};
let stop = false;
const count = (kind, status) => {
  const byStatus = (counts[kind] ??= {});
  const key = status === 0 ? 'network' : String(status);
  byStatus[key] = (byStatus[key] ?? 0) + 1;
};

/** Sends `next()` requests until the end; `next` may be async. */
async function loop(kind, next) {
  while (!stop) {
    const request = await next();
    const answer = await send(request);
    count(kind, answer.status);
    request.after?.(answer);
  }
}

/** Non-members hammering the honest shop: every route, each its own fresh account (403, or 401 for a bad token). */
function nonMember(user) {
  const token = tokenFor(user);
  const s = `/v1/shops/${shopId}`;
  const requests = [
    { path: `${s}/push`, token, body: envelope('intruder', [mutation(1)]) },
    { path: `${s}/pull`, token, body: JSON.stringify({ clientId: 'intruder', cookie: 0 }) },
    { method: 'GET', path: `${s}/members`, token },
    { method: 'GET', path: `${s}/audit?limit=200`, token },
    { path: `${s}/members`, token, body: JSON.stringify({ email: user.email, role: 'owner' }) },
    { method: 'GET', path: `${s}/events`, token },
    { path: `${s}/push`, token: 'Bearer garbage', body: envelope('intruder', [mutation(1)]) },
    { path: `${s}/push`, token: `Bearer ${'x'.repeat(2000)}`, body: envelope('intruder', [mutation(1)]) },
  ];
  let i = 0;
  return () => requests[i++ % requests.length];
}

/** An account past its rate: the cheapest signed-in request, flat out (429 once past the minute's 1,200). */
function flooder(user) {
  const token = tokenFor(user);
  return () => ({ method: 'GET', path: '/v1/shops', token });
}

/** A staff member of the honest shop sending broken and refused requests, its own client's ids kept right where that matters. */
function badBodies(user, clientId) {
  const token = tokenFor(user);
  const s = `/v1/shops/${shopId}`;
  let last = 0;
  const next = () => last + 1;
  const after = (answer) => {
    if (answer.status !== 200) return;
    try {
      for (const result of JSON.parse(answer.text).results ?? []) last = Math.max(last, result.id);
    } catch {
      // not a push answer
    }
  };
  const push = (body, type) => ({ path: `${s}/push`, token, body, type, after });
  const requests = [
    () => push('{clientId: x}'),
    () => push(envelope(clientId, [mutation(next())]).slice(0, 40)),
    () => push(envelope(clientId, [mutation(next())]), 'text/plain'),
    () => push(''),
    () => push(`{"clientId":"${clientId}","mutations":[{"id":${next()},"name":"POST /api/tickets","query":{},"body":{"__proto__":{"role":"owner"}}}]}`),
    () => push(envelope(clientId, [{ ...mutation(next()), name: 'DROP TABLE records' }])),
    () => push(envelope(clientId, Array.from({ length: 501 }, (_, i) => mutation(next() + i)))),
    () => push(envelope(clientId, [mutation(next() + 5)])),
    () => push(envelope(clientId, [mutation(next()), mutation(next() + 2)])),
    () => push(envelope(clientId, [mutation(next(), { body: { ...ticket, subject: 'a\u0000b' } })])),
    () => push(envelope(clientId, [mutation(next(), { body: { ...ticket, subject: 'a\ud800b' } })])),
    () => push(`{"clientId":"${clientId}","mutations":[{"id":${next()},"name":"POST /api/tickets","query":{},"body":{"subject":1e400}}]}`),
    () => push(envelope(clientId, [mutation(next(), { pendingIds: Array.from({ length: 1001 }, (_, i) => 2 ** 50 + i) })])),
    () => push(envelope(clientId, [mutation(next(), { pendingIds: [5] })])),
    () => push(envelope(clientId, [{ id: next(), name: 'POST /api/users', query: {}, body: { name: 'Mallory' } }])),
    () => push(envelope('honest-0', [mutation(1)])),
    () => ({ method: 'PATCH', path: `${s}/members/${encodeURIComponent(config.ownerUid)}`, token, body: JSON.stringify({ role: 'viewer' }) }),
    () => ({ method: 'GET', path: `${s}/audit?limit=200`, token }),
    () => ({ path: `${s}/members`, token, body: JSON.stringify({ email: `${'x'.repeat(100_000)}@example.com`, role: 'staff' }) }),
    () => ({ path: `${s}/pull`, token, body: JSON.stringify({ clientId, cookie: `c1.${Buffer.from('[1,"users\\u0000","1"]').toString('base64url')}` }) }),
    () => ({ method: 'GET', path: `/v1/shops/${'a'.repeat(10_000)}/members`, token }),
  ];
  let i = 0;
  return () => requests[i++ % requests.length]();
}

/** An owner of a shop of its own pushing dense JSON near the limits to it, its client's ids kept right. */
function dense(user, ownShopId, clientId) {
  const token = tokenFor(user);
  let last = 0;
  const after = (answer) => {
    if (answer.status !== 200) return;
    for (const result of JSON.parse(answer.text).results ?? []) last = Math.max(last, result.id);
  };
  const bodies = [overDensity, underDensity, pastHeapCap];
  let i = 0;
  return () => ({ path: `/v1/shops/${ownShopId}/push`, token, body: rawPush(clientId, last + 1, bodies[i++ % bodies.length]), after });
}

/** Event streams opened and dropped by members, and now and then a storm of twelve at once (ten a user are allowed). */
async function streams(kind, user) {
  const token = tokenFor(user);
  for (let round = 0; !stop; round++) {
    const statuses = await Promise.all(Array.from({ length: round % 10 === 9 ? 12 : 1 }, () => streamOnce(token, 20 + (round % 3) * 40)));
    for (const status of statuses) count(kind, status);
  }
}

// ---------------------------------------------------------------------------------------------

// BENCH_HOSTILE_KINDS (say `nonMembers,flood`) runs only those kinds: which of them costs the honest clients what.
const only = (process.env.BENCH_HOSTILE_KINDS || 'nonMembers,flood,badBodies,dense,streams').split(',');
const loops = [
  ...(only.includes('nonMembers') ? config.nonMembers.map((user) => loop('nonMembers', nonMember(user))) : []),
  ...(only.includes('flood') ? config.flooders.flatMap((user) => Array.from({ length: config.loopsPerFlooder }, () => loop('flood', flooder(user)))) : []),
  ...(only.includes('badBodies') ? config.staff.flatMap((user, u) => Array.from({ length: config.loopsPerStaff }, (_, l) => loop('badBodies', badBodies(user, `hostile-${u}-${l}`)))) : []),
  ...(only.includes('dense') ? config.denseOwners.flatMap(({ user, shopId: own }, u) => Array.from({ length: config.loopsPerDense }, (_, l) => loop('dense', dense(user, own, `dense-${u}-${l}`)))) : []),
  ...(only.includes('streams') ? config.viewers.flatMap((user) => Array.from({ length: config.loopsPerViewer }, () => streams('streams', user))) : []),
];
console.log(`ready ${loops.length} (${(underDensity.length / MB).toFixed(1)} MB dense bodies)`);
setTimeout(() => {
  stop = true;
}, seconds * 1000);
await Promise.all(loops);
agent.destroy();
console.log(JSON.stringify({ clients: loops.length, byKind: counts }));
process.exit(0);
