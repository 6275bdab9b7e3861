// Start-up cost of a signed-in page, for comparing builds on a busy machine (issue #11's
// Lighthouse work): `npm run lighthouse` simulates a slow phone from wall-clock task times, which
// the shared machine's load inflates from run to run. This loads the page in Chromium (signed in
// on the Auth emulator, the service worker in control, as Lighthouse's signed-in runs) and reads
// each main-thread task's CPU time from the trace instead, which the load barely moves:
//   cpuTBT = Σ over tasks after the first paint of max(0, 4 × CPU ms − 50)
// (Lighthouse's 4× CPU slowdown and 50 ms threshold), with the tasks over 12.5 CPU ms listed.
//
//   npm run build && node scripts/with-auth-emulator.mjs "node scripts/startup-probe.mjs"
//   PROBE_DIRS=dist,dist-b   builds to compare (each served by `vite preview` on its own port,
//                            loaded in turn, PROBE_RUNS times each, default 5); the medians last
//   PROBE_PATH=/sales        the page (default /learning-management)
//   PROBE_DETAIL=1           also V8's sampling profile: each long task's busiest chunks and functions
// Not a test and no goal: Lighthouse (npm run lighthouse) stays the measure of record.
import { spawn } from 'node:child_process';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumPath } from './lib/browser.mjs';
import { answers } from './lib/child-processes.mjs';
import { createEmulatorAccount, signInThroughForm } from './lib/emulator-sign-in.mjs';

const PATH = process.env.PROBE_PATH ?? '/learning-management';
const RUNS = Math.max(1, Number(process.env.PROBE_RUNS ?? 5) || 1);
const DIRS = (process.env.PROBE_DIRS ?? 'dist').split(',').map((dir) => dir.trim()).filter(Boolean);
const DETAIL = !!process.env.PROBE_DETAIL;
const FIRST_PORT = Number(process.env.PROBE_PORT ?? 4650);

