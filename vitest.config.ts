import { defineConfig } from 'vitest/config';
import { alias } from './vite.config';

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/property/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/fake-indexeddb.ts', 'tests/setup/worker-globals.ts'],
    // The random-data equivalence tests take seconds; a busy 2-core CI machine must not time them out.
    testTimeout: 30_000,
  },
});
