// 2. replay1kMs, apiDuringReplayP95Ms: A offline makes REPLAY mutations (a new user and an order's
// status, in turn), then reconnects: the time to A's outbox empty with the server holding every
// one of them, split at the server's first and last applied mutation (the audit's times); the
// page's list calls meanwhile, their p95.
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile, round } from '../lib/figures.mjs';
import { api, waitSynced } from './pages.mjs';
import { REPLAY, log } from './settings.mjs';

export async function replay(a, db, shopId, orderIds, ownerUid) {
  const appliedLines = async () => Number((await db.query(`SELECT count(*) AS n FROM audit WHERE shop_id = $1 AND uid = $2 AND result = 'applied'`, [shopId, ownerUid])).rows[0].n);
  await waitSynced(a);
  const before = await appliedLines();
  await a.context.setOffline(true);
  log(`A offline: ${REPLAY} mutations (a new user, then an order's status, in turn)…`);
  const made = await a.page.evaluate(
    async ({ count, orderIds }) => {
      const status = new Map(orderIds.map((id) => [id, 'new']));
      const started = performance.now();
      let failed = 0;
      for (let i = 0; i < count; i++) {
        let answer;
        if (i % 2 === 0) {
          answer = await globalThis.benchApi('POST', '/api/users', { name: `Offline User ${i}`, email: `offline.user.${i}.${Date.now()}@example.com`, role: 'Tester', status: 'waiting', address: 'Norway', phone: '+47 555 01 234' });
        } else {
          const id = orderIds[((i - 1) / 2) % orderIds.length];
          const to = status.get(id) === 'new' ? 'pending' : 'new';
          answer = await globalThis.benchApi('PATCH', `/api/orders?id=${id}`, { status: to });
          if (answer.status === 200) status.set(id, to);
        }
        if (answer.status >= 300) failed++;
      }
      return { ms: performance.now() - started, failed };
    },
    { count: REPLAY, orderIds },
  );
  if (made.failed) throw new Error(`${made.failed} offline writes failed`);
  const waiting = (await api(a.page, 'GET', '/api/sync/status')).body;
  log(`made in ${Math.round(made.ms)} ms; ${waiting.pending} waiting. Reconnecting…`);
  // The page keeps asking for lists while the worker replays.
  await a.page.evaluate(() => {
    const state = { times: [], stop: false };
    globalThis.benchDuringReplay = state;
    state.done = (async () => {
      for (let i = 0; !state.stop; i++) {
        const answer = await globalThis.benchApi('GET', i % 2 === 0 ? '/api/users?page=1' : '/api/orders?page=1');
        if (answer.status !== 200) throw new Error(`during the replay: ${answer.status}`);
        state.times.push(answer.ms);
      }
    })();
  });
  const started = Date.now();
  await a.context.setOffline(false);
  let emptyAt = null;
  let serverAt = null;
  while (emptyAt === null || serverAt === null) {
    if (Date.now() - started > 300_000) throw new Error('the replay did not finish in 300 s');
    if (emptyAt === null && (await api(a.page, 'GET', '/api/sync/status')).body.pending === 0) emptyAt = Date.now();
    if (serverAt === null && (await appliedLines()) - before >= REPLAY) serverAt = Date.now();
    await sleep(50);
  }
  // Where the time went: reconnect → the server's first applied mutation, first → last (the server applying the pushes).
  const span = await db.query(
    `SELECT extract(epoch FROM min(at)) * 1000 AS first, extract(epoch FROM max(at)) * 1000 AS last FROM (SELECT at FROM audit WHERE shop_id = $1 AND uid = $2 AND result = 'applied' ORDER BY seq DESC LIMIT $3) t`,
    [shopId, ownerUid, REPLAY],
  );
  const firstApplied = Number(span.rows[0].first);
  const lastApplied = Number(span.rows[0].last);
  const times = await a.page.evaluate(async () => {
    const state = globalThis.benchDuringReplay;
    state.stop = true;
    await state.done;
    return state.times;
  });
  return {
    replay1kMs: Math.max(emptyAt, serverAt) - started,
    replayServerHasAllMs: serverAt - started,
    replaySplitMs: { toFirstApplied: Math.round(firstApplied - started), serverFirstToLast: Math.round(lastApplied - firstApplied), lastAppliedToOutboxEmpty: Math.round(emptyAt - lastApplied) },
    replayOfflineWritesMs: Math.round(made.ms),
    replayMutations: REPLAY,
    apiDuringReplayP95Ms: round(quantile(times, 0.95)),
    apiDuringReplayP50Ms: round(quantile(times, 0.5)),
    apiDuringReplayCalls: times.length,
  };
}
