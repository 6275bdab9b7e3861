import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/browser";
import { E2E_DIST as DIST, UPDATE_DIST } from "./tests/e2e/support/builds";
import { TEAM_APP_PORT, TEAM_DIST, TEAM_SERVER_PORT } from "./scripts/lib/e2e-team.mjs";

const PORT = Number(process.env.E2E_PORT || 4173);
/**
 * The service-worker update test publishes a new sw.js: on a server and a copy of the build of
 * its own (E2E_UPDATE_PORT, default E2E_PORT + 2; the folder <E2E_DIST>-update, made afresh
 * for each run), so it runs alongside the other tests instead of alone after them.
 */
const UPDATE_PORT = Number(process.env.E2E_UPDATE_PORT || PORT + 2);
/**
 * The spec file of the longest journey, by far: the every-screen check (a run's JSON report,
 * 2026-11-23: 8.7 min at a load of 20–28, a quarter of all the tests' time; the next longest
 * took 1.7–2.2 min). Started last, it ended the run alone.
 */
const LONG_JOURNEYS = /routes\.spec\.ts$/;
/** The demo build (npm run build:demo --base /shop-admin/, into dist-demo) on a plain static server. */
const DEMO_PORT = Number(process.env.DEMO_PORT || 4174);
const DEMO_BASE = "/shop-admin/";
/**
 * The demo project runs by default (`npm run test:e2e` builds dist-demo first; `npm run test:demo`
 * runs it alone). It needs that build: where there is none (a spec run by hand after a plain
 * `npm run build`), it is left out rather than failing on a static server with nothing to
 * serve; E2E_DEMO=1 requires it, E2E_DEMO=0 leaves it out.
 */
const DEMO_DIST = process.env.E2E_DEMO_DIST || 'dist-demo';
const WITH_DEMO = process.env.E2E_DEMO === '1' || (process.env.E2E_DEMO !== '0' && existsSync(`${DEMO_DIST}/index.html`));
const DEMO_ONLY = WITH_DEMO && !!process.env.E2E_DEMO_ONLY;
/**
 * The team project (tests/e2e/team-*.spec.ts: two browser contexts as two devices of a shared
 * shop): the team build (dist-team, scripts/build-team.mjs, VITE_SHOP_SERVER_URL set) on its own
 * preview server (E2E_TEAM_PORT, default E2E_PORT + 3), and a shop server (E2E_SHOP_SERVER_PORT,
 * default 8790) over a PostgreSQL of its own (E2E_PG_PORT, default 54322; .data/postgres-e2e, a
 * fresh database per run), both started here (scripts/e2e-shop-server.mjs). Like the demo
 * project, it runs when its build exists (`npm run test:e2e` makes it; `npm run test:team` runs it
 * alone); E2E_TEAM=1 requires it, E2E_TEAM=0 leaves it out.
 */
