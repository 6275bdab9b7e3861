import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { alias } from './vite.config';
import { messageCatalogs } from './build/message-catalogs';

/** Test files that replace modules (vi.mock) or globals (vi.stubGlobal): run in a fresh module graph. */
const ISOLATED = [
  'tests/unit/app/account-security.test.ts',
  'tests/unit/app/dashboard-prefetch.test.ts',
  'tests/unit/app/dashboard-screens.test.ts',
  'tests/unit/app/api-upload.test.ts',
  'tests/unit/app/csv-export.test.ts',
  'tests/unit/app/team-build.test.ts',
  'tests/unit/app/errors-at-root.test.ts',
  'tests/unit/app/start-locale.test.ts',
  'tests/unit/app/startup-messages.test.ts',
  'tests/unit/app/reload-prompt.test.ts',
];

export default defineConfig({
  plugins: [messageCatalogs()],
  resolve: { alias },
  test: {
    environment: 'node',
    setupFiles: ['tests/setup/fake-indexeddb.ts', 'tests/setup/worker-globals.ts', 'tests/setup/messages.ts', 'tests/setup/preact-markup.ts'],
    // The libraries that import React (every package in node_modules whose package.json names
    // react or react-dom) run through Vite, as the app's code does, so that they get Preact's
    // compat layer too (vite.config.ts's alias): Node would load React itself, whose elements
    // Preact does not render. A new such library belongs here.
    server: {
      deps: {
        inline: [
          /[\\/]node_modules[\\/](@lingui[\\/]react|@tanstack[\\/]react-|@radix-ui[\\/]|@floating-ui[\\/]react-dom|@visx[\\/]|react-hook-form|@hookform[\\/]|react-hot-toast|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|dexie-react-hooks|use-sync-external-store)/,
        ],
      },
    },
    // The random-data equivalence tests take seconds; a busy 2-core CI machine must not time them out.
    testTimeout: 30_000,
    // Vitest's default is one worker per core minus one: a single worker on this 2-core machine,
    // with the other core idle. Test files are independent (each its own fake IndexedDB), and two
    // workers cut the run's time (README "Tests").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each project extends the settings above, whose lists it would add to: so each names its own files.
    projects: [
      {
        // Most files share their worker's module graph (no fresh import of the back end, zod and
        // Dexie per file: ~40 % of the run); each still gets its own databases (unique names)
        // and its setup files.
        extends: true,
        test: { name: 'shared', isolate: false, include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/domain/**/*.test.ts'], exclude: ISOLATED },
      },
      {
        // Files that mock modules or stub globals get a fresh module graph each.
        extends: true,
        test: { name: 'isolated', include: ISOLATED },
      },
      {
        // The shop server against a real PostgreSQL (started once by the global setup; each
        // file its own database). Not extended: none of the browser set-up files apply.
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // Each file in its own process: firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from the environment.
          pool: 'forks',
          isolate: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The worker's sync against a real shop server and PostgreSQL (the server project's set-up),
        // each device its own fake IndexedDB.
        extends: true,
        test: {
          name: 'sync',
          include: ['tests/sync/**/*.test.ts'],
          // Minutes long (10,000 writes through fake IndexedDB): in `npm run test:long`.
          exclude: ['tests/sync/ten-thousand-writes.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          pool: 'forks',
          isolate: true,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
