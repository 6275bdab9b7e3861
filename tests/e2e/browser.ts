import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Chromium launch options: Playwright's own browser when present, else the system one (see scripts/ensure-browser.mjs). */
export function chromiumLaunchOptions() {
  const bundled = (() => {
    try {
      return chromium.executablePath();
    } catch {
      return '';
    }
  })();
  const executablePath =
    process.env.CHROMIUM_PATH ?? (bundled && existsSync(bundled) ? undefined : existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  return {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
