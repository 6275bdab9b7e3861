/* global document, MutationObserver -- page.evaluate callbacks run in the browser */
// 7. Back from the field (issue 35, "Speed"): replay10kMs, apiDuringReplay10kP95Ms,
// syncPageWith500ConflictsMs. The owner's device A syncs a shop of 50 members and 30 orders, goes
// offline and makes BENCH_SYNC_FIELD (10,000) writes in its page, the mix of
// tests/sync/ten-thousand-writes.test.ts with members for the refusals: creations, edits of its new
// users, order status changes, each member's phone once and address often, deletions of its new
// users. Meanwhile a team member (the admin, through the server's push from here) changes every
// member's phone and deletes 9 members. A reconnects: the time to its outbox empty with the server
// holding an audit line (applied or refused) for each write; A's page times its list calls
// meanwhile (as replay.mjs does) and reads the header's "Sending n of N" progress from the status.
// At 10,000 writes A then holds 500 entries on its Sync page (9 × 51 refused, 41 overwritten):
// the time from a click on Settings → Sync to its first screen (the list's rows and its pager).
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile, round } from '../lib/figures.mjs';
import { loadOrdersOnServer, v1 } from './accounts.mjs';
import { api, chooseShop, installApi, waitSynced } from './pages.mjs';
import { FIELD_WRITES, log } from './settings.mjs';

const MEMBERS = 50;
const ORDERS = 30;
const GONE = 9;
const NEW_PHONE = '+47 555 00 001';
const TEAM_PHONE = '+47 555 99 999';
const SYNC_PAGE_SAMPLES = 5;

const userBody = (name) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, role: 'Tester', status: 'verified', address: 'Norway', phone: '+47 555 01 234' });

/** The mix of `total` writes (its parts scaled from 10,000: 3,000 creations, 1,950 edits of them, 1,500 statuses, 50 phones, 2,500 addresses, 1,000 deletions). */
export function fieldMix(total) {
  const part = (n) => Math.max(1, Math.round((n * total) / 10_000));
  const created = part(3_000);
  const deleted = Math.min(created, part(1_000));
  const statuses = part(1_500);
  const addresses = Math.max(MEMBERS, Math.round(part(2_500) / MEMBERS) * MEMBERS);
  const edits = Math.max(0, total - created - deleted - statuses - MEMBERS - addresses);
  return { created, edits, statuses, phones: MEMBERS, addresses, deleted, total: created + edits + statuses + MEMBERS + addresses + deleted };
}

/** One push from here as `account` (its own client id, mutation ids from `firstId`): every result applied, else an error. */
async function pushAll(serverUrl, account, shopId, clientId, firstId, mutations) {
  const answer = await v1(serverUrl, 'POST', `/v1/shops/${shopId}/push`, account, { clientId, mutations: mutations.map((m, i) => ({ id: firstId + i, query: {}, ...m })) });
  const failed = answer.results.filter((result) => result.status !== 'applied');
  if (failed.length) throw new Error(`${clientId}: ${failed.length} not applied, e.g. ${JSON.stringify(failed[0]).slice(0, 300)}`);
  return answer.results;
}

/** Every user on the device (pages of 1,000). */
async function allUsers(page) {
  const users = [];
  for (let n = 1; ; n++) {
    const got = (await api(page, 'GET', `/api/users?pageSize=1000&page=${n}`)).body.users;
    users.push(...got);
    if (got.length < 1000) return users;
  }
}

/** A makes the writes offline, in its page, one after another: the time and the failures. */
function writeOffline(page, mix, members, orderIds) {
  return page.evaluate(
    async ({ mix, members, orderIds, newPhone }) => {
      const started = performance.now();
      const failed = [];
      const write = async (method, path, body, expected) => {
        const answer = await globalThis.benchApi(method, path, body);
        if (answer.status !== expected && failed.length < 5) failed.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        return answer.body;
      };
      const body = (name, role = 'Tester') => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, role, status: 'verified', address: 'Norway', phone: '+47 555 01 234' });
      const created = [];
      for (let i = 0; i < mix.created; i++) created.push((await write('POST', '/api/users', body(`Field ${i}`), 201))?.user?.id);
      for (let i = 0; i < mix.edits; i++) {
        const n = i % (mix.created - mix.deleted);
        await write('PUT', `/api/users?id=${created[n]}`, body(`Field ${n}`, `Picker ${i}`), 200);
      }
      for (let i = 0; i < mix.statuses; i++) await write('PATCH', `/api/orders?id=${orderIds[i % orderIds.length]}`, { status: Math.floor(i / orderIds.length) % 2 === 0 ? 'pending' : 'new' }, 200);
      for (const member of members) await write('PUT', `/api/users?id=${member.id}`, { ...member, phone: newPhone }, 200);
      for (let i = 0; i < mix.addresses; i++) {
        const member = members[i % members.length];
        await write('PUT', `/api/users?id=${member.id}`, { ...member, phone: newPhone, address: `Field camp ${i}` }, 200);
      }
      for (const id of created.slice(mix.created - mix.deleted)) await write('DELETE', `/api/users?id=${id}`, undefined, 200);
      return { ms: performance.now() - started, failed };
    },
    { mix, members, orderIds, newPhone: NEW_PHONE },
  );
}

