// bench-sync's settings (environment variables, defaults, goals), read once and checked at start.
export const ORDERS = Number(process.env.BENCH_SYNC_ORDERS ?? 100_000);
export const SAMPLES = Number(process.env.BENCH_SYNC_SAMPLES ?? 20);
export const BURST_SAMPLES = 10;
// Pause between two of A's writes, after B showed the last: past B's list refresh window (0.4 s), and within it.
export const GAP_MS = 1_500;
export const BURST_GAP_MS = 100;
export const REPLAY = Number(process.env.BENCH_SYNC_REPLAY ?? 1_000);
// The field part's offline writes (issue 35: 10,000; the Sync page then holds 500 entries).
export const FIELD_WRITES = Number(process.env.BENCH_SYNC_FIELD ?? 10_000);
export const RUNS = Number(process.env.BENCH_SYNC_RUNS ?? 120);
// The local comparison's calls come in this many rounds, the builds alternating (a busy machine's swings fall on both).
export const ROUNDS = 12;
export const TEAM_PORT = Number(process.env.BENCH_SYNC_PORT || 4373);
export const PG_PORT = Number(process.env.BENCH_SYNC_PG_PORT || 54371);
export const PG_DATA = process.env.BENCH_SYNC_PG_DATA || '.data/postgres-bench-sync';
const EMULATOR_PORT = Number(process.env.AUTH_EMULATOR_PORT) || 9099;
export const EMULATOR = `http://127.0.0.1:${EMULATOR_PORT}`;
export const PROJECT_ID = 'demo-shop-admin';
export const API_KEY = 'demo-api-key';
export const PASSWORD = 'Bench-pass-123';
export const CHUNK = 5_000;
export const SHOP_ORDERS = 50;
export const SEARCH = 'son';
// BENCH_SYNC_PARTS=first (or visible,replay,first,local,customer,client,field; default all): only those parts run and print.
export const PARTS = new Set((process.env.BENCH_SYNC_PARTS || 'visible,replay,first,local,customer,client,field').split(',').map((part) => part.trim()));
export const GOALS = { syncVisibleP95Ms: 500, replay1kMs: 10_000, apiDuringReplayP95Ms: 50, firstSync100kMs: 20_000, firstScreen100kMs: 3_000, localRatio: 1.1, customerFirstSyncMs: 1_500, clientInitialJsGzipKB: 150, replay10kMs: 60_000, apiDuringReplay10kP95Ms: 50, syncPageWith500ConflictsMs: 500 };

for (const [name, value] of Object.entries({ ORDERS, SAMPLES, REPLAY, RUNS, FIELD: FIELD_WRITES })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_SYNC_${name} must be a whole number ≥ 1`);
}
for (const part of PARTS) if (!['visible', 'replay', 'first', 'local', 'customer', 'client', 'field'].includes(part)) throw new Error(`BENCH_SYNC_PARTS: unknown part "${part}" (visible, replay, first, local, customer, client, field)`);
if (PARTS.has('local') && !PARTS.has('first')) throw new Error('BENCH_SYNC_PARTS: "local" times the device of "first": name both');
if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new Error('Run through scripts/with-auth-emulator.mjs (npm run bench:sync): the server checks tokens against the Auth emulator.');

export const log = (...args) => console.log('[bench:sync]', ...args);
