import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/browser';

const PORT = Number(process.env.E2E_PORT || 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    // Signs the demo account in once and saves the session (tests/e2e/.auth, gitignored);
    // tests that are not about signing in start from it (tests/e2e/support/signed-in.ts).
    { name: 'setup', testMatch: /auth\.setup\.ts$/, use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } },
    { name: 'chromium', dependencies: ['setup'], use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } },
  ],
  // The built app, as users get it (npm run test:e2e builds first).
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --outDir ${process.env.E2E_DIST || 'dist'}`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