/** The team member's edits while A is away: every member's phone, then GONE members deleted (pushed from here as the admin). */
async function teamEdits(serverUrl, admin, shopId, members) {
  const clientId = `bench-sync-field-team-${shopId.slice(0, 8)}`;
  await pushAll(serverUrl, admin, shopId, clientId, 1, members.map((member) => ({ name: 'PUT /api/users', query: { id: String(member.id) }, body: { ...member, phone: TEAM_PHONE } })));
  await pushAll(serverUrl, admin, shopId, clientId, members.length + 1, members.slice(0, GONE).map((member) => ({ name: 'DELETE /api/users', query: { id: String(member.id) } })));
}

/**
 * Where the replay's time went, from the audit lines' times (one per write, applied or refused):
 * reconnect → the server's first line, first → last line, last line → the outbox seen empty. The
 * first → last span is split at the worker's pushes (PUSH_BATCH writes each, read from
 * sw/sync/push.ts; the client's mutation ids start at 1): the gap before each push's first line
 * is the time between two pushes (the worker taking the answer and reading the next batch, the
 * round trip, the server's checks before its first write), the rest the server applying writes.
 */
async function replaySplit(db, shopId, uid, total, started, emptyAt) {
  const { rows } = await db.query(
    `SELECT mutation_id, extract(epoch FROM at) * 1000 AS at FROM (SELECT seq, mutation_id, at FROM audit WHERE shop_id = $1 AND uid = $2 ORDER BY seq DESC LIMIT $3) t ORDER BY seq`,
    [shopId, uid, total],
  );
  const batch = pushBatch();
  const times = rows.map((row) => Number(row.at));
  let between = 0;
  let pushes = 1;
  const writes = [];
  for (let i = 1; i < rows.length; i++) {
    const gap = times[i] - times[i - 1];
    if ((Number(rows[i].mutation_id) - 1) % batch === 0) {
      between += gap;
      pushes++;
    } else writes.push(gap);
  }
  const applying = writes.reduce((a, b) => a + b, 0);
  return {
    pushBatch: batch,
    toFirstLine: Math.round(times[0] - started),
    serverFirstToLast: Math.round(times.at(-1) - times[0]),
    applyingMs: Math.round(applying),
    perWriteP50Ms: round(quantile(writes, 0.5)),
    perWriteP95Ms: round(quantile(writes, 0.95)),
    betweenPushesMs: Math.round(between),
    pushes,
    lastLineToOutboxEmpty: Math.round(emptyAt - times.at(-1)),
  };
}

/** The worker's writes per push (sw/sync/push.ts's PUSH_BATCH), for the split. */
function pushBatch() {
  const source = readFileSync(new URL('../../sw/sync/push.ts', import.meta.url), 'utf8');
  return Number(/export const PUSH_BATCH = (\d+)/.exec(source)?.[1] ?? 100);
}

/** From a click on Settings → Sync (on Settings → Profile) to the list's first rows and its pager shown, timed in the page. */
function openSyncPage(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const shown = () => document.querySelector('ul[aria-label="Refused and overwritten changes"] > li') && /of [\d,]+/.test(document.querySelector('nav[aria-label="Pages of the list"]')?.textContent ?? '');
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error('the Sync page did not show its list in 30 s'));
        }, 30_000);
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          const ms = performance.now() - started;
          observer.disconnect();
          clearTimeout(timer);
          resolve({ ms, pager: document.querySelector('nav[aria-label="Pages of the list"]').textContent });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const links = [...document.querySelectorAll('a[href="/settings/sync"]')];
        const link = links.find((a) => a.textContent.trim() === 'Sync') ?? links[0];
        if (!link) reject(new Error('no Settings → Sync link'));
        const started = performance.now();
        link.click();
      }),
  );
}

