import { defineConfig } from 'vitest/config';
import { alias } from './vite.config';

/**
 * `npm run test:long`: the suites too slow for `npm test` (README, "Tests"), against a real
 * PostgreSQL (the server tests' set-up: PG_TEST_PORT).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'long',
    environment: 'node',
    include: ['tests/long/**/*.test.ts', 'tests/sync/ten-thousand-writes.test.ts'],
    globalSetup: ['tests/server/global-setup.ts'],
    // The sync harness's devices (tests/sync/device.ts): fake IndexedDB and the worker's globals.
    setupFiles: ['tests/setup/fake-indexeddb.ts', 'tests/setup/worker-globals.ts'],
    pool: 'forks',
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
  },
});
