import { availableParallelism } from 'node:os';
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
    // Vitest's default is one worker per core minus one: a single worker on this 2-core machine,
    // with the other core idle. Test files are independent (each its own fake IndexedDB), and two
    // workers cut the run's time (README "Tests").
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