export async function fieldTrip({ a, adminAccount, serverUrl, owner, db, shopId }) {
  const mix = fieldMix(FIELD_WRITES);
  // The team's records before the trip.
  const setupClient = `bench-sync-field-setup-${shopId.slice(0, 8)}`;
  await pushAll(serverUrl, owner, shopId, setupClient, 1, Array.from({ length: MEMBERS }, (_, i) => ({ name: 'POST /api/users', body: userBody(`Member ${i}`) })));
  const orderIds = await loadOrdersOnServer(serverUrl, owner, shopId, ORDERS, 'new');
  await chooseShop(a, shopId);
  let members = [];
  await waitSynced(a, async () => (members = await allUsers(a.page)).length === MEMBERS);
  members.sort((x, y) => Number(x.id) - Number(y.id));

  const auditLines = async () => Number((await db.query(`SELECT count(*) AS n FROM audit WHERE shop_id = $1 AND uid = $2`, [shopId, owner.uid])).rows[0].n);
  const before = await auditLines();
  await a.context.setOffline(true);
  log(`A offline: ${mix.total} writes (${JSON.stringify(mix)})…`);
  const made = await writeOffline(a.page, mix, members, orderIds);
  if (made.failed.length) throw new Error(`offline writes failed: ${made.failed.join('; ')}`);
  const waiting = (await api(a.page, 'GET', '/api/sync/status')).body.pending;
  log(`made in ${Math.round(made.ms)} ms; ${waiting} waiting. The team edits ${MEMBERS} phones and deletes ${GONE} members…`);
  if (waiting !== mix.total) throw new Error(`${waiting} waiting, not ${mix.total}`);
  await teamEdits(serverUrl, adminAccount, shopId, members);

  // The page keeps asking for lists while the worker replays, and reads the progress the header shows.
  await a.page.evaluate(() => {
    const state = { times: [], progress: [], stop: false };
    globalThis.benchDuringReplay = state;
    state.done = (async () => {
      for (let i = 0; !state.stop; i++) {
        const answer = await globalThis.benchApi('GET', i % 2 === 0 ? '/api/users?page=1' : '/api/orders?page=1');
        if (answer.status !== 200) throw new Error(`during the replay: ${answer.status}`);
        state.times.push(answer.ms);
      }
    })();
    state.watching = (async () => {
      while (!state.stop) {
        const { body } = await globalThis.benchApi('GET', '/api/sync/status');
        if (body.pushing) state.progress.push(body.pushing.sent);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
  });
  const started = Date.now();
  await a.context.setOffline(false);
  let emptyAt = null;
  let serverAt = null;
  while (emptyAt === null || serverAt === null) {
    if (Date.now() - started > 600_000) throw new Error(`the replay of ${mix.total} did not finish in 600 s`);
    if (emptyAt === null && (await api(a.page, 'GET', '/api/sync/status')).body.pending === 0) emptyAt = Date.now();
    if (serverAt === null && (await auditLines()) - before >= mix.total) serverAt = Date.now();
    await sleep(100);
  }
  const during = await a.page.evaluate(async () => {
    const state = globalThis.benchDuringReplay;
    state.stop = true;
    await Promise.all([state.done, state.watching]);
    return { times: state.times, progress: state.progress };
  });
  const results = Object.fromEntries(
    (await db.query(`SELECT result, count(*) AS n FROM (SELECT result FROM audit WHERE shop_id = $1 AND uid = $2 ORDER BY seq DESC LIMIT $3) t GROUP BY result`, [shopId, owner.uid, mix.total])).rows.map((row) => [row.result, Number(row.n)]),
  );
  const replayMs = Math.max(emptyAt, serverAt) - started;
  const split = await replaySplit(db, shopId, owner.uid, mix.total, started, emptyAt);
  log(`split: ${JSON.stringify(split)}`);
  log(`replayed in ${replayMs} ms (${JSON.stringify(results)}); /api during it: ${during.times.length} calls; progress read ${during.progress.length} times`);

  // The Sync page with the entries the replay left.
  await waitSynced(a);
  const entries = (await api(a.page, 'GET', '/api/sync/conflicts?page=1&pageSize=1')).body.total;
  log(`${entries} entries on the Sync page; opening it ${SYNC_PAGE_SAMPLES} times from Settings → Profile…`);
  const opens = [];
  for (let i = 0; i < SYNC_PAGE_SAMPLES; i++) {
    await a.page.goto('/settings');
    await a.page.locator('a[href="/settings/sync"]').first().waitFor({ timeout: 60_000 });
    await installApi(a.page, a.token);
    // The profile screen settled first (its own loads out of the way).
    await sleep(1_000);
    const open = await openSyncPage(a.page);
    opens.push(open.ms);
    if (i === 0) log(`first screen: ${round(open.ms)} ms ("${open.pager.replace(/\s+/g, ' ').trim()}")`);
  }
  return {
    replay10kMs: replayMs,
    replay10kWrites: mix.total,
    replay10kResults: results,
    replay10kServerHasAllMs: serverAt - started,
    replay10kSplitMs: split,
    replay10kOfflineWritesMs: Math.round(made.ms),
    replay10kProgressReads: during.progress.length,
    replay10kProgressMax: during.progress.length ? Math.max(...during.progress) : null,
    apiDuringReplay10kP95Ms: round(quantile(during.times, 0.95)),
    apiDuringReplay10kP50Ms: round(quantile(during.times, 0.5)),
    apiDuringReplay10kCalls: during.times.length,
    syncPageWith500ConflictsMs: round(quantile(opens, 0.5)),
    syncPageConflictsFirstMs: round(opens[0]),
    syncPageConflictsMaxMs: round(Math.max(...opens)),
    syncPageConflicts: entries,
    syncPageSamples: opens.map(round),
  };
}
