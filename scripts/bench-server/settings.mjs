// bench-server's settings (environment variables, defaults, goals), read once and checked at start.
import { fileURLToPath } from 'node:url';

/** The repository's root (the servers' working directory). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
export const FULL_ROWS = Number(process.env.BENCH_FULL_ROWS ?? 100_000);
export const PULLS = Number(process.env.BENCH_PULLS ?? 300);
export const EVENTS = Number(process.env.BENCH_EVENTS ?? 60);
export const CUSTOMER_FIRST_PULLS = Number(process.env.BENCH_CUSTOMER_FIRST_PULLS ?? 5);
export const CUSTOMER_CHANGES = Number(process.env.BENCH_CUSTOMER_CHANGES ?? 100);
export const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 2_000);
export const PG_PORT = Number(process.env.BENCH_PG_PORT || 54329);
export const PG_DATA = process.env.BENCH_PG_DATA || '.data/postgres-bench';
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
export const CHUNK = 5_000;
export const PROJECT_ID = 'demo-shop-bench';
export const MEMBERS = 10;
export const GOALS = { pushPerSec: 1000, pushP99Ms: 100, pullUpToDateP95Ms: 10, fullPull100kMs: 6000, serverRssMB: 250, crossCopyEventP95Ms: 200, customerPullP95Ms: 10, customerPullChangeP95Ms: 20 };

for (const [name, value] of Object.entries({ SECONDS, CLIENTS, FULL_ROWS, PULLS, EVENTS, CUSTOMER_FIRST_PULLS, CUSTOMER_CHANGES })) {
  if (!(value > 0)) throw new Error(`BENCH_${name} must be a positive number`);
}

export const log = (...args) => console.error('[bench:server]', ...args);