const cpuMs = (task) => (task.tdur ?? task.dur) / 1000;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const shortUrl = (url) => (url ?? '').replace(/.*\//, '');

/** `vite preview` of `dir` on `port`; resolves with its stop function once it answers. */
async function serve(dir, port) {
  const child = spawn('npx', ['vite', 'preview', '--outDir', dir, '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
  const url = `http://localhost:${port}/`;
  for (let i = 0; i < 150 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 200));
  if (!(await answers(url))) throw new Error(`vite preview of ${dir} did not start on port ${port}`);
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
}

/** [time, profile node] of each CPU sample V8 took on the thread (PROBE_DETAIL). */
function samplesOf(events, pid, tid) {
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') profiles.set(e.id, { tid: e.tid, start: e.args.data.startTime, nodes: new Map(), samples: [], deltas: [] });
    if (e.name === 'ProfileChunk') {
      const p = profiles.get(e.id); if (!p) continue;
      const d = e.args.data;
      for (const n of d.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
      p.samples.push(...(d.cpuProfile?.samples ?? [])); p.deltas.push(...(d.timeDeltas ?? []));
    }
  }
  const out = [];
  for (const p of profiles.values()) {
    if (p.tid !== tid) continue;
    for (const n of p.nodes.values()) if (n.parent) n.parentNode = p.nodes.get(n.parent);
    for (const n of p.nodes.values()) for (const c of n.children ?? []) { const child = p.nodes.get(c); if (child) child.parentNode = n; }
    let t = p.start;
    p.samples.forEach((id, i) => { t += p.deltas[i]; out.push([t, p.nodes.get(id)]); });
  }
  return out.filter(([, n]) => n);
}

/** One traced load of the page: cpuTBT, the main thread's CPU total and the long tasks. */
async function measure(page, base) {
  await page.goto('about:blank');
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel', 'v8', 'blink.user_timing'];
  if (DETAIL) categories.push('disabled-by-default-v8.cpu_profiler');
  await page.tracing.start({ categories });
  await page.goto(`${base}${PATH}`, { waitUntil: 'load' });
  await page.waitForSelector('main h1', { timeout: 60_000 });
  // What start-up and the first data do after the heading (charts, the tables below the fold).
  await new Promise((r) => setTimeout(r, 4000));
  const events = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8')).traceEvents;
  const navigation = events.filter((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').startsWith(base)).at(-1);
  const firstPaint = navigation && events.find((e) => e.name === 'firstContentfulPaint' && e.ts > navigation.ts);
  if (!firstPaint) throw new Error(`No navigation or first paint of ${base}${PATH} in the trace`);
  const onMain = (e) => e.ph === 'X' && e.pid === navigation.pid && e.tid === navigation.tid;
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ts > navigation.ts);
  const afterPaint = tasks.filter((t) => t.ts >= firstPaint.ts).sort((a, b) => a.ts - b.ts);
  const long = afterPaint.filter((t) => cpuMs(t) > 12.5);
  const at = (t) => Math.round((t.ts - navigation.ts) / 1000);
  const lines = [];
  if (DETAIL) {
    const samples = samplesOf(events, navigation.pid, navigation.tid);
    for (const task of long) {
      const chunks = new Map();
      const functions = new Map();
      for (const [time, node] of samples) {
        if (time < task.ts || time > task.ts + task.dur) continue;
        let withUrl = node;
        while (withUrl && !withUrl.callFrame.url) withUrl = withUrl.parentNode;
        const chunk = withUrl ? shortUrl(withUrl.callFrame.url) : node.callFrame.functionName;
        chunks.set(chunk, (chunks.get(chunk) ?? 0) + 1);
        const fn = `${node.callFrame.functionName || '(anonymous)'}@${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
        functions.set(fn, (functions.get(fn) ?? 0) + 1);
      }
      const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k}=${v}`).join(' ');
      lines.push(`    task at ${at(task)} ms, ${cpuMs(task).toFixed(1)} CPU ms — samples by chunk: ${top(chunks)}`, `      by function: ${top(functions)}`);
    }
  }
  return {
    cpuTBT: Math.round(afterPaint.reduce((sum, t) => sum + Math.max(0, 4 * cpuMs(t) - 50), 0)),
    cpuTotal: Math.round(tasks.reduce((sum, t) => sum + cpuMs(t), 0)),
    long: long.map((t) => `${at(t)}:${cpuMs(t).toFixed(0)}`).join(' '),
    lines,
  };
}

const stops = [];
const browser = await puppeteer.launch({ executablePath: chromiumPath() ?? '/usr/bin/chromium', headless: 'new', args: CHROMIUM_ARGS });
try {
  const builds = [];
  for (const [i, dir] of DIRS.entries()) {
    const base = `http://localhost:${FIRST_PORT + i}`;
    stops.push(await serve(dir, FIRST_PORT + i));
    // Lighthouse's mobile screen; one tab (and origin, so one account) per build.
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    await signInThroughForm(page, base, await createEmulatorAccount('probe'));
    builds.push({ dir, base, page, runs: [] });
  }
  // In turn, so that the machine's load falls on every build alike.
  for (let run = 0; run < RUNS; run++) {
    for (const build of builds) {
      await build.page.bringToFront();
      const result = await measure(build.page, build.base);
      build.runs.push(result);
      console.log(`${build.dir}: cpuTBT ${result.cpuTBT} ms, CPU ${result.cpuTotal} ms, long tasks (at ms:CPU ms) ${result.long}`);
      for (const line of result.lines) console.log(line);
    }
  }
  console.log('');
  for (const build of builds) {
    console.log(`${build.dir} ${PATH}: median cpuTBT ${median(build.runs.map((r) => r.cpuTBT))} ms (runs ${build.runs.map((r) => r.cpuTBT).join(', ')}), median CPU ${median(build.runs.map((r) => r.cpuTotal))} ms`);
  }
} finally {
  await browser.close();
  for (const stop of stops) stop();
}
