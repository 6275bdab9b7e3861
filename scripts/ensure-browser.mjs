// Makes sure Playwright has a Chromium to drive. Playwright's own download is used where it
// works; on machines that cannot download it (no access to its CDN), Debian's chromium is
// installed with apt-get. Prints what it chose.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { SYSTEM_CHROMIUM, installedChromium } from './lib/browser.mjs';

function run(cmd) {
  console.log(`$ ${cmd}`);
  execSync(cmd, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const found = installedChromium();
if (found) {
  console.log(`Browser: ${found.path} (${found.source})`);
} else if (process.platform === 'linux' && existsSync('/usr/bin/apt-get')) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}apt-get install -y -qq chromium`);
  console.log(`Browser: ${SYSTEM_CHROMIUM} (installed from Debian)`);
} else {
  run('npx playwright install chromium');
}
