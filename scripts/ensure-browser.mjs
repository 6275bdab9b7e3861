// Makes sure Playwright has a Chromium to drive. Playwright's own download is used where it
// works; on machines that cannot download it (no access to its CDN), Debian's chromium is
// installed with apt-get. Prints what it chose.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

function run(cmd) {
  console.log(`$ ${cmd}`);
  execSync(cmd, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const bundled = (() => {
  try {
    return chromium.executablePath();
  } catch {
    return '';
  }
})();

if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) {
  console.log(`Browser: ${process.env.CHROMIUM_PATH} (CHROMIUM_PATH)`);
} else if (bundled && existsSync(bundled)) {
  console.log(`Browser: Playwright's Chromium at ${bundled}`);
} else if (existsSync(SYSTEM_CHROMIUM)) {
  console.log(`Browser: ${SYSTEM_CHROMIUM}`);
} else if (process.platform === 'linux' && existsSync('/usr/bin/apt-get')) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}apt-get install -y -qq chromium`);
  console.log(`Browser: ${SYSTEM_CHROMIUM} (installed from Debian)`);
} else {
  run('npx playwright install chromium');
}
