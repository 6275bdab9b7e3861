// bench.mjs's settings (environment variables, defaults, goals), read once and checked at start.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { round as roundTo } from '../lib/figures.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = `${ROOT}dist`;
export const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
export const USER_ROWS = Number(process.env.BENCH_USER_ROWS ?? 100_000);
export const RUNS = Math.max(50, Number(process.env.BENCH_RUNS ?? 60));
export const NAIVE_RUNS = Math.max(50, Number(process.env.BENCH_NAIVE_RUNS ?? 50));
export const WARMUP = 5;
export const CHUNK = 5_000;
export const FLOOR_ROWS = 10_000;
export const IN_FLIGHT = Math.max(1, Number(process.env.BENCH_IN_FLIGHT ?? 2));
export const SEARCH = process.env.BENCH_SEARCH ?? 'son';
export const DEEP_PAGE = 5_000;
export const STATUS = 'pending';
// The Auth emulator scripts/with-auth-emulator.mjs runs (AUTH_EMULATOR_PORT moves it; build the app to match).
export const EMULATOR = `http://127.0.0.1:${Number(process.env.AUTH_EMULATOR_PORT) || 9099}`;
export const API_KEY = 'demo-api-key';
export const PASSWORD = 'Bench-pass-123';
// Sorted queries (sort=…) have the goals of their unsorted kind: page 1, a deep page, a search.
export const DASHBOARDS = ['learning', 'job', 'analytics', 'sales', 'saas'];
export const DASHBOARD_PERIODS = ['week', 'month', 'year'];
export const DASHBOARD_GOAL_MS = 100;
export const DASHBOARD_COLD_GOAL_MS = 1000;
// The first list call after a worker restart (issue 14): page 1, and a search (each after its own restart).
export const COLD_GOALS = { page1: 150, search: 400 };
// Past this many orders the naive baseline (every order decoded per call) is not run: at
// 1,000,000 orders one call decodes ~600 MB of JSON in the page.
export const NAIVE_MAX_ROWS = 200_000;
// Past this many orders the import's bodies are made as they are sent rather than all first
// (all 1,000,000 orders' bodies at once are ~600 MB in the page); seedMs then includes making them.
export const PREBUILT_MAX_ROWS = 200_000;
// Past this many orders the warm order queries are also timed at this many, in the same run
// (seeded first, timed, then the rest seeded): the 2× goal of issue 14 compares the two on
// the same machine state, not two runs of a shared machine under different loads.
export const SCALE_BASE_ROWS = Number(process.env.BENCH_SCALE_BASE_ROWS ?? 100_000);
export const GOALS = { seedList: 10, page1: 25, deepPage: 50, statusFilter: 25, search: 75, amountDesc: 25, customerDeepPage: 50, sortedSearch: 75, histories: 25, dateRange: 25, sortAmount: 25 };
// The month the date-range query asks for (the generated orders span 2019–2026: ~1/96 of them).
export const RANGE = { from: '2024-03-01', to: '2024-03-31' };

if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error('BENCH_ROWS must be a whole number ≥ 1');
if (!existsSync(`${DIST}/index.html`)) throw new Error('No build in dist/: run `npm run build` first (npm run bench does).');

/** This bench's figures are rounded to 0.01 ms, as docs/performance.md quotes them (the sync and server benches' to 0.1). */
export const round = (n) => roundTo(n, 2);
