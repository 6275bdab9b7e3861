// 4. localVsPlain: today's local figures on the synced team device against the plain build with the
// same orders imported locally, in ROUNDS alternating rounds (RUNS calls of each query per build),
// then the first call after a worker restart. The goal (ratio ≤ 1.1) is judged on the medians: a
// p95 of these 3–5 ms calls moves more than that between two halves of one build's calls
// (localPlainVsPlainP95Ratio, the plain build's odd rounds over its even rounds).
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile, round } from '../lib/figures.mjs';
import { orderFactory } from '../lib/generated-orders.mjs';
import { pageSource } from '../lib/random.mjs';
import { api } from './pages.mjs';
import { CHUNK, ROUNDS, RUNS, SEARCH } from './settings.mjs';

/** Imports the generated orders into the page's own store (as scripts/bench.mjs seeds), 2 calls in flight. */
export async function seedLocally(device, count) {
  await device.page.evaluate(`globalThis.benchOrder = (${pageSource(orderFactory)})()`);
  return device.page.evaluate(
    async ({ count, chunk }) => {
      const started = performance.now();
      const starts = [];
      for (let s = 0; s < count; s += chunk) starts.push(s);
      const bodies = starts.map((s) => {
        const orders = [];
        for (let n = s; n < Math.min(count, s + chunk); n++) orders.push(globalThis.benchOrder(n));
        return new Blob([JSON.stringify({ orders })], { type: 'application/json' });
      });
      let next = 0;
      let inserted = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const answer = await globalThis.benchApi('POST', '/api/orders/bulk', bodies[next++]);
          if (answer.status !== 201) throw new Error(`bulk: ${answer.status}`);
          inserted += answer.body.inserted;
        }
      };
      await Promise.all([worker(), worker()]);
      return { inserted, ms: performance.now() - started };
    },
    { count, chunk: CHUNK },
  );
}

/** Polls page 1 until the worker reports its idle-time save of the order index (so timings do not meet it). */
export async function waitForIndexSave(device, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const { timing } = await api(device.page, 'GET', '/api/orders?page=1');
    if (/index-save-encode/.test(timing)) return true;
    await sleep(500);
  }
  return false;
}

export const perRoundTotal = () => Math.ceil(RUNS / ROUNDS) * ROUNDS;

export const LOCAL_CASES = [
  ['page1', '/api/orders?page=1'],
  ['statusFilter', '/api/orders?status=pending&page=1'],
  ['search', `/api/orders?search=${SEARCH}&page=1`],
  ['sortAmount', '/api/orders?sort=totalAmount&order=desc&page=1'],
  ['salesYear', '/api/dashboards/sales?period=year'],
];
// Worker restarts per build for the cold first call (alternating builds).
export const COLD_ROUNDS = 5;

async function timeCalls(device, path, runs) {
  return device.page.evaluate(
    async ({ path, runs }) => {
      for (let i = 0; i < 5; i++) await globalThis.benchApi('GET', path);
      const times = [];
      let total;
      for (let i = 0; i < runs; i++) {
        const answer = await globalThis.benchApi('GET', path);
        if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
        times.push(answer.ms);
        total = answer.body.meta?.total;
      }
      return { times, total };
    },
    { path, runs },
  );
}

export async function localVsPlain(team, plain) {
  const times = { team: {}, plain: {} };
  const totals = { team: {}, plain: {} };
  const halves = [{}, {}];
  // Alternating rounds, each build first in turn, so both builds meet the same machine.
  const perRound = Math.ceil(RUNS / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, device] of round % 2 === 0 ? [['plain', plain], ['team', team]] : [['team', team], ['plain', plain]]) {
      for (const [key, path] of LOCAL_CASES) {
        const r = await timeCalls(device, path, perRound);
        times[name][key] = [...(times[name][key] ?? []), ...r.times];
        // The plain build's calls split by round parity: two samples of one build, for the noise floor.
        if (name === 'plain') halves[round % 2][key] = [...(halves[round % 2][key] ?? []), ...r.times];
        totals[name][key] = r.total;
      }
    }
  }
  const p95 = (name) => Object.fromEntries(LOCAL_CASES.map(([key]) => [key, round(quantile(times[name][key], 0.95))]));
  const p50 = (name) => Object.fromEntries(LOCAL_CASES.map(([key]) => [key, round(quantile(times[name][key], 0.5))]));
  const localP95Ms = { plain: p95('plain'), team: p95('team') };
  const localP50Ms = { plain: p50('plain'), team: p50('team') };
  const ratio = (of) => Object.fromEntries(LOCAL_CASES.map(([key]) => [key, Math.round((of.team[key] / of.plain[key]) * 100) / 100]));
  // The same ratio between the plain build's odd and even rounds (same build: what the machine alone moves).
  const noise = Object.fromEntries(LOCAL_CASES.map(([key]) => [key, Math.round((quantile(halves[1][key], 0.95) / quantile(halves[0][key], 0.95)) * 100) / 100]));
  const noiseP50 = Object.fromEntries(LOCAL_CASES.map(([key]) => [key, Math.round((quantile(halves[1][key], 0.5) / quantile(halves[0][key], 0.5)) * 100) / 100]));
  const cold = await coldFirstCalls(team, plain);
  return {
    localP50Ms,
    localRatio: ratio(localP50Ms),
    localP95Ms,
    localRatioP95: ratio(localP95Ms),
    localPlainVsPlainP95Ratio: noise,
    localPlainVsPlainP50Ratio: noiseP50,
    localTotals: totals,
    localColdMs: cold,
    localColdRatio: Math.round((cold.team / cold.plain) * 100) / 100,
  };
}

/**
 * The first call after a worker restart (the worker stopped through the DevTools protocol, the
 * next call starting a fresh one), COLD_ROUNDS times per build, alternating: the median of each.
 * The team build's fresh worker also starts its copy's sync (a push and a pull) meanwhile.
 */
async function coldFirstCalls(team, plain) {
  const times = { team: [], plain: [] };
  const sessions = new Map();
  for (const device of [team, plain]) {
    const cdp = await device.context.newCDPSession(device.page);
    await cdp.send('ServiceWorker.enable');
    sessions.set(device, cdp);
  }
  for (let round = 0; round < COLD_ROUNDS; round++) {
    for (const [name, device] of round % 2 === 0 ? [['plain', plain], ['team', team]] : [['team', team], ['plain', plain]]) {
      // A moment idle first, as a worker is before the browser stops it (its deferred saves done).
      await sleep(3_000);
      await sessions.get(device).send('ServiceWorker.stopAllWorkers');
      const answer = await device.page.evaluate(() => globalThis.benchApi('GET', '/api/orders?page=1'));
      if (answer.status !== 200) throw new Error(`cold /api/orders?page=1: ${answer.status}`);
      times[name].push(answer.ms);
    }
  }
  return { team: round(quantile(times.team, 0.5)), plain: round(quantile(times.plain, 0.5)) };
}
