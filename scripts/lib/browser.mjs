// Shared by the e2e suite, the benchmark, Lighthouse and the icon script: which Chromium
// to drive, with which flags, and a `vite preview` to point it at.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

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
 * The Chromium to launch: CHROMIUM_PATH, else Playwright's own browser when installed,
 * else Debian's (scripts/ensure-browser.mjs installs it); undefined lets Playwright choose.
 * @returns {string | undefined}
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  let bundled = '';
  try {
    bundled = chromium.executablePath();
  } catch {
    // Playwright has no browser of its own here.
  }
  if (bundled && existsSync(bundled)) return undefined;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Launch options for Playwright's chromium. */
export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] };
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
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
