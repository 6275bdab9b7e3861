/* global document, MutationObserver -- page.evaluate callbacks run in the browser */
// 1. syncVisibleP95Ms: A's write (POST /api/users from A's page) to its row in B's /users table
// (a MutationObserver in B's page; both pages' clocks are performance.timeOrigin + now), split at
// the server's commit (its audit line's time): A's push, then B's event, pull, apply and refresh.
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile, round } from '../lib/figures.mjs';
import { installApi } from './pages.mjs';
import { BURST_GAP_MS, BURST_SAMPLES, GAP_MS, SAMPLES } from './settings.mjs';

async function syncVisible(a, b, db, shopId, samplesWanted, gapMs) {
  const samples = [];
  for (let i = -2; i < samplesWanted; i++) {
    const name = `Sync Probe ${Date.now().toString(36)} ${i + 3}`;
    // B watches its table for the name (every DOM change checked), A then writes.
    const seen = b.page.evaluate(
      ({ name }) =>
        new Promise((resolve, reject) => {
          const found = () => [...document.querySelectorAll('table tbody tr')].some((row) => row.textContent.includes(name));
          const timer = setTimeout(() => {
            observer.disconnect();
            reject(new Error(`${name} not shown in 30 s`));
          }, 30_000);
          const observer = new MutationObserver(() => {
            if (!found()) return;
            const at = performance.timeOrigin + performance.now();
            observer.disconnect();
            clearTimeout(timer);
            resolve(at);
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      { name },
    );
    const write = await a.page.evaluate(
      async ({ name }) => {
        const at = performance.timeOrigin + performance.now();
        const answer = await globalThis.benchApi('POST', '/api/users', { name, email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`, role: 'Tester', status: 'verified', address: 'Norway', phone: '+47 555 01 234' });
        if (answer.status !== 201) throw new Error(`POST /api/users: ${answer.status}`);
        return { at, ms: answer.ms };
      },
      { name },
    );
    const shownAt = await seen;
    const committed = await db.query(`SELECT extract(epoch FROM at) * 1000 AS at FROM audit WHERE shop_id = $1 AND name = 'POST /api/users' AND result = 'applied' ORDER BY seq DESC LIMIT 1`, [shopId]);
    const committedAt = Number(committed.rows[0]?.at);
    // B's list refetch that brought the row: its first GET /api/users sent after the commit.
    const refetchAt = await b.page.evaluate((after) => globalThis.benchUsersFetches.find((at) => at > after) ?? null, committedAt);
    if (i >= 0) {
      samples.push({
        total: shownAt - write.at,
        write: write.ms,
        push: committedAt - write.at,
        toScreen: shownAt - committedAt,
        toRefetch: refetchAt === null ? null : refetchAt - committedAt,
        refetchToRow: refetchAt === null ? null : shownAt - refetchAt,
      });
    }
    await sleep(gapMs);
  }
  const pick = (field, q) => round(quantile(samples.map((s) => s[field]).filter((v) => v !== null), q));
  const split = (q) => ({
    localWrite: pick('write', q),
    toServerCommit: pick('push', q),
    serverToScreen: pick('toScreen', q),
    commitToRefetch: pick('toRefetch', q),
    refetchToRow: pick('refetchToRow', q),
  });
  const slowest = [...samples].sort((x, y) => y.total - x.total).slice(0, 3);
  return {
    p95: pick('total', 0.95),
    p50: pick('total', 0.5),
    max: round(Math.max(...samples.map((s) => s.total))),
    splitP50: split(0.5),
    splitP95: split(0.95),
    slowest: slowest.map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, round(v)]))),
  };
}

/**
 * B's list refreshes at most once per LIVE_REFRESH_WINDOW_MS (src/pwa/live-refresh.ts: the first
 * change at once, later ones when the window ends). The goal's figure is an isolated write
 * (GAP_MS after the row before it was shown, past that window); writes coming back to back
 * (BURST_GAP_MS apart) are timed too, since each then waits for the window.
 */
export async function syncVisibleBoth(a, b, db, shopId) {
  await b.page.goto('/users');
  // The list shown: its table, or its empty state in a shop with no users yet.
  await b.page.locator('table, :text("No users yet")').first().waitFor({ timeout: 60_000 });
  await installApi(b.page, b.token);
  // When B's page asks for its users list (the app's fetch, looked up at each call): the refetches' start times.
  await b.page.evaluate(() => {
    const original = globalThis.fetch;
    globalThis.benchUsersFetches = [];
    globalThis.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (/\/api\/users(\?|$)/.test(url)) {
        globalThis.benchUsersFetches.push(performance.timeOrigin + performance.now());
      }
      return original(input, init);
    };
  });
  const isolated = await syncVisible(a, b, db, shopId, SAMPLES, GAP_MS);
  const burst = await syncVisible(a, b, db, shopId, BURST_SAMPLES, BURST_GAP_MS);
  return {
    syncVisibleP95Ms: isolated.p95,
    syncVisibleP50Ms: isolated.p50,
    syncVisibleMaxMs: isolated.max,
    syncVisibleSplitP50Ms: isolated.splitP50,
    syncVisibleSplitP95Ms: isolated.splitP95,
    syncVisibleSlowest: isolated.slowest,
    syncVisibleGapMs: GAP_MS,
    syncVisibleBackToBackP95Ms: burst.p95,
    syncVisibleBackToBackP50Ms: burst.p50,
    syncVisibleBackToBackGapMs: BURST_GAP_MS,
  };
}
