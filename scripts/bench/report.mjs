// bench.mjs's printout: tables of the figures against their goals, then the result as one JSON line.
import { quantile, tableLine } from '../lib/figures.mjs';
import { USERS_GOALS, USERS_TYPING_GOAL_MS } from '../bench-users.mjs';
import { SCREENS, SCREEN_LOAD_GOAL_MS } from '../bench-screens.mjs';
import { COLD_GOALS, DASHBOARDS, DASHBOARD_COLD_GOAL_MS, DASHBOARD_GOAL_MS, DEEP_PAGE, GOALS, IN_FLIGHT, NAIVE_MAX_ROWS, ROWS, RUNS, SCALE_BASE_ROWS, SEARCH, USER_ROWS, WARMUP, round } from './settings.mjs';

/** Prints what main measured (its names), the JSON line last. */
export function printReport(measured) {
  const { cases, sortCases, ordersScreenCases, scaleCases, results, naive, same, userCases, userResults, userSeed, typingByTerm, dashboards, dashboardColdMs } = measured;
  const { cold, coldMs, searchFirst, workerHeapMb, screenLoads, screenLoadMs, scale, seed, floor, initialJs, dashboardJs, sampleActivity, locales } = measured;
  const typing = typingByTerm.map((t) => t.ms);
  const quantiles = (list, q) => Object.fromEntries(list.map(([key]) => [key, round(quantile(results[key].times, q))]));
  const p95 = quantiles([...cases, ...sortCases, ...ordersScreenCases], 0.95);
  const p50 = quantiles([...cases, ...sortCases, ...ordersScreenCases], 0.5);
  const naiveP95 = naive && round(quantile(naive.times, 0.95));
  const naiveP50 = naive && round(quantile(naive.times, 0.5));

  const widths = [42, 9, 9, 9, 9, 10, 5];
  console.log('');
  console.log(`Orders: ${ROWS} bulk-inserted + 15 sample; ${RUNS} timed calls each after ${WARMUP} warm-up calls (fetch + JSON, in the page)`);
  console.log(tableLine(['query', 'p50 ms', 'p95 ms', 'max ms', 'first ms', 'total', 'goal'], widths));
  for (const [key] of [...cases, ...sortCases, ...ordersScreenCases]) {
    const r = results[key];
    const ok = p95[key] <= GOALS[key];
    // The summary cards answer an array (no meta): their total is the Total Orders card's.
    const total = r.meta?.total ?? r.cards?.[0]?.totalOrder ?? '';
    console.log(tableLine([r.label, p50[key], p95[key], round(Math.max(...r.times)), round(r.firstMs), total, `${ok ? 'ok' : 'MISS'} ≤${GOALS[key]}`], widths));
  }
  const userQuantiles = (q) => Object.fromEntries(userCases.map(([key]) => [key, round(quantile(userResults[key].times, q))]));
  const usersP95 = userQuantiles(0.95);
  const usersP50 = userQuantiles(0.5);
  console.log('');
  console.log(`Users: ${USER_ROWS} bulk-inserted + 14 sample (seeded in ${Math.round(userSeed.ms)} ms)`);
  console.log(tableLine(['query', 'p50 ms', 'p95 ms', 'max ms', 'first ms', 'total', 'goal'], widths));
  for (const [key] of userCases) {
    const r = userResults[key];
    const ok = usersP95[key] <= USERS_GOALS[key];
    console.log(tableLine([r.label, usersP50[key], usersP95[key], round(Math.max(...r.times)), round(r.firstMs), r.meta.total, `${ok ? 'ok' : 'MISS'} ≤${USERS_GOALS[key]}`], widths));
  }
  const typingP95 = round(quantile(typing, 0.95));
  const slowest = [...typingByTerm].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(
    tableLine([`typing a search in /users (keystroke → rows)`, round(quantile(typing, 0.5)), typingP95, round(Math.max(...typing)), '', typing.length, `${typingP95 <= USERS_TYPING_GOAL_MS ? 'ok' : 'MISS'} ≤${USERS_TYPING_GOAL_MS}`], widths),
  );
  console.log(`  slowest terms: ${slowest.map((t) => `"${t.term}" ${round(t.ms)} ms`).join(', ')}`);
  console.log('');
  console.log(`Dashboards (${ROWS} orders, ${USER_ROWS} users): warm p95 of the slowest period, first call after a worker restart`);
  console.log(tableLine(['dashboard', 'p95 ms', 'first ms', '', '', '', 'goal'], widths));
  for (const name of DASHBOARDS) {
    const p = dashboards.warm[name];
    const c = dashboards.cold[name];
    const ok = p !== null && p <= DASHBOARD_GOAL_MS && c <= DASHBOARD_COLD_GOAL_MS;
    console.log(tableLine([name, p ?? 'n/a (404)', c ?? '', '', '', '', p === null ? '' : `${ok ? 'ok' : 'MISS'} ≤${DASHBOARD_GOAL_MS}/${DASHBOARD_COLD_GOAL_MS}`], widths));
  }
  console.log('');
  console.log(`Orders: the first call after a worker restart (${ROWS} orders)`);
  console.log(tableLine(['query', 'ms', '', '', '', '', 'goal'], widths));
  for (const [key, label] of [
    ['page1', 'page 1 (stored head)'],
    ['search', `search=${SEARCH} (stored index loaded)`],
  ]) {
    console.log(tableLine([label, coldMs[key], '', '', '', '', `${coldMs[key] <= COLD_GOALS[key] ? 'ok' : 'MISS'} ≤${COLD_GOALS[key]}`], widths));
  }
  console.log(`  the cold search's load, in the worker (Server-Timing): ${searchFirst.timing.replace(/;desc="[^"]*"/g, '') || 'n/a'}`);
  console.log(`worker heap with the order index loaded: ${workerHeapMb ?? 'n/a'} MB`);
  console.log('');
  console.log(`Screens: a full load (navigation → the data shown), ${ROWS} orders and ${USER_ROWS} users, median of ${screenLoads.orders.length} loads`);
  console.log(tableLine(['screen', 'p50 ms', 'max ms', '', '', '', 'goal'], widths));
  for (const [key, path] of SCREENS) {
    console.log(tableLine([path, screenLoadMs[key], round(Math.max(...screenLoads[key])), '', '', '', `${screenLoadMs[key] <= SCREEN_LOAD_GOAL_MS ? 'ok' : 'MISS'} ≤${SCREEN_LOAD_GOAL_MS}`], widths));
  }
  console.log('');
  // The scaled run: the same warm queries at SCALE_BASE_ROWS and at ROWS, in this one run.
  let scaleRatio = null;
  if (scale) {
    scaleRatio = Object.fromEntries(scaleCases.map(([key]) => [key, round(p95[key] / scale.baseP95[key])]));
    const phases = (save) => (save ? `${Object.entries(save).map(([name, ms]) => `${name} ${ms} ms`).join(', ')}` : 'not reported');
    console.log(`Orders: warm p95 at ${SCALE_BASE_ROWS} and at ${ROWS} orders, in this run (goal: within 2×)`);
    console.log(tableLine(['query', `p95 ${SCALE_BASE_ROWS}`, `p95 ${ROWS}`, 'ratio', '', '', 'goal'], widths));
    for (const [key] of scaleCases) {
      console.log(tableLine([results[key].label, scale.baseP95[key], p95[key], `${scaleRatio[key]}×`, '', '', `${scaleRatio[key] <= 2 ? 'ok' : 'MISS'} ≤2×`], widths));
    }
    console.log(`worker heap with the order index loaded: ${scale.baseHeapMb ?? 'n/a'} MB at ${SCALE_BASE_ROWS} orders, ${workerHeapMb ?? 'n/a'} MB at ${ROWS}`);
    console.log(`idle-time save of the order index after the import (in the worker): at ${SCALE_BASE_ROWS} orders ${phases(scale.baseSave)}; at ${ROWS} ${phases(scale.fullSave)}`);
    console.log('');
  }
  if (naive) {
    const speedup = naiveP95 / p95.search;
    console.log(tableLine([`naive search=${SEARCH} (getAll + filter)`, naiveP50, naiveP95, round(Math.max(...naive.times)), '', naive.total, ''], widths));
    console.log('');
    console.log(`search vs naive (p95): ${round(speedup)}× faster (goal ≥ 20×: ${speedup >= 20 ? 'ok' : 'MISS'}); same rows and total: ${same ? 'yes' : 'NO'}`);
  } else {
    console.log(`naive baseline: not run past ${NAIVE_MAX_ROWS} orders`);
  }
  console.log(`seeding ${ROWS} rows: ${Math.round(seed.ms)} ms in ${seed.calls} calls (goal ≤ 5000 ms: ${seed.ms <= 5000 ? 'ok' : 'MISS'})`);
  console.log(
    `  in the worker, summed over the calls (they overlap, ${IN_FLIGHT} in flight): ${Object.entries(seed.phases).map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')}`,
  );
  console.log(
    `one record per order instead (raw IndexedDB adds, no worker, no validation): ${floor.rows} in ${Math.round(floor.ms)} ms, i.e. ~${Math.round((floor.ms / floor.rows) * ROWS)} ms for ${ROWS} rows`,
  );
  console.log(
    `first calls after the import: search ${round(results.search.firstMs)} ms (merges the last imported rows into the order index), page ${DEEP_PAGE} ${round(results.deepPage.firstMs)} ms (reads its orders' blocks)`,
  );
  console.log(
    `first calls after a worker restart: page 1 ${round(cold.page1)} ms (starts the worker, answers from the stored head of the order index), then search ${round(cold.search)} ms, page ${DEEP_PAGE} ${round(cold.deepPage)} ms (the stored index loaded meanwhile); a search as the first call after another restart ${round(cold.searchFirst)} ms`,
  );
  console.log(
    `initial JS for /login: ${round(initialJs.kb)} KB gzip in ${initialJs.files.length} files (goal ≤ 170 KB: ${initialJs.kb <= 170 ? 'ok' : 'MISS'}); the service worker script, fetched in the background, is another ${round(initialJs.swKb)} KB gzip`,
  );
  const dashboardJsKB = Math.max(...Object.values(dashboardJs));
  console.log(
    `first-visit JS for a dashboard route (signed in): ${Object.entries(dashboardJs).map(([name, kb]) => `${name} ${kb}`).join(', ')} KB gzip (goal ≤ 250 KB: ${dashboardJsKB <= 250 ? 'ok' : 'MISS'})`,
  );
  console.log('');
  console.log(
    JSON.stringify({
      rows: ROWS,
      seedMs: Math.round(seed.ms),
      p95Ms: quantiles(cases, 0.95),
      p50Ms: quantiles(cases, 0.5),
      ordersSortP95Ms: quantiles(sortCases, 0.95),
      ordersP95Ms: quantiles(ordersScreenCases, 0.95),
      naiveSearchP95Ms: naiveP95,
      coldMs,
      workerHeapMb,
      ...(scale && {
        scaleRatio,
        scaleP95Ms: { [SCALE_BASE_ROWS]: scale.baseP95, [ROWS]: Object.fromEntries(scaleCases.map(([key]) => [key, p95[key]])) },
        workerHeapMbByRows: { [SCALE_BASE_ROWS]: scale.baseHeapMb, [ROWS]: workerHeapMb },
        indexSaveMs: { [SCALE_BASE_ROWS]: scale.baseSave, [ROWS]: scale.fullSave },
      }),
      usersP95Ms: usersP95,
      usersTypingMs: typingP95,
      dashboardP95Ms: dashboards.warm,
      dashboardColdMs,
      screenLoadMs,
      initialJsGzipKB: round(initialJs.kb),
      dashboardJsGzipKB: dashboardJsKB,
      localeSwitchMs: locales.localeSwitchMs,
      localeChunkGzipKB: locales.localeChunkGzipKB,
      ...sampleActivity,
    }),
  );
}
