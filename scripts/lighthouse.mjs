// Lighthouse (12, mobile profile, simulated throttling: its defaults) on the built app:
// /login signed out, and the Learning management and Sales dashboards signed in. Run through
// `npm run lighthouse`, which builds and starts the Auth emulator first. Uses `vite preview`
// on port 4173 (started here unless one already answers there), Chromium from CHROME_PATH or
// /usr/bin/chromium when present (else chrome-launcher's own search), and a fresh profile.
//
// Each page is audited LIGHTHOUSE_RUNS times (default 3) and the run of median performance kept.
// Prints a table of scores (0-100), the audits that keep a category under its goal, and last
// a JSON line: {"login":{"performance":…,"accessibility":…,"bestPractices":…,"seo":…},"learning":{…},"sales":{…}}.
// Full HTML and JSON reports go to test-results/lighthouse/ (or LIGHTHOUSE_REPORT_DIR).
// Exits 1 when a goal is missed. LIGHTHOUSE_PAGES=login (comma-separated: login, learning,
// sales) audits only those pages; LIGHTHOUSE_SAVE_TRACE=1 also writes each page's Chrome trace
// (<page>.trace.json, for DevTools' Performance panel; =profile puts V8's sampling profile in it).
// (Lighthouse 12 has no PWA category any more; installability is checked here with Chrome's
// own Page.getInstallabilityErrors instead, and printed.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse, { generateReport } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumPath, ensurePreview } from './lib/browser.mjs';
import { createEmulatorAccount, signInThroughForm } from './lib/emulator-sign-in.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4173);
const BASE_URL = `http://localhost:${PORT}`;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 1);
const REPORTS = process.env.LIGHTHOUSE_REPORT_DIR
  ? pathToFileURL(`${process.env.LIGHTHOUSE_REPORT_DIR.replace(/\/$/, '')}/`)
  : new URL('../test-results/lighthouse/', import.meta.url);

const CATEGORIES = [
  { id: 'performance', key: 'performance', label: 'Performance' },
  { id: 'accessibility', key: 'accessibility', label: 'Accessibility' },
  { id: 'best-practices', key: 'bestPractices', label: 'Best practices' },
  { id: 'seo', key: 'seo', label: 'SEO' },
];

/** Each audited page's goals (the least score per category; null: no goal). */
const LOGIN_GOALS = { performance: 95, accessibility: 95, bestPractices: 100, seo: null };
// Issue #11's budget for the signed-in dashboards: performance ≥ 90, accessibility 100.
const DASHBOARD_GOALS = { performance: 90, accessibility: 100, bestPractices: 100, seo: null };
const ALL_PAGES = [
  { name: 'login', path: '/login', goals: LOGIN_GOALS },
  { name: 'learning', path: '/learning-management', goals: DASHBOARD_GOALS, signedIn: true },
  { name: 'sales', path: '/sales', goals: DASHBOARD_GOALS, signedIn: true },
];
// LIGHTHOUSE_PAGES=login (or learning,sales): audit only these pages (a shorter locked run).
const wantedPages = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const unknownPages = wantedPages.filter((name) => !ALL_PAGES.some((p) => p.name === name));
if (unknownPages.length) throw new Error(`LIGHTHOUSE_PAGES: unknown page ${unknownPages.join(', ')} (known: ${ALL_PAGES.map((p) => p.name).join(', ')})`);
const PAGES = wantedPages.length ? ALL_PAGES.filter((p) => wantedPages.includes(p.name)) : ALL_PAGES;

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];


async function installability(page) {
  const cdp = await page.createCDPSession();
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  return installabilityErrors.map((e) => e.errorId);
}

