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
    include: ['tests/long/**/*.test.ts'],
    globalSetup: ['tests/server/global-setup.ts'],
    pool: 'forks',
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
  },
});
