// Shared by the e2e suite, the benchmark, Lighthouse and the icon script: which Chromium
// to drive, with which flags, and a `vite preview` to point it at.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { answers } from './child-processes.mjs';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium present on this machine, in order of preference: CHROMIUM_PATH, Playwright's
 * own browser, Debian's. Null when there is none (scripts/ensure-browser.mjs installs one).
 * @returns {{ path: string, source: 'CHROMIUM_PATH' | 'playwright' | 'system' } | null}
 */
export function installedChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return { path: fromEnv, source: 'CHROMIUM_PATH' };
  let bundled = '';
  try {
    bundled = chromium.executablePath();
  } catch {
    // Playwright has no browser of its own here.
  }
  if (bundled && existsSync(bundled)) return { path: bundled, source: 'playwright' };
  if (existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, source: 'system' };
  return null;
}

/**
 * The executable to hand to Playwright; undefined lets Playwright use its own browser.
 * @returns {string | undefined}
 */
export function chromiumPath() {
  const found = installedChromium();
  return found && found.source !== 'playwright' ? found.path : undefined;
}

/** Launch options for Playwright's chromium. */
export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] };
}

/**
 * Serves dist/ with `vite preview` on `port` unless something already answers there.
 * @returns {Promise<() => void>} stops the server it started (nothing if it reused one)
 */
export async function ensurePreview(port) {
  const url = `http://localhost:${port}/`;
  if (await answers(url)) return () => {};
  const child = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 150 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 200));
  if (!(await answers(url))) throw new Error(`vite preview did not start on port ${port} (run \`npm run build\` first)`);
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
}
