/* global indexedDB -- page.evaluate callbacks run in the browser */
// Calls timed in the page (fetch + JSON body, performance.now()), and the naive baseline: what the
// reference sample back end did (every order read with getAll, filtered and sorted in JavaScript).
import { WARMUP } from './settings.mjs';

/** An orders list URL with these query parameters. */
export const ordersUrl = (params) => `/api/orders?${new URLSearchParams(params)}`;

/** Runs in the page: one call, its time in ms and its Server-Timing header ('' when none). */
export function callTimed(page, token, path) {
  return page.evaluate(
    async ({ token, path }) => {
      const start = performance.now();
      const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
      await res.json();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return { ms: performance.now() - start, timing: res.headers.get('server-timing') ?? '' };
    },
    { token, path },
  );
}

/** Runs in the page: one call, its time in ms. */
export async function callOnce(page, token, path) {
  return (await callTimed(page, token, path)).ms;
}

/** Runs in the page: `runs` timed calls of one list URL after `warmup` untimed ones. */
export async function timeInPage(page, token, path, runs) {
  return page.evaluate(
    async ({ token, path, runs, warmup }) => {
      const headers = { authorization: `Bearer ${token}` };
      const call = async () => {
        const res = await fetch(path, { headers });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        return body;
      };
      const t0 = performance.now();
      const first = await call();
      const firstMs = performance.now() - t0;
      for (let i = 1; i < warmup; i++) await call();
      const times = [];
      let last;
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        last = await call();
        times.push(performance.now() - start);
      }
      // A list answers { <rows>, meta }; the summary cards answer an array of cards.
      const cards = Array.isArray(last) ? last : undefined;
      const rows = cards ? [] : (Object.values(last).find(Array.isArray) ?? []);
      return { times, firstMs, meta: last.meta, cards, ids: rows.map((r) => r.id), firstMeta: first.meta };
    },
    { token, path, runs, warmup: WARMUP },
  );
}

/** Runs in the page: one call's time in ms and its status (a dashboard not built answers 404). */
export function callStatus(page, token, path) {
  return page.evaluate(
    async ({ token, path }) => {
      const start = performance.now();
      const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
      await res.json();
      return { ms: performance.now() - start, status: res.status };
    },
    { token, path },
  );
}

/** Runs in the page: the naive baseline, as the reference sample back end did it. */
export async function timeNaiveInPage(page, dbName, search, runs) {
  return page.evaluate(
    async ({ dbName, search, runs, warmup }) => {
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = () =>
        new Promise((resolve, reject) => {
          // Orders are stored 100 to a record, as JSON (sw/api/order-blocks.ts): every block, decoded.
          const req = db.transaction('orderBlocks').objectStore('orderBlocks').getAll();
          req.onsuccess = () => resolve(req.result.flatMap((block) => JSON.parse(block.json)));
          req.onerror = () => reject(req.error);
        });
      const needle = search.toLowerCase();
      const query = async () => {
        const orders = await all();
        const matches = orders.filter((o) => [o.invoiceId, o.customer.name].some((f) => String(f).toLowerCase().includes(needle)));
        matches.sort((a, b) => (a.createAt < b.createAt ? 1 : a.createAt > b.createAt ? -1 : b.id - a.id));
        return { rows: matches.slice(0, 10), total: matches.length };
      };
      for (let i = 0; i < warmup; i++) await query();
      const times = [];
      let last;
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        last = await query();
        times.push(performance.now() - start);
      }
      db.close();
      return { times, total: last.total, ids: last.rows.map((r) => r.id) };
    },
    { dbName, search, runs, warmup: 2 },
  );
}