const WITH_TEAM = process.env.E2E_TEAM === '1' || (process.env.E2E_TEAM !== '0' && existsSync(`${TEAM_DIST}/index.html`));
const TEAM_ONLY = WITH_TEAM && !!process.env.E2E_TEAM_ONLY;
const TEAM_JOURNEYS = /team[\w-]*\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Each test signs in as the shared demo session or on accounts of its own (support/emulator.ts
  // resetAccounts), so tests run side by side, those of one file too: two workers by default
  // (E2E_WORKERS=1 runs one test at a time). Each test is scheduled on its own, so both workers
  // stay busy until the last tests; the longest journey is queued first (project "long").
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  // Limits, not speed checks: with two workers on a shared 2-core machine at a load average of
  // 20–25, a journey ran about twice as long as alone (the 60 s default was exceeded), a fresh
  // device's first start (the worker installing, Firebase restoring the session) and a first
  // search over a new index took over 10 s. A passing run is no slower for them.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    serviceWorkers: "allow",
    // A failed test keeps its trace: every action with the DOM before and after, the network and
    // the console. Not the screencast (a film strip of the page): encoding it took about half of
    // a journey's time on this 2-core machine (a spec ran in 72 s with it, 35 s without).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    // Signs the demo account in once and saves the session (tests/e2e/.auth, gitignored);
    // tests that are not about signing in start from it (tests/e2e/support/signed-in.ts).
    {
      name: "setup",
      testMatch: /auth\.setup\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromiumLaunchOptions(),
      },
    },
    // The longest journeys, queued first: Playwright starts tests in the order of the projects,
    // then of the files (alphabetical), so a long journey started late would end the run alone.
    {
      name: "long",
      dependencies: ["setup"],
      testMatch: LONG_JOURNEYS,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromiumLaunchOptions(),
      },
    },
    // Publishes a new sw.js on a preview server of its own (UPDATE_PORT): alongside the rest.
    {
      name: "update",
      dependencies: ["setup"],
      testMatch: /pwa-update\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        baseURL: `http://localhost:${UPDATE_PORT}`,
        launchOptions: chromiumLaunchOptions(),
      },
    },
    {
      name: "chromium",
      dependencies: ["setup"],
      testIgnore: [/(pwa-update|demo[\w-]*)\.spec\.ts$/, LONG_JOURNEYS, TEAM_JOURNEYS],
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromiumLaunchOptions(),
      },
    },
    // The demo build from a static host: no emulator, no rewrites, under a sub-path.
    ...(WITH_DEMO
      ? [
          {
            name: "demo",
            testMatch: /demo[\w-]*\.spec\.ts$/,
            use: {
              ...devices["Desktop Chrome"],
              baseURL: `http://localhost:${DEMO_PORT}${DEMO_BASE}`,
              launchOptions: chromiumLaunchOptions(),
            },
          },
        ]
      : []),
    // Two devices of a shared shop, against a real shop server and PostgreSQL: own accounts, no saved session.
    ...(WITH_TEAM
      ? [
          {
            name: "team",
            testMatch: TEAM_JOURNEYS,
            use: {
              ...devices["Desktop Chrome"],
              baseURL: `http://localhost:${TEAM_APP_PORT}`,
              launchOptions: chromiumLaunchOptions(),
            },
          },
        ]
      : []),
  ],
  // The built app, as users get it (npm run test:e2e builds first). E2E_DEMO_ONLY=1 (running
  // only the demo project) leaves out the preview server of the normal build.
  webServer: [
    ...(DEMO_ONLY || TEAM_ONLY
      ? []
      : [
          {
            command: `npx vite preview --port ${PORT} --strictPort --outDir ${DIST}`,
            url: `http://localhost:${PORT}`,
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          },
          {
            command: `node -e "const fs = require('node:fs'); fs.rmSync('${UPDATE_DIST}', { recursive: true, force: true }); fs.cpSync('${DIST}', '${UPDATE_DIST}', { recursive: true })" && npx vite preview --port ${UPDATE_PORT} --strictPort --outDir ${UPDATE_DIST}`,
            url: `http://localhost:${UPDATE_PORT}`,
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          },
        ]),
    ...(WITH_DEMO && !TEAM_ONLY
      ? [
          {
            command: `node scripts/serve-static.mjs ${DEMO_DIST} --base ${DEMO_BASE} --port ${DEMO_PORT}`,
            url: `http://localhost:${DEMO_PORT}${DEMO_BASE}`,
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          },
        ]
      : []),
    ...(WITH_TEAM && !DEMO_ONLY
      ? [
          {
            command: `npx vite preview --port ${TEAM_APP_PORT} --strictPort --outDir ${TEAM_DIST}`,
            url: `http://localhost:${TEAM_APP_PORT}`,
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          },
          {
            // PostgreSQL (started, or reused when already running), a fresh database, the shop server.
            command: "node scripts/e2e-shop-server.mjs",
            url: `http://localhost:${TEAM_SERVER_PORT}/healthz`,
            reuseExistingServer: false,
            // A first run on a fresh machine may install PostgreSQL with apt.
            timeout: 300_000,
            // SIGTERM: the server stops, then the PostgreSQL it started (SIGKILL would leave it running).
            gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
          },
        ]
      : []),
  ],
});