async function audit(name, path, port, page, flags = {}) {
  const url = `${BASE_URL}${path}`;
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      onlyCategories: CATEGORIES.map((c) => c.id),
      // LIGHTHOUSE_SAVE_TRACE=profile: V8's sampling profiler too (which functions the long
      // tasks run; it slows the page, so not for scores).
      ...(process.env.LIGHTHOUSE_SAVE_TRACE === 'profile' ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
      ...flags,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // The run's Chrome trace, when asked for (the median run's is written, see auditMedian).
  const trace = process.env.LIGHTHOUSE_SAVE_TRACE ? result.artifacts.Trace : undefined;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: the audit is not of the page asked for`);
  }
  const scores = {};
  for (const c of CATEGORIES) {
    const score = lhr.categories[c.id]?.score;
    scores[c.key] = score == null ? null : Math.round(score * 100);
  }
  return { name, path, lhr, trace, scores, benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) };
}

/** Audits a page RUNS times and keeps the run of median performance (Lighthouse's advice for noisy metrics). */
async function auditMedian(name, path, port, page, flags = {}) {
  const results = [];
  for (let i = 0; i < RUNS; i++) results.push(await audit(name, path, port, page, flags));
  const sorted = [...results].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  median.allPerformance = results.map((r) => r.scores.performance);
  median.allBenchmarkIndex = results.map((r) => r.benchmarkIndex);
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(new URL(`${name}.html`, REPORTS), generateReport(median.lhr, 'html'));
  if (median.trace) writeFileSync(new URL(`${name}.trace.json`, REPORTS), JSON.stringify(median.trace));
  writeFileSync(new URL(`${name}.json`, REPORTS), JSON.stringify(median.lhr, null, 2));
  return median;
}

/** The audits of a category that cost it points: scored below 1, weighted, or metrics of performance. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const lines = [];
  for (const ref of category.auditRefs) {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'informative') continue;
    if (a.score >= 1 && !(categoryId === 'performance' && ref.weight > 0 && a.score < 0.9)) continue;
    if (ref.weight === 0 && a.scoreDisplayMode !== 'metricSavings') continue;
    const value = a.displayValue ? ` (${a.displayValue})` : '';
    const weight = ref.weight > 0 ? ` weight ${ref.weight}` : '';
    lines.push(`    - ${a.id}: ${a.title}${value}, score ${Math.round(a.score * 100)}${weight}`);
    const items = a.details?.items ?? [];
    for (const item of items.slice(0, 5)) {
      const what = item.node?.snippet ?? item.node?.selector ?? item.url ?? item.source?.url ?? item.description ?? '';
      const why = item.node?.explanation ? `: ${item.node.explanation.replace(/\s+/g, ' ')}` : '';
      if (what || why) lines.push(`        ${String(what).slice(0, 160)}${why.slice(0, 240)}`);
    }
  }
  return lines;
}

const chromePath = () => process.env.CHROME_PATH ?? chromiumPath();

const stopPreview = await ensurePreview(PORT);
const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS, logLevel: 'error' });
let browser;
const runs = [];
let installErrors;
try {
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = (await browser.pages())[0] ?? (await browser.newPage());

  // Signed out: Lighthouse resets the origin's storage first (its default), so a cold load.
  for (const { name, path, goals } of PAGES.filter((p) => !p.signedIn)) {
    runs.push({ ...(await auditMedian(name, path, chrome.port, page)), goals });
  }

  // Signed in: same Chrome, storage kept, so the session (and the service worker) stay.
  if (PAGES.some((p) => p.signedIn)) await signInThroughForm(page, BASE_URL, await createEmulatorAccount('lighthouse'));
  for (const { name, path, goals } of PAGES.filter((p) => p.signedIn)) {
    runs.push({ ...(await auditMedian(name, path, chrome.port, page, { disableStorageReset: true })), goals });
  }
  // On the last page audited (the app either way).
  installErrors = await installability(page);
} finally {
  await browser?.disconnect();
  chrome.kill();
  stopPreview();
}

const pad = (s, n) => String(s).padEnd(n);
// A score and its goal: "97 (>= 95)", "88 (>= 90) MISSED", "100" when it has none.
const cellOf = (score, goal) => {
  if (goal == null) return score ?? '-';
  const missed = score == null || score < goal;
  return `${score ?? '-'} (${goal === 100 ? '100' : `>= ${goal}`})${missed ? ' MISSED' : ''}`;
};
console.log('');
console.log(`${pad('Page (score, goal)', 34)}${CATEGORIES.map((c) => pad(c.label, 22)).join('')}`);
for (const run of runs) {
  console.log(`${pad(`${run.name} (${run.path})`, 34)}${CATEGORIES.map((c) => pad(cellOf(run.scores[c.key], run.goals[c.key]), 22)).join('')}`);
}
if (RUNS > 1) {
  for (const run of runs) console.log(`${run.name}: performance of the ${RUNS} runs ${run.allPerformance.join(', ')} (the median run is shown)`);
}
console.log(`CPU benchmark index (Lighthouse's; a typical desktop is 1000-2500, lower means a busy or slow machine): ${runs.map((r) => `${r.name} ${r.allBenchmarkIndex.join(', ')}`).join('; ')}`);
console.log(`\nInstallable (Chrome's Page.getInstallabilityErrors): ${installErrors.length ? installErrors.join(', ') : 'yes, no errors'}`);
console.log(`Reports: ${fileURLToPath(REPORTS)}{${runs.map((r) => r.name).join(',')}}.html`);

let missed = installErrors.length > 0;
for (const run of runs) {
  for (const c of CATEGORIES) {
    const score = run.scores[c.key];
    const goal = run.goals[c.key];
    const under = goal != null && (score == null || score < goal);
    if (under) missed = true;
    if (score != null && score < 100) {
      const lines = failingAudits(run.lhr, c.id);
      if (lines.length) console.log(`\n${run.name}, ${c.label} ${score}${under ? ` (goal ${goal})` : ''}:\n${lines.join('\n')}`);
    }
  }
}

console.log(JSON.stringify(Object.fromEntries(runs.map((r) => [r.name, r.scores]))));
process.exitCode = missed ? 1 : 0;
