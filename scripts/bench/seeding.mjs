/* global indexedDB -- page.evaluate callbacks run in the browser */
// The orders seeded from the page through POST /api/orders/bulk (so through the worker), the raw
// IndexedDB adds they are compared with, and the scaled run's seeding in two steps.
import { quantile } from '../lib/figures.mjs';
import { orderFactory } from '../lib/generated-orders.mjs';
import { pageSource } from '../lib/random.mjs';
import { callOnce, callTimed, ordersUrl, timeInPage } from './timed-calls.mjs';
import { workerHeapInMb } from './worker-cold-and-heap.mjs';
import { CHUNK, IN_FLIGHT, PREBUILT_MAX_ROWS, ROWS, RUNS, SCALE_BASE_ROWS, round } from './settings.mjs';

/**
 * Runs in the page: generates `rows` orders and posts them in chunks to the bulk endpoint;
 * `from` > 0 continues the sequence of an earlier call (orders from..from+rows-1).
 */
export async function seedInPage(page, token, rows, from = 0) {
  if (from === 0) await page.evaluate(`globalThis.benchOrderFactory = ${pageSource(orderFactory)}; globalThis.benchOrder = globalThis.benchOrderFactory()`);
  return page.evaluate(
    async ({ token, rows, from, chunk, inFlight, prebuilt }) => {
      const order = globalThis.benchOrder;
      const end = from + rows;
      const body = (start) => {
        const orders = [];
        for (let n = start; n < Math.min(end, start + chunk); n++) orders.push(order(n));
        // A Blob body: Chromium hands it to the worker about twice as fast as a string of the
        // same 3 MB (measured: ~70 vs ~150 ms per call here).
        return new Blob([JSON.stringify({ orders })], { type: 'application/json' });
      };
      const starts = [];
      for (let start = from; start < end; start += chunk) starts.push(start);
      // Made in order either way (the factory is one random sequence): all first, or each as it is sent.
      const bodies = prebuilt ? starts.map(body) : starts;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      // Two calls in flight: the worker checks one chunk while the database writes the other.
      const started = performance.now();
      const phases = {};
      let inserted = 0;
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const item = bodies[next++];
          const res = await fetch('/api/orders/bulk', { method: 'POST', headers, body: prebuilt ? item : body(item) });
          const answer = await res.json();
          if (res.status !== 201) throw new Error(`bulk insert failed: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
          inserted += answer.inserted;
          // The worker's Server-Timing: where each call's time went (read, validate, write).
          for (const [, name, ms] of (res.headers.get('server-timing') ?? '').matchAll(/(\w+);dur=([\d.]+)/g)) {
            phases[name] = (phases[name] ?? 0) + Number(ms);
          }
        }
      };
      await Promise.all(Array.from({ length: inFlight }, worker));
      return { ms: performance.now() - started, inserted, calls: bodies.length, phases };
    },
    { token, rows, from, chunk: CHUNK, inFlight: IN_FLIGHT, prebuilt: rows <= PREBUILT_MAX_ROWS },
  );
}

/** Two seedings as one: their times, rows, calls and worker phases summed. */
function addSeeds(a, b) {
  const phases = { ...a.phases };
  for (const [name, ms] of Object.entries(b.phases)) phases[name] = (phases[name] ?? 0) + ms;
  return { ms: a.ms + b.ms, inserted: a.inserted + b.inserted, calls: a.calls + b.calls, phases };
}

/**
 * Waits (polling page 1) for the worker's idle-time save of the order index after an import
 * (3 s after the last write; the parts encoded one at a time, then written), and answers its
 * phases in ms from the Server-Timing of the first call after it; null when none is reported
 * within `timeoutMs`. So the warm queries of the scaled run are timed with no save under way.
 */
export async function waitForIndexSave(page, token, timeoutMs = 300_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const { timing } = await callTimed(page, token, '/api/orders?page=1');
    const phases = Object.fromEntries([...timing.matchAll(/index-save-(\w+);dur=([\d.]+)/g)].map(([, name, ms]) => [name, round(Number(ms))]));
    if ('encode' in phases) return phases;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return null;
}

/**
 * Runs in the page: what one IndexedDB record per order costs in this browser (the layout
 * before blocks): the same generated orders added with raw IndexedDB (no worker, no
 * validation) to a scratch database with that layout's indexes, `chunk` rows per
 * transaction. Deleted afterwards.
 */
export async function rawFloorInPage(page, rows) {
  return page.evaluate(
    async ({ rows, chunk }) => {
      const name = `bench-raw-floor-${Date.now()}`;
      const order = globalThis.benchOrderFactory();
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => {
          const store = open.result.createObjectStore('orders', { keyPath: 'id', autoIncrement: true });
          store.createIndex('createAt', 'createAt');
          store.createIndex('status', 'status');
          store.createIndex('[status+createAt]', ['status', 'createAt']);
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const chunks = [];
      for (let start = 0; start < rows; start += chunk) chunks.push(Array.from({ length: Math.min(chunk, rows - start) }, (_, i) => order(start + i)));
      const started = performance.now();
      for (const orders of chunks) {
        await new Promise((resolve, reject) => {
          const tx = db.transaction('orders', 'readwrite');
          const store = tx.objectStore('orders');
          for (const o of orders) store.add(o);
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
      }
      const ms = performance.now() - started;
      db.close();
      await new Promise((resolve) => {
        const del = indexedDB.deleteDatabase(name);
        del.onsuccess = del.onerror = del.onblocked = resolve;
      });
      return { rows, ms };
    },
    { rows, chunk: CHUNK },
  );
}

/**
 * ROWS orders seeded into the signed-in page. Past SCALE_BASE_ROWS, in two steps: that many first,
 * then (after the worker's idle-time save of the order index) the warm p95 of `scaleCases` and the
 * worker's heap at that size (`scale`), then the rest; so both sizes are timed on one machine state.
 */
export async function seedOrders(browser, baseURL, page, token, scaleCases) {
  let seed;
  let scale = null;
  if (ROWS > SCALE_BASE_ROWS) {
    console.log(`Seeding the first ${SCALE_BASE_ROWS} orders (${CHUNK} per call, ${IN_FLIGHT} in flight), to time the warm queries at that size first…`);
    const first = await seedInPage(page, token, SCALE_BASE_ROWS);
    if (first.inserted !== SCALE_BASE_ROWS) throw new Error(`inserted ${first.inserted} of ${SCALE_BASE_ROWS}`);
    console.log(`Seeded ${SCALE_BASE_ROWS} orders in ${Math.round(first.ms)} ms. Waiting for the worker's idle-time save of the order index (${SCALE_BASE_ROWS} orders)…`);
    const baseSave = await waitForIndexSave(page, token);
    const baseP95 = {};
    for (const [key, label, callerToken, path] of scaleCases) {
      console.log(`Timing ${label} at ${SCALE_BASE_ROWS} orders…`);
      baseP95[key] = round(quantile((await timeInPage(page, callerToken, path, RUNS)).times, 0.95));
    }
    await callOnce(page, token, ordersUrl({ page: '2' }));
    const baseHeapMb = await workerHeapInMb(browser, baseURL);
    console.log(`Seeding the other ${ROWS - SCALE_BASE_ROWS} orders…`);
    const rest = await seedInPage(page, token, ROWS - SCALE_BASE_ROWS, SCALE_BASE_ROWS);
    seed = addSeeds(first, rest);
    console.log(`Waiting for the worker's idle-time save of the order index (${ROWS} orders)…`);
    const fullSave = await waitForIndexSave(page, token);
    scale = { baseP95, baseHeapMb, baseSave, fullSave };
  } else {
    console.log(`Seeding ${ROWS} orders through POST /api/orders/bulk (${CHUNK} per call, ${IN_FLIGHT} in flight)…`);
    seed = await seedInPage(page, token, ROWS);
  }
  return { seed, scale };
}
