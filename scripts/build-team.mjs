// The team build of the e2e suite (project "team"): the app built with VITE_SHOP_SERVER_URL
// pointing at the shop server the run starts (scripts/e2e-shop-server.mjs), into dist-team.
import { execFileSync } from 'node:child_process';
import { TEAM_DIST, TEAM_SERVER_URL } from './lib/e2e-team.mjs';

execFileSync('npx', ['vite', 'build', '--outDir', TEAM_DIST, '--emptyOutDir'], {
  stdio: 'inherit',
  env: { ...process.env, VITE_SHOP_SERVER_URL: TEAM_SERVER_URL },
});
